/**
 * Stylesheets the views bring with them. The entry's own sheets are adopted at construction; a lazily
 * loaded view registers its sheet when its chunk loads, and every shadow root adopts it then, so view
 * CSS travels with the view's code instead of growing the entry file.
 */
const sheets: CSSStyleSheet[] = [];
const texts = new Set<string>();
const listeners = new Set<() => void>();

/** Adds a view's stylesheet; the same text twice is one sheet. */
export function registerSheet(cssText: string): void {
  if (texts.has(cssText)) return;
  texts.add(cssText);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(cssText);
  sheets.push(sheet);
  listeners.forEach((listener) => listener());
}

export const registeredSheets = (): readonly CSSStyleSheet[] => sheets;

/** Calls `listener` whenever a sheet is registered; returns the unsubscribe function. */
export function onSheetRegistered(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
