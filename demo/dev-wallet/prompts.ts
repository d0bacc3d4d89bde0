// The approval UI: <dev-wallet-prompt>, an open shadow root holding a modal <dialog> at the bottom left.
// A modal dialog because the widget's own modal <dialog> makes everything outside the top-most modal
// inert; the newest modal is the interactive one, so the prompt stays clickable above the widget.
// CSP-clean: DOM built with createElement/textContent, styles adopted as a constructable stylesheet.
import { promptStyleSheet } from './prompt-styles.js';
import type { EIP6963ProviderInfo, PendingRequest } from './types.js';

export const PROMPT_TAG = 'dev-wallet-prompt';

export interface PromptUI {
  /** Shows the pending requests; removes the element when there are none. */
  update(pending: PendingRequest[]): void;
  destroy(): void;
}

export interface PromptUIOptions {
  info: EIP6963ProviderInfo;
  /** The line under the wallet name for the oldest request, e.g. "0xf39F…2266 on chain 31337". */
  subtitle(oldest: PendingRequest | undefined): string;
  decide(id: number, approved: boolean): void;
}

/** The element carries no behaviour, so two copies of this bundle on one page can share the tag. */
function defineElement() {
  if (!customElements.get(PROMPT_TAG)) customElements.define(PROMPT_TAG, class DevWalletPrompt extends HTMLElement {});
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function row({ id, kind, summary }: PendingRequest): HTMLLIElement {
  const summaryId = `dev-wallet-summary-${id}`;
  const li = element('li', { 'data-id': String(id), 'data-kind': kind });
  const actions = element('div', { class: 'actions' });
  // Reject first: it gets the dialog's initial focus, so a stray Enter never approves.
  for (const [action, label] of [['reject', 'Reject'], ['approve', 'Approve']] as const) {
    actions.append(element('button', { type: 'button', 'data-action': action, 'aria-describedby': summaryId }, label));
  }
  li.append(element('p', { class: 'summary', id: summaryId }, summary), actions);
  return li;
}

export function createPromptUI({ info, subtitle, decide }: PromptUIOptions): PromptUI {
  let host: HTMLElement | undefined;
  let dialog!: HTMLDialogElement;
  let list!: HTMLOListElement;
  let account!: HTMLParagraphElement;
  let current: PendingRequest[] = [];
  const rows = new Map<number, HTMLLIElement>();

  function mount() {
    defineElement();
    host = document.createElement(PROMPT_TAG);
    host.setAttribute('data-rdns', info.rdns);
    const root = host.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [promptStyleSheet()];
    dialog = element('dialog', { part: 'dialog', 'aria-labelledby': 'dev-wallet-title' });
    const header = element('header');
    const titles = element('div');
    account = element('p', { class: 'account' });
    titles.append(element('h2', { id: 'dev-wallet-title' }, info.name), account);
    header.append(element('img', { src: info.icon, alt: '' }), titles);
    list = element('ol', { 'aria-label': 'Pending requests' });
    dialog.append(header, list);
    root.append(dialog);

    dialog.addEventListener('click', (event) => {
      const button = (event.target as Element).closest?.('button[data-action]');
      const id = Number(button?.closest('li')?.getAttribute('data-id'));
      if (button && Number.isInteger(id)) decide(id, button.getAttribute('data-action') === 'approve');
    });
    // Escape rejects the oldest request, like closing a wallet's popup.
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      if (current[0]) decide(current[0].id, false);
    });
    // Chrome may close a dialog despite preventDefault (repeated Escape): show it again while work is pending.
    dialog.addEventListener('close', () => {
      if (!dialog.open && current.length && host?.isConnected) dialog.showModal();
    });
    (document.body ?? document.documentElement).append(host);
  }

  function unmount() {
    if (!host) return;
    if (dialog.open) dialog.close();
    host.remove();
    host = undefined;
    rows.clear();
  }

  return {
    update(pending) {
      current = pending;
      if (!pending.length) return unmount();
      if (!host) mount();
      account.textContent = subtitle(pending[0]);
      const ids = new Set(pending.map((p) => p.id));
      for (const [id, li] of rows) {
        if (ids.has(id)) continue;
        li.remove();
        rows.delete(id);
      }
      let added = false;
      for (const request of pending) {
        if (rows.has(request.id)) continue;
        const li = row(request);
        rows.set(request.id, li);
        list.append(li);
        added = true;
      }
      // A new request re-opens the dialog so it is the top-most modal again (above a widget opened meanwhile).
      if (added && dialog.open) dialog.close();
      if (!dialog.open) dialog.showModal();
      if (!host!.shadowRoot!.activeElement) list.querySelector('button')?.focus();
    },
    destroy: unmount,
  };
}
