// The prompt's stylesheet, adopted into its shadow root through the CSSOM: a strict CSP
// (style-src 'self') blocks <style> elements and style="" attributes, not constructable stylesheets.
const css = `
:host { display: contents; }
dialog {
  position: fixed;
  inset: auto auto 16px 16px;
  margin: 0;
  box-sizing: border-box;
  width: min(400px, calc(100vw - 32px));
  max-height: min(70vh, 560px);
  overflow: auto;
  padding: 16px;
  border: 1px solid #c9cdd6;
  border-radius: 12px;
  background: #ffffff;
  color: #16181d;
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  box-shadow: 0 12px 32px rgb(0 0 0 / 0.25);
  color-scheme: light;
}
dialog::backdrop { background: rgb(0 0 0 / 0.12); }
header { display: flex; align-items: center; gap: 10px; margin-bottom: 12px; }
header img { width: 28px; height: 28px; border-radius: 6px; }
h2 { margin: 0; font-size: 15px; font-weight: 650; }
.account { margin: 0; font: 12px/1.3 ui-monospace, Menlo, Consolas, monospace; color: #5b6170; }
ol { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; }
li { border: 1px solid #e1e4ea; border-radius: 10px; padding: 10px 12px; background: #f7f8fa; }
.summary {
  margin: 0 0 10px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  max-height: 180px;
  overflow: auto;
}
.actions { display: flex; justify-content: flex-end; gap: 8px; }
button {
  font: inherit;
  font-weight: 600;
  padding: 6px 14px;
  border-radius: 8px;
  border: 1px solid #b8bdc8;
  background: #ffffff;
  color: inherit;
  cursor: pointer;
}
button[data-action="approve"] { background: #2456d3; border-color: #2456d3; color: #ffffff; }
button:hover { filter: brightness(0.95); }
button:focus-visible { outline: 3px solid #f2a900; outline-offset: 2px; }
@media (prefers-color-scheme: dark) {
  dialog { background: #1c1f26; color: #eef0f4; border-color: #3a3f4b; color-scheme: dark; }
  .account { color: #a3a9b7; }
  li { background: #242833; border-color: #3a3f4b; }
  button { background: #2b303b; border-color: #4a5060; }
  button[data-action="approve"] { background: #4a7cf0; border-color: #4a7cf0; }
}
`;

let sheet: CSSStyleSheet | undefined;

/** One shared sheet for every prompt instance. */
export function promptStyleSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
  }
  return sheet;
}
