import { WALLETCONNECT_ID } from '../core/constants.js';
import { $config } from '../stores/config.js';
import { $onMobile } from '../stores/device.js';

/** What decides a view's first focus: the view (its key in the Dialog) and how often this modal has opened. */
export interface FocusContext {
  view: string | undefined;
  /** Opens of this modal since the page loaded, this one included. */
  opens: number;
}

/** Where focus goes first, or nothing to focus yet; `pending` while the control wanted is still loading. */
export interface FocusChoice {
  target: HTMLElement | undefined;
  pending: boolean;
}

const CONTROLS = 'button:not(:disabled), a[href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';
const TEXT_FIELDS = 'input:not(:disabled):not([type="checkbox"]):not([type="radio"]):not([type="hidden"]):not([type="range"]), textarea:not(:disabled)';

/** The first element of `selector` shown in `scope` (Suspense keeps a view it replaces in the DOM, hidden, while the next one loads). */
export const firstShown = (scope: Element | null, selector = CONTROLS) =>
  [...(scope?.querySelectorAll<HTMLElement>(selector) ?? [])].find((control) => control.checkVisibility());

/**
 * Each view's first focus, decided here and nowhere else:
 * - the namespace chooser: Back (Enter twice goes back where the visitor came from);
 * - Connect, on the first open after a page load: WalletConnect (not the email field, the social buttons or a
 *   browser wallet); on later opens the email field (when there is one);
 * - the send result: "Copy hash", not Done;
 * - on a phone, a view's first text field (the keyboard comes up);
 * - otherwise the view's first control, and the header's (Back, then ✕) while the view has none.
 */
export function chooseFirstFocus(dialog: Element, { view, opens }: FocusContext): FocusChoice {
  const body = dialog.querySelector('.body');
  const header = dialog.querySelector('.header');
  const choose = (target: HTMLElement | undefined, pending = false): FocusChoice => ({ target: target ?? firstShown(body) ?? firstShown(header), pending: pending && !target });
  if (view === 'NamespaceChooser') return choose(firstShown(header, '[part~="back-button"]'));
  if (view === 'Connect') {
    if (opens <= 1) return choose(firstShown(body, `[data-wallet-id="${WALLETCONNECT_ID}"]`));
    const { authUrl, features } = $config.get();
    return choose(firstShown(body, 'input[type="email"]'), !!authUrl && features.includes('email'));
  }
  if (view === 'SendResult') return choose(firstShown(body, '[data-action="copy-hash"]'));
  if ($onMobile.get()) return choose(firstShown(body, TEXT_FIELDS));
  return choose(undefined);
}
