import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { type Root, createRoot } from 'react-dom/client';
import modalCss from '../styles/modal.css';
import { AccountScreen, App } from '../src/views/screens/App.js';
import { registerSheet } from '../src/views/sheets.js';

/**
 * `<wallet-connect-modal>`'s views, a chunk of their own: React, App and the views' styles load at idle after the
 * page's load, or when the modal first has something to show (elements/view-host.ts), so the entry file holds only the element's contract,
 * config, stores and actions. Every shadow root adopts the modal's sheet as this module registers it.
 */
registerSheet(modalCss);

export { SiwxSignMessageScreen } from '../src/views/screens/App.js';

/**
 * Renders the modal into `shadow` at once (the chunk has just come in for it to be shown: the first render is not
 * left to the scheduler's next task); returns the unmount.
 */
export function mount(shadow: ShadowRoot): () => void {
  const root: Root = createRoot(shadow);
  flushSync(() => root.render(createElement(App)));
  return () => root.unmount();
}

/** With a connection (restored on reload), the Account view is the next thing shown: have its code ready. */
export const preloadAccount = (): Promise<void> => AccountScreen.preload();
