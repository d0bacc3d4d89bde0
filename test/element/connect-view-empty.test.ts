import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import { cleanup, mount, openAndRender, part, parts } from './support/element.js';

// Its own file: discovered wallets are kept for the page's life, so "no wallet" needs a page without any.
describe('<wallet-connect-modal> Connect view without any wallet', () => {
  afterEach(cleanup);

  it('says so in exactly these words, and offers WalletConnect and All wallets', async () => {
    const el = mount();
    await openAndRender(el);
    expect(part(el, 'body')!.querySelector('.hint')!.textContent).to.equal(
      'No browser wallet found. Connect with WalletConnect, or install a browser-extension wallet and reload the page.',
    );
    expect(parts(el, 'wallet-button').map((b) => [b.dataset.walletId, b.textContent])).to.deep.equal([
      ['walletconnect', 'WalletConnectQR code'],
      ['all-wallets', 'All wallets'],
    ]);
    expect(part(el, 'back-button')).to.equal(null);
  });
});
