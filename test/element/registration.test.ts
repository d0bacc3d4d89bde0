import { expect } from '@esm-bundle/chai';
import { WalletConnectModalElement, defineWalletConnectModal } from '../../src/index.js';
import { cleanup, mount, openAndRender } from './support/element.js';

describe('<wallet-connect-modal> registration', () => {
  afterEach(cleanup);

  it('is defined by importing the package', () => {
    expect(customElements.get('wallet-connect-modal')).to.equal(WalletConnectModalElement);
  });

  it('defining again is a no-op, and importing the entry again does not throw', async () => {
    expect(() => defineWalletConnectModal()).not.to.throw();
    expect(() => defineWalletConnectModal('wallet-connect-modal')).not.to.throw();
    expect(customElements.get('wallet-connect-modal')).to.equal(WalletConnectModalElement);
    await import('../../src/index.js');
    // A second copy of the entry module (a page that loads the embed twice).
    const again = new URL('../../src/index.ts?copy=2', import.meta.url).href;
    await import(/* @vite-ignore */ again);
    expect(customElements.get('wallet-connect-modal')).to.equal(WalletConnectModalElement);
  });

  it('can be registered under another tag name too, once', () => {
    defineWalletConnectModal('wcm-second-name');
    const Other = customElements.get('wcm-second-name')!;
    expect(Other).to.not.equal(undefined);
    expect(() => defineWalletConnectModal('wcm-second-name')).not.to.throw();
    expect(customElements.get('wcm-second-name')).to.equal(Other);
    expect(document.createElement('wcm-second-name')).to.be.instanceOf(WalletConnectModalElement);
  });

  it('has an open shadow root styled by adopted stylesheets, with no <style> element anywhere', () => {
    const el = document.createElement('wallet-connect-modal');
    expect(el.shadowRoot).to.not.equal(null);
    expect(el.shadowRoot!.mode).to.equal('open');
    expect(el.shadowRoot!.adoptedStyleSheets.length).to.be.greaterThan(0);
    expect(el.shadowRoot!.adoptedStyleSheets.every((sheet) => sheet.cssRules.length > 0)).to.equal(true);
    expect(el.shadowRoot!.querySelectorAll('style, link[rel="stylesheet"]')).to.have.length(0);
  });

  it('adds nothing to document.head or document.body besides itself, even when opened', async () => {
    const headBefore = [...document.head.children];
    const bodyBefore = [...document.body.children];
    const sheetsBefore = document.styleSheets.length;
    const adoptedBefore = document.adoptedStyleSheets.length;
    const el = mount();
    await openAndRender(el);
    expect([...document.head.children]).to.deep.equal(headBefore);
    expect([...document.body.children]).to.deep.equal([...bodyBefore, el]);
    expect(document.styleSheets.length).to.equal(sheetsBefore);
    expect(document.adoptedStyleSheets.length).to.equal(adoptedBefore);
    expect(el.shadowRoot!.querySelectorAll('style')).to.have.length(0);
    expect(document.querySelectorAll('style')).to.have.length(document.head.querySelectorAll('style').length);
  });
});
