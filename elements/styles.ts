import modalCss from '../styles/modal.css';
import tokensCss from '../styles/tokens.css';

let sheets: CSSStyleSheet[] | undefined;

/**
 * The widget's styles as constructable stylesheets, shared by every instance and adopted into each
 * shadow root: nothing goes into the host document, and a strict CSP (style-src 'self') allows them.
 */
export function adoptStyles(root: ShadowRoot): void {
  sheets ??= [tokensCss, modalCss].map((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    return sheet;
  });
  root.adoptedStyleSheets = sheets;
}
