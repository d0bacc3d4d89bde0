import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { type FakeFetch, installFakeFetch } from '../unit/support/fake-fetch.js';
import { SIWX_URL, fakeSiwxBackend } from '../unit/support/fake-siwx-backend.js';
import { ALICE, announceWallet, createFakeProvider, walletInfo } from '../unit/support/fake-wallet.js';
import { cleanup, dialogOf, mount, openAndRender, part, waitFor, walletButtons } from './support/element.js';

/** SIWXSignMessage's Cancel and Sign: a row of two full-size buttons across the view, apart. */
describe('<wallet-connect-modal siwx-url>: the SIWXSignMessage buttons', () => {
  let net: FakeFetch;
  let stopAnnouncing: () => void;
  let modal: WalletConnectModalElement;

  beforeEach(() => {
    net = installFakeFetch();
    fakeSiwxBackend(net);
    const provider = createFakeProvider({ accounts: [ALICE], chainId: '0x7a69' });
    provider.handle('personal_sign', () => '0x5167');
    stopAnnouncing = announceWallet(walletInfo('com.example.siwx-layout', 'Siwx Wallet'), provider);
  });
  afterEach(async () => {
    await modal.disconnect();
    await cleanup();
    stopAnnouncing();
    net.restore();
  });

  it('Cancel and Sign share one row across the view, of one width, at least 44 px high, 8 px or more apart', async () => {
    modal = mount({ networks: 'eip155:31337', theme: 'light', 'siwx-url': SIWX_URL });
    await openAndRender(modal);
    (await waitFor(() => walletButtons(modal).find((b) => b.dataset.walletId === 'injected:com.example.siwx-layout'), 'the wallet')).click();
    const view = await waitFor(() => (dialogOf(modal).open ? part(modal, 'body')?.querySelector<HTMLElement>('[data-view="SIWXSignMessage"]') : undefined), 'SIWXSignMessage', 20000);
    const box = view.getBoundingClientRect();
    const [cancel, sign] = ['cancel', 'sign'].map((action) => view.querySelector(`[data-action="${action}"]`)!.getBoundingClientRect());
    expect(Math.round(cancel!.top), 'side by side').to.equal(Math.round(sign!.top));
    expect(Math.round(cancel!.left), 'Cancel starts at the left edge').to.equal(Math.round(box.left));
    expect(Math.round(sign!.right), 'Sign ends at the right edge').to.equal(Math.round(box.right));
    expect(Math.round(cancel!.width), 'one width').to.equal(Math.round(sign!.width));
    expect(cancel!.height).to.be.at.least(44);
    expect(sign!.left - cancel!.right, 'apart').to.be.at.least(8);
  });
});
