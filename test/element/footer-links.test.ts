import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { expectAccessible, loadAxe } from './support/axe.js';
import { cleanup, dialogOf, mount, openAndRender, part, waitFor, walletButtons } from './support/element.js';

const links = (el: WalletConnectModalElement) =>
  [...(part(el, 'legal')?.querySelectorAll('a') ?? [])].map((a) => ({ text: a.textContent, href: a.href, target: a.target, rel: a.rel }));

describe('<wallet-connect-modal> terms-url and privacy-url', () => {
  before(() => loadAxe());
  afterEach(cleanup);

  it('show as links in a small footer of the Connect view; a path resolves against the page', async () => {
    const el = mount({ 'terms-url': '/legal/terms', 'privacy-url': 'https://example.org/privacy' });
    expect(el.termsUrl).to.equal(new URL('/legal/terms', document.baseURI).href);
    expect(el.privacyUrl).to.equal('https://example.org/privacy');
    await openAndRender(el);
    expect(links(el)).to.deep.equal([
      { text: 'Terms of Service', href: new URL('/legal/terms', document.baseURI).href, target: '_blank', rel: 'noopener noreferrer' },
      { text: 'Privacy Policy', href: 'https://example.org/privacy', target: '_blank', rel: 'noopener noreferrer' },
    ]);
    expect(getComputedStyle(part(el, 'legal')!).fontSize).to.equal('12px');
    await expectAccessible(el, 'Connect with terms and privacy links');
  });

  it('only the one given shows; none, no link (the footer keeps What is a wallet?)', async () => {
    const el = mount({ 'privacy-url': 'https://example.org/privacy' });
    await openAndRender(el);
    expect(links(el).map((l) => l.text)).to.deep.equal(['Privacy Policy']);
    el.removeAttribute('privacy-url');
    el.close();
    // Reopen only once the close has rendered: open() right after close() finds the old view still shown.
    await waitFor(() => !dialogOf(el).open, 'the dialog to close');
    await openAndRender(el);
    expect(walletButtons(el)).to.have.length(0);
    expect(links(el)).to.deep.equal([]);
    expect(part(el, 'legal')!.textContent).to.equal('What is a wallet?');
  });

  it('a javascript: URL is refused (INVALID_CONFIG), no link', async () => {
    const errors: unknown[] = [];
    const realError = console.error;
    console.error = (...args: unknown[]) => errors.push(args.join(' '));
    try {
      const el = mount({ 'terms-url': 'javascript:alert(1)' });
      await openAndRender(el);
      expect(links(el)).to.deep.equal([]);
      expect(String(errors[0])).to.contain('terms-url');
    } finally {
      console.error = realError;
    }
  });
});
