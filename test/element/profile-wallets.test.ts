import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { ALICE, BOB, SVG_ICON, announceWallet, createFakeProvider, walletInfo } from '../unit/support/fake-wallet.js';
import { connect } from '../../src/stores/actions/index.js';
import { expectAccessible } from './support/axe.js';
import { cleanup, dialogOf, mount, openAndRender, record, titleText, waitFor, walletButtons } from './support/element.js';

/** ProfileWallets' rows as shown: wallet, type, address, whether active, balance. */
const rows = (el: HTMLElement) =>
  [...el.shadowRoot!.querySelectorAll<HTMLElement>('[data-view="ProfileWallets"] .wallet-row')].map((row) => ({
    wallet: row.querySelector('.row-title')?.textContent,
    type: row.querySelector('[data-wallet-type]')?.textContent,
    address: row.querySelector('[data-address]')?.getAttribute('data-address'),
    active: row.querySelector('[data-active-tag]')?.textContent ?? null,
  }));
const button = (el: HTMLElement, selector: string) => el.shadowRoot!.querySelector<HTMLButtonElement>(selector);

/**
 * ProfileWallets with two EIP-6963 wallets in one namespace: "Add wallet" connects another while the
 * first stays connected (parked), the active one is marked, making the other active is an account change (not a
 * disconnect), and disconnecting one says which wallet ended while the namespace stays connected.
 */
describe('<wallet-connect-modal> ProfileWallets: several wallets in a namespace', () => {
  // A local chain: no public RPC is known for it, so each wallet answers its own balance read.
  const alpha = createFakeProvider({ accounts: [ALICE], chainId: '0x7a69' });
  const beta = createFakeProvider({ accounts: [BOB], chainId: '0x7a69' });
  const stops: Array<() => void> = [];
  let el: WalletConnectModalElement;

  before(() => {
    stops.push(announceWallet(walletInfo('com.example.alpha', 'Alpha Wallet', SVG_ICON), alpha));
    stops.push(announceWallet(walletInfo('com.example.beta', 'Beta Wallet', SVG_ICON), beta));
  });
  after(() => stops.forEach((stop) => stop()));
  beforeEach(() => {
    el = mount({ networks: 'eip155:31337' });
  });
  afterEach(async () => {
    await el.disconnect();
    await cleanup();
  });

  async function connectBoth() {
    await openAndRender(el);
    await waitFor(() => walletButtons(el).length === 2, 'two wallets');
    walletButtons(el).find((b) => b.textContent!.includes('Alpha Wallet'))!.click();
    await waitFor(() => !dialogOf(el).open, 'closed once connected');
    await openAndRender(el, { view: 'ProfileWallets' });
    await waitFor(() => rows(el).length === 1, 'one wallet row');
    button(el, '[data-action="add-wallet"][data-namespace="eip155"]')!.click();
    await waitFor(() => walletButtons(el).length === 2, 'Connect filtered to EVM');
    walletButtons(el).find((b) => b.textContent!.includes('Beta Wallet'))!.click();
    await waitFor(() => rows(el).length === 2, 'back on ProfileWallets with two rows');
  }

  it('adds a second wallet: wallet-connect for it, no disconnect; both listed, the new one active', async () => {
    const connects = record('wallet-connect');
    const disconnects = record('wallet-disconnect');
    try {
      await connectBoth();
      expect(titleText(el)).to.equal('Wallets');
      expect(rows(el)).to.deep.equal([
        { wallet: 'Beta Wallet', type: 'Extension', address: BOB, active: 'Active' },
        { wallet: 'Alpha Wallet', type: 'Extension', address: ALICE, active: null },
      ]);
      expect(connects.details.map((d) => (d as { address: string }).address)).to.deep.equal([ALICE, BOB]);
      expect(disconnects.details).to.deep.equal([]);
      expect(el.state).to.include({ address: BOB, status: 'connected' });
      await waitFor(() => el.shadowRoot!.querySelectorAll('[data-view="ProfileWallets"] [data-balance]').length === 2, 'both balances');
      expect([...el.shadowRoot!.querySelectorAll('[data-view="ProfileWallets"] [data-balance]')].map((b) => b.textContent)).to.deep.equal(['1 ETH', '1 ETH']);
      await expectAccessible(el, 'ProfileWallets with two wallets');
    } finally {
      connects.stop();
      disconnects.stop();
    }
  });

  it('makes the other active (wallet-account-change), then disconnects one (wallet-disconnect with its connector)', async () => {
    const changes = record('wallet-account-change');
    const disconnects = record('wallet-disconnect');
    const connects = record('wallet-connect');
    try {
      await connectBoth();
      button(el, '[data-wallet-id="injected:com.example.alpha"] [data-action="make-active"]')!.click();
      await waitFor(() => el.state.address === ALICE, 'Alpha active');
      expect(changes.details).to.deep.equal([{ address: ALICE, caipAddress: `eip155:31337:${ALICE}`, namespace: 'eip155' }]);
      expect(rows(el).map((r) => [r.wallet, r.active])).to.deep.equal([['Alpha Wallet', 'Active'], ['Beta Wallet', null]]);
      const [provider] = [el.getProvider('eip155')!];
      expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([ALICE]);

      // A parked wallet changing account is followed quietly; the active one's change is an event.
      beta.emit('accountsChanged', [ALICE]);
      beta.emit('accountsChanged', [BOB]);
      expect(changes.details).to.have.length(1);

      button(el, '[data-wallet-id="injected:com.example.beta"] [data-action="disconnect-wallet"]')!.click();
      await waitFor(() => rows(el).length === 1, 'one row left');
      expect(disconnects.details).to.deep.equal([{ namespace: 'eip155', connector: { id: 'injected:com.example.beta', name: 'Beta Wallet', type: 'injected' } }]);
      expect(el.state).to.include({ address: ALICE, status: 'connected', open: true });
      expect(connects.details).to.have.length(2);

      // The last one: the namespace is disconnected, the classic detail.
      await el.disconnect();
      expect(disconnects.details.at(-1)).to.deep.equal({ namespace: 'eip155' });
      expect(el.state.status).to.equal('disconnected');
    } finally {
      changes.stop();
      disconnects.stop();
      connects.stop();
    }
  });

  it('the active wallet disconnecting from its side hands the namespace to the parked one', async () => {
    const changes = record('wallet-account-change');
    const disconnects = record('wallet-disconnect');
    try {
      await connectBoth();
      beta.emit('accountsChanged', []);
      await waitFor(() => el.state.address === ALICE, 'Alpha took over');
      expect(disconnects.details).to.deep.equal([{ namespace: 'eip155', connector: { id: 'injected:com.example.beta', name: 'Beta Wallet', type: 'injected' } }]);
      expect(changes.details).to.deep.equal([{ address: ALICE, caipAddress: `eip155:31337:${ALICE}`, namespace: 'eip155' }]);
    } finally {
      changes.stop();
      disconnects.stop();
      beta.handle('eth_accounts', () => [BOB]);
    }
  });

  it('without "Add wallet", connecting a second wallet in a connected namespace is still refused', async () => {
    await openAndRender(el);
    await waitFor(() => walletButtons(el).length === 2, 'two wallets');
    walletButtons(el).find((b) => b.textContent!.includes('Alpha Wallet'))!.click();
    await waitFor(() => !dialogOf(el).open, 'closed once connected');
    let refused = '';
    await connect('injected:com.example.beta').catch((error: { shortMessage?: string }) => (refused = error.shortMessage ?? ''));
    expect(refused).to.equal('A wallet is already connected');
  });
});
