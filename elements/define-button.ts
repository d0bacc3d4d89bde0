/**
 * Registers `<wallet-connect-button>` with a tiny class: its implementation (a chunk of its own) loads when an
 * instance is connected to the page, so pages without the button pay nothing for it and request nothing.
 */
const load = () => import('./wallet-connect-button.js');

/**
 * `<wallet-connect-button>`: the connected account (avatar, name or short address, balance) or "Connect Wallet";
 * pressing it opens the modal.
 *
 * @customElement wallet-connect-button
 *
 * @attr {string} for - the id of the `<wallet-connect-modal>` to open (default: the first one in the document)
 * @attr {'light' | 'dark' | 'system'} theme - light, dark or system (default: the modal's theme)
 *
 * @csspart button - the button
 * @csspart avatar - the account's avatar
 * @csspart address - the short address
 * @csspart profile-name - the account's name, in place of the address
 * @csspart balance - the native balance
 *
 * @cssprop --wallet-modal-background - background (default #ffffff / #18191b)
 * @cssprop --wallet-modal-foreground - text (default #141414 / #f1f2f4)
 * @cssprop --wallet-modal-muted - secondary text (default #5f6368 / #a4a8ae)
 * @cssprop --wallet-modal-surface - rows and cards (default #f2f3f5 / #25272a)
 * @cssprop --wallet-modal-border - borders (default #e1e3e6 / #34373b)
 * @cssprop --wallet-modal-accent - primary actions and focus (default #2957d8 / #7fa2ff)
 * @cssprop --wallet-modal-accent-foreground - text on the accent (default #ffffff / #0b1020)
 * @cssprop --wallet-modal-danger - errors (default #c5221f / #ff8a80)
 * @cssprop --wallet-modal-radius - corner radius (default 16px)
 * @cssprop --wallet-modal-width - the modal's width (default 360px)
 * @cssprop --wallet-modal-backdrop - the backdrop (default rgb(0 0 0 / 0.45))
 * @cssprop --wallet-modal-font-family - font (default system-ui, …)
 * @cssprop --wallet-modal-font-size - base font size (default 15px)
 */
export class WalletConnectButtonElement extends HTMLElement {
  connectedCallback(): void {
    void load().then((m) => m.sync(this));
  }
  disconnectedCallback(): void {
    void load().then((m) => m.sync(this));
  }
}

export function defineWalletConnectButton(tagName = 'wallet-connect-button'): void {
  if (customElements.get(tagName)) return;
  customElements.define(tagName, tagName === 'wallet-connect-button' ? WalletConnectButtonElement : class extends WalletConnectButtonElement {});
}
