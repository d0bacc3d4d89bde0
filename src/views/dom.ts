/** Shadow-safe DOM helpers, in one place (STYLE.md §9). */

/** The focused element, looking inside open shadow roots. */
export function deepActiveElement(root: Document | ShadowRoot = document): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Moves focus back to `element` if it is still in a document and can take focus. */
export function restoreFocus(element: Element | null): void {
  if (element instanceof HTMLElement && element.isConnected) element.focus({ preventScroll: true });
}
