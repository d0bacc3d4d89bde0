import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { type FakeFetch, installFakeFetch } from '../unit/support/fake-fetch.js';
import { SIWX_URL, fakeSiwxBackend } from '../unit/support/fake-siwx-backend.js';
import { ALICE, announceWallet, createFakeProvider, walletInfo } from '../unit/support/fake-wallet.js';
import { cleanup, dialogOf, mount, openAndRender, part, waitFor, walletButtons } from './support/element.js';

/**
 * SIWXSignMessage after a connection shows at once, never the loading fallback (React holds content
 * back ~300 ms after a fallback has shown): its code is loaded while the backend is asked for the session.
 * Its own file: the view's code must not have been loaded by another test of the page.
 */
describe('<wallet-connect-modal siwx-url>: SIWXSignMessage without a loading state', () => {
  let net: FakeFetch;
  let stopAnnouncing: () => void;
  let modal: WalletConnectModalElement;

  beforeEach(() => {
    net = installFakeFetch();
    fakeSiwxBackend(net);
    const provider = createFakeProvider({ accounts: [ALICE], chainId: '0x7a69' });
    stopAnnouncing = announceWallet(walletInfo('com.example.siwx-no-loading', 'Siwx Wallet'), provider);
  });
  afterEach(async () => {
    await modal.disconnect();
    await cleanup();
    stopAnnouncing();
    net.restore();
  });

  it('connect → SIWXSignMessage with no loading fallback shown in between', async () => {
    modal = mount({ networks: 'eip155:31337', theme: 'light', 'siwx-url': SIWX_URL });
    await openAndRender(modal);
    let fallback = false;
    const observer = new MutationObserver(() => { if (modal.shadowRoot!.querySelector('.loading')) fallback = true; });
    observer.observe(modal.shadowRoot!, { childList: true, subtree: true });
    (await waitFor(() => walletButtons(modal).find((b) => b.dataset.walletId === 'injected:com.example.siwx-no-loading'), 'the wallet')).click();
    await waitFor(() => dialogOf(modal).open && part(modal, 'body')?.querySelector('[data-view="SIWXSignMessage"]'), 'SIWXSignMessage');
    observer.disconnect();
    expect(fallback, 'the loading fallback showed').to.equal(false);
  });
});
