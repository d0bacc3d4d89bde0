import { createElement } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import buttonCss from '../styles/button.css';
import tokensCss from '../styles/tokens.css';
import { languageOf, observeLanguage } from '../src/core/locale.js';
import { loadLocale } from '../src/core/locale-loader.js';
import { $connection } from '../src/stores/connection.js';
import { $modal, setModalOpen } from '../src/stores/modal.js';
import { ButtonScreen } from '../src/views/screens/ButtonScreen.js';
import type { WalletConnectModalElement } from './wallet-connect-modal.js';

/**
 * `<wallet-connect-button>`'s implementation, a chunk of its own: the entry defines the element with a tiny
 * class (define-button.ts) that loads this module when an instance is connected to a page.
 *
 * @attr for - the id of the `<wallet-connect-modal>` to open (default: the first one in the document)
 * @attr theme - light, dark or system (default: the modal's theme)
 * @attr lang - language (BCP 47): else the nearest ancestor's `lang`, else the browser's
 * @csspart button, avatar, address, profile-name, balance
 */
let sheets: CSSStyleSheet[] | undefined;
const mounted = new WeakMap<HTMLElement, () => void>();

/** Mounts the button into `host` when it is in a document, unmounts it when it is not. Idempotent. */
export function sync(host: HTMLElement): void {
  const unmount = mounted.get(host);
  if (host.isConnected && !unmount) mounted.set(host, mount(host));
  else if (!host.isConnected && unmount) {
    mounted.delete(host);
    unmount();
  }
}

function mount(host: HTMLElement): () => void {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  sheets ??= [tokensCss, buttonCss].map((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    return sheet;
  });
  shadow.adoptedStyleSheets = sheets;
  const root: Root = createRoot(shadow);
  // In its own language (its `lang`, its ancestors', the browser's), followed when it changes; English until the
  // locale's messages are in (they render again then).
  const render = () => {
    const lang = languageOf(host);
    loadLocale(lang).catch(() => {});
    root.render(createElement(ButtonScreen, { theme: host.getAttribute('theme'), lang, onClick: () => openFrom(host) }));
  };
  const observer = new MutationObserver(render);
  observer.observe(host, { attributes: true, attributeFilter: ['theme'] });
  const unobserveLanguage = observeLanguage(host, render);
  render();
  return () => {
    observer.disconnect();
    unobserveLanguage();
    root.unmount();
  };
}

/** The modal this button opens: the one whose id is in `for`, else the first in the document. */
function findModal(host: HTMLElement): WalletConnectModalElement | null {
  const id = host.getAttribute('for');
  const scope = host.getRootNode() as Document | ShadowRoot;
  const found = id ? (scope.getElementById?.(id) ?? host.ownerDocument.getElementById(id)) : host.ownerDocument.querySelector('wallet-connect-modal');
  return found && typeof (found as Partial<WalletConnectModalElement>).open === 'function' ? (found as WalletConnectModalElement) : null;
}

function openFrom(host: HTMLElement) {
  const { status } = $connection.get();
  // The wallet is being asked again for a stored connection: it resolves on its own in a moment.
  if (status === 'reconnecting') return;
  const modal = findModal(host);
  if (!modal) {
    const id = host.getAttribute('for');
    console.error(`[wallet-connect-button] ${id ? `no <wallet-connect-modal id="${id}">` : 'no <wallet-connect-modal>'} in the document`);
    return;
  }
  // A connection the wallet is still asking about: show the modal as it was (its open() would start afresh,
  // abandoning the attempt).
  if (status === 'connecting') {
    if (!$modal.get().open) setModalOpen(true);
    return;
  }
  modal.open(status === 'connected' ? { view: 'Account' } : undefined);
}
