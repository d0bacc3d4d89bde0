import { expect } from '@esm-bundle/chai';
import { type InjectedWallet, legacyInjectedWallet, watchInjectedWallets } from '../../../src/connectors/evm/eip6963.js';
import { SVG_ICON, createFakeProvider } from '../support/fake-wallet.js';

const announce = (detail: unknown) => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
const info = (overrides: Record<string, unknown> = {}) => ({ uuid: '350670db-19fa-4704-a166-e52e178b59d2', name: 'Example Wallet', icon: SVG_ICON, rdns: 'com.example.wallet', ...overrides });

describe('connectors/evm/eip6963 watchInjectedWallets', () => {
  let stop: (() => void) | undefined;
  let found: InjectedWallet[];
  const watch = () => {
    found = [];
    stop = watchInjectedWallets((wallet) => found.push(wallet));
  };
  afterEach(() => {
    stop?.();
    stop = undefined;
  });

  it('asks wallets to announce themselves when it starts', () => {
    let requests = 0;
    const onRequest = () => requests++;
    window.addEventListener('eip6963:requestProvider', onRequest);
    try {
      watch();
      expect(requests).to.equal(1);
    } finally {
      window.removeEventListener('eip6963:requestProvider', onRequest);
    }
  });

  it('reports a valid announcement with its info and provider', () => {
    watch();
    const provider = createFakeProvider();
    announce(Object.freeze({ info: Object.freeze(info()), provider }));
    expect(found).to.have.length(1);
    expect(found[0]!.info).to.deep.equal(info());
    expect(found[0]!.provider).to.equal(provider);
  });

  it('ignores malformed announcements', () => {
    watch();
    const provider = createFakeProvider();
    announce(undefined);
    announce(null);
    announce('wallet');
    announce({ info: info() }); // no provider
    announce({ info: info(), provider: {} }); // provider without request()
    announce({ info: info({ rdns: '' }), provider });
    announce({ info: info({ name: '' }), provider });
    announce({ info: info({ uuid: undefined }), provider });
    announce({ info: info({ name: 'x'.repeat(101) }), provider });
    announce({ provider });
    window.dispatchEvent(new Event('eip6963:announceProvider'));
    expect(found).to.deep.equal([]);
  });

  it('drops an icon that is not a data: image URI, keeping the wallet', () => {
    watch();
    const provider = createFakeProvider();
    announce({ info: info({ icon: 'https://tracker.example/icon.png' }), provider });
    announce({ info: info({ icon: 'data:text/html;base64,PHNjcmlwdD4=' }), provider });
    announce({ info: info({ icon: 'javascript:alert(1)' }), provider });
    announce({ info: info({ icon: 'data:image/png;base64,iVBORw0KGgo=' }), provider });
    expect(found.map((w) => w.info.icon)).to.deep.equal([undefined, undefined, undefined, 'data:image/png;base64,iVBORw0KGgo=']);
    expect(found.map((w) => w.info.name)).to.deep.equal(['Example Wallet', 'Example Wallet', 'Example Wallet', 'Example Wallet']);
  });

  it('stops listening when stopped', () => {
    watch();
    stop!();
    stop = undefined;
    announce({ info: info(), provider: createFakeProvider() });
    expect(found).to.deep.equal([]);
  });
});

describe('connectors/evm/eip6963 legacyInjectedWallet', () => {
  it('offers window.ethereum as "Browser Wallet"', () => {
    const provider = createFakeProvider();
    const wallet = legacyInjectedWallet({ ethereum: provider } as unknown as Window);
    expect(wallet).to.deep.equal({ info: { uuid: 'legacy', name: 'Browser Wallet', icon: undefined, rdns: 'legacy.injected' }, provider });
  });

  it('offers nothing without a usable window.ethereum', () => {
    expect(legacyInjectedWallet({} as unknown as Window)).to.equal(undefined);
    expect(legacyInjectedWallet({ ethereum: {} } as unknown as Window)).to.equal(undefined);
    expect(legacyInjectedWallet({ ethereum: 'injected' } as unknown as Window)).to.equal(undefined);
  });
});
