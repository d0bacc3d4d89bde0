import dialogCss from '../styles/dialog.css';
import tokensCss from '../styles/tokens.css';
import { onSheetRegistered, registeredSheets } from '../src/views/sheets.js';

let base: CSSStyleSheet[] | undefined;

/**
 * The widget's styles as constructable stylesheets, shared by every instance and adopted into each
 * shadow root (the dialog's frame and loading state from the start, for the shell the entry shows while the views load; the views' sheet comes with the views' chunk, elements/modal-view.ts): nothing goes into the host document, and a strict CSP (style-src 'self') allows them.
 * Sheets that lazily loaded views register later are adopted as they come. Returns the unsubscribe.
 */
export function adoptStyles(root: ShadowRoot): () => void {
  base ??= [tokensCss, dialogCss].map((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    return sheet;
  });
  const adopt = () => { root.adoptedStyleSheets = [...base!, ...registeredSheets()]; };
  adopt();
  return onSheetRegistered(adopt);
}
