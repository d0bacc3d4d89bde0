import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import { bodyText, cleanup, mount, openAndRender, part } from './support/element.js';

// Its own file: discovered wallets are kept for the page's life, so "no wallet" needs a page without any.
describe('<wallet-connect-modal> Connect view without any wallet', () => {
  afterEach(cleanup);

  it('says so in exactly these words', async () => {
    const el = mount();
    await openAndRender(el);
    expect(bodyText(el)).to.equal('No wallet found in this browser. Install a browser-extension wallet, then reload the page.');
    expect(part(el, 'wallet-list')).to.equal(null);
    expect(part(el, 'back-button')).to.equal(null);
  });
});
