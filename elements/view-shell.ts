import { direction } from '../src/core/locale.js';
import { t as message, type MessageId } from '../src/core/messages.js';
import { $config } from '../src/stores/config.js';
import { close } from '../src/stores/actions/close.js';
import { $dismissible } from '../src/stores/dismissible.js';
import { $modal } from '../src/stores/modal.js';
import { $route } from '../src/stores/route.js';
import { findWallet } from '../src/stores/wallets.js';

const html = (tag: string, attributes: Record<string, string>, ...children: (Node | string)[]) => {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
};

/**
 * The modal as the entry shows it on the first open, while the views' chunk loads (docs/README.md: the modal shows at
 * once): the React Dialog's frame (same parts and classes, styles/dialog.css), the view's title and the views'
 * loading state, in plain DOM. Escape, ✕ and the backdrop close the modal through the store, as the real dialog
 * does (not where the view may not be dismissed). Returns the function that takes it away: the views' chunk calls
 * it in the task that renders the real dialog, so there is never two.
 */
export function showShell(shadow: ShadowRoot): () => void {
  const route = $route.get();
  const lang = $config.get().lang;
  const t = (id: MessageId) => message(id, {}, lang);
  const title =
    route.view === 'ConnectingExternal' ? (findWallet(route.walletId)?.name ?? route.walletId) : route.view === 'ConnectingWalletConnect' && route.wallet ? route.wallet.name : t(`view.${route.view}`);
  const dismissible = $dismissible.get();
  const closeButton = dismissible
    ? html('button', { type: 'button', class: 'icon-button', part: 'close-button', 'aria-label': t('action.close') })
    : html('span', { class: 'icon-spacer' });
  if (dismissible) {
    // The close icon (src/views/parts/Icon.tsx), built as nodes: no markup strings (Trusted Types).
    const svg = (tag: string, attributes: Record<string, string>) => {
      const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
      for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
      return node;
    };
    const icon = svg('svg', { class: 'icon', viewBox: '0 0 24 24', width: '20', height: '20', 'aria-hidden': 'true', focusable: 'false' });
    icon.append(svg('path', { d: 'M6 6l12 12M18 6L6 18', fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }));
    closeButton.append(icon);
  }
  const dialog = html(
    'dialog',
    { part: 'dialog', class: 'dialog', 'aria-labelledby': 'wcm-title', 'data-shell': '', lang, dir: direction(lang) },
    html(
      'div',
      { class: 'panel', part: 'panel' },
      html('header', { class: 'header', part: 'header' }, html('span', { class: 'icon-spacer' }), html('h2', { id: 'wcm-title', class: 'title', part: 'title' }, title), closeButton),
      // The spinner is named; its words are text in a live region (an aria-label alone is not announced everywhere).
      html('div', { class: 'body', part: 'body' }, html('div', { class: 'loading' }, html('span', { class: 'spinner', role: 'img', 'aria-label': t('view.loading') }), html('span', { class: 'visually-hidden', role: 'status' }, t('view.loading')))),
    ),
  ) as HTMLDialogElement;
  const dismiss = () => {
    if ($dismissible.get()) close();
  };
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    dismiss();
  });
  // Chromium may close a dialog on a repeated Escape even when cancel is prevented.
  dialog.addEventListener('close', () => {
    if (dialog.isConnected && $modal.get().open) dialog.showModal();
  });
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog || closeButton.contains(event.target as Node)) dismiss();
  });
  shadow.append(dialog);
  dialog.showModal();
  return () => {
    // Closed first, so focus goes back where it was (the page's button) before the real dialog notes it as the opener.
    dialog.close();
    dialog.remove();
  };
}
