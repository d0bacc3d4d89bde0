import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { record, useConsoleErrors } from './support/element.js';

type ErrorDetail = { code: string; message: string };

/**
 * An element written in the HTML, with `default-network` before `networks`, is upgraded with
 * all its attributes at once; the cross-attribute rule (default-network is one of networks) must be checked
 * once the element has them all, not as each arrives. Each test ends with a sentinel: an invalid `theme` set
 * afterwards, whose wallet-error comes after any the markup would have caused.
 */
describe('<wallet-connect-modal> created by the HTML parser', () => {
  const logged = useConsoleErrors();

  /** Sets an invalid theme and resolves once its wallet-error has been heard: every earlier error came before it. */
  async function sentinel(el: HTMLElement, errors: { details: ErrorDetail[] }) {
    const before = errors.details.length;
    el.setAttribute('theme', 'sentinel');
    const start = performance.now();
    while (errors.details.length === before) {
      if (performance.now() - start > 3000) throw new Error('the sentinel wallet-error never came');
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    // Drop the sentinel's own report (refusals of one task are reported together, in the order they were found).
    const own = logged.findIndex((line) => line.includes('<wallet-connect-modal theme>'));
    expect(own).to.not.equal(-1);
    logged.splice(own, 1);
    const event = errors.details.findIndex((d) => d.code === 'INVALID_CONFIG');
    errors.details.splice(event, 1);
  }

  const MARKUP = '<wallet-connect-modal default-network="eip155:137" networks="eip155:1,eip155:137"></wallet-connect-modal>';

  it('markup inserted as HTML (upgraded on insertion): no wallet-error, no console error, default-network kept', async () => {
    const errors = record<ErrorDetail>('wallet-error');
    try {
      document.body.insertAdjacentHTML('beforeend', MARKUP);
      const el = document.body.lastElementChild as WalletConnectModalElement;
      expect(el.defaultNetwork).to.equal('eip155:137');
      await sentinel(el, errors);
      expect(errors.details).to.deep.equal([]);
      expect(logged).to.deep.equal([]);
      expect(el.networks).to.deep.equal(['eip155:1', 'eip155:137']);
      expect(el.defaultNetwork).to.equal('eip155:137');
    } finally {
      errors.stop();
    }
  });

  it('markup parsed by DOMParser, imported and upgraded: no wallet-error, no console error', async () => {
    const errors = record<ErrorDetail>('wallet-error');
    try {
      const parsed = new DOMParser().parseFromString(`<!doctype html><body>${MARKUP}`, 'text/html');
      const el = document.importNode(parsed.body.firstElementChild!, true) as WalletConnectModalElement;
      document.body.append(el);
      customElements.upgrade(el);
      expect(el.defaultNetwork).to.equal('eip155:137');
      await sentinel(el, errors);
      expect(errors.details).to.deep.equal([]);
      expect(logged).to.deep.equal([]);
    } finally {
      errors.stop();
    }
  });

  it('a page whose markup comes before the script that defines the element (parsed, then upgraded)', async () => {
    // A document of its own, as a site writes it: the element in the HTML, the widget's module script after it.
    const frame = document.createElement('iframe');
    frame.setAttribute('data-test-widget', '');
    const entry = new URL('../../src/index.ts', import.meta.url).href;
    frame.srcdoc = `<!doctype html><script>globalThis.process = { env: { NODE_ENV: 'development' } };
      window.__errors = []; window.__logged = [];
      document.addEventListener('wallet-error', (e) => window.__errors.push(e.detail));
      const realError = console.error; console.error = (...a) => { window.__logged.push(a.join(' ')); };</script>
      ${MARKUP}
      <script type="module" src="${entry}"></script>`;
    document.body.append(frame);
    const win = frame.contentWindow as Window & typeof globalThis & { __errors: ErrorDetail[]; __logged: string[] };
    const start = performance.now();
    while (!win.customElements?.get('wallet-connect-modal')) {
      if (performance.now() - start > 8000) throw new Error('the frame never defined the element');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const el = win.document.querySelector('wallet-connect-modal') as WalletConnectModalElement;
    expect(el.defaultNetwork).to.equal('eip155:137');
    el.setAttribute('theme', 'sentinel');
    const waited = performance.now();
    while (!win.__errors.some((d) => d.code === 'INVALID_CONFIG' && win.__logged.some((l) => l.includes('<wallet-connect-modal theme>')))) {
      if (performance.now() - waited > 3000) throw new Error('the sentinel wallet-error never came');
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    expect(win.__logged.filter((l) => !l.includes('<wallet-connect-modal theme>'))).to.deep.equal([]);
    expect(win.__errors).to.have.length(1);
    frame.remove();
  });

  it('a default-network really missing from networks is still reported once, after the upgrade', async () => {
    const errors = record<ErrorDetail>('wallet-error');
    try {
      document.body.insertAdjacentHTML('beforeend', '<wallet-connect-modal default-network="eip155:10" networks="eip155:1,eip155:137"></wallet-connect-modal>');
      const el = document.body.lastElementChild as WalletConnectModalElement;
      await sentinel(el, errors);
      expect(errors.details).to.deep.equal([{ code: 'INVALID_CONFIG', message: 'Invalid configuration' }]);
      expect(logged).to.deep.equal(['[wallet-connect-modal] <wallet-connect-modal default-network>: "eip155:10" is not in networks. Expected a CAIP-2 id listed in "networks".']);
      expect(el.defaultNetwork).to.equal(undefined);
    } finally {
      errors.stop();
    }
  });
});
