/**
 * Registers `<wallet-connect-button>` with a tiny class: its implementation (a chunk of its own) loads when an
 * instance is connected to the page, so pages without the button pay nothing for it and request nothing.
 */
const load = () => import('./wallet-connect-button.js');

export function defineWalletConnectButton(tagName = 'wallet-connect-button'): void {
  if (customElements.get(tagName)) return;
  customElements.define(
    tagName,
    class extends HTMLElement {
      connectedCallback() {
        void load().then((m) => m.sync(this));
      }
      disconnectedCallback() {
        void load().then((m) => m.sync(this));
      }
    },
  );
}
