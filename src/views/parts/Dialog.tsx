import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { deepActiveElement, restoreFocus } from '../dom.js';
import { type FocusContext, chooseFirstFocus, firstShown } from '../first-focus.js';
import { Icon } from './Icon.js';

export interface DialogProps {
  open: boolean;
  /** False where the visitor may not close it (docs/specification.md#states, UnsupportedChain). */
  dismissible: boolean;
  title: ReactNode;
  canGoBack: boolean;
  labels: { close: string; back: string };
  onDismiss(): void;
  onBack(): void;
  children: ReactNode;
  footer?: ReactNode;
  /** Changes with the view: focus then moves to the new view's first control. */
  viewKey?: string;
  /** The language the modal is shown in (its `lang`), and its direction (`rtl` for Arabic, Hebrew, Persian). */
  lang?: string;
  dir?: 'ltr' | 'rtl';
  /** How many views deep the visitor is (the route history's length): a deeper view slides in from the end, a shallower one from the start. */
  depth?: number;
}

/** Focuses the view's first control (first-focus.ts decides which); whether it took focus. */
function focusFirstControl(dialog: HTMLDialogElement, context: FocusContext): { target: HTMLElement | undefined; focused: boolean; pending: boolean } {
  const { target, pending } = chooseFirstFocus(dialog, context);
  target?.focus({ preventScroll: true });
  const focused = target !== undefined && target.getRootNode() instanceof ShadowRoot && (target.getRootNode() as ShadowRoot).activeElement === target;
  return { target, focused, pending };
}

/**
 * The native modal `<dialog>`: showModal() gives focus containment, Escape and an inert page.
 * Focus returns to whatever had it before opening. Labelled by the view title.
 */
export function Dialog({ open, dismissible, title, canGoBack, labels, onDismiss, onBack, children, footer, viewKey, lang, dir, depth = 1 }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const height = useRef(0);
  const state = useRef({ open, dismissible, onDismiss });
  const ownClose = useRef(false);
  const opens = useRef(0);
  const view = useRef(viewKey);
  const body = useRef<HTMLDivElement>(null);
  const lastDepth = useRef(depth);
  state.current = { open, dismissible, onDismiss };
  view.current = viewKey;

  useLayoutEffect(() => {
    const dialog = ref.current!;
    if (open && !dialog.open) {
      opener.current = deepActiveElement();
      opens.current += 1;
      dialog.showModal();
    } else if (!open && dialog.open) {
      // Its `close` event comes a task later, perhaps after the store opened the modal again: not a dismissal.
      ownClose.current = true;
      dialog.close();
      restoreFocus(opener.current);
      opener.current = null;
    }
  }, [open]);

  // The panel's height as last laid out (0 while closed), so a view change can start from it.
  useEffect(() => {
    const observer = new ResizeObserver(([entry]) => {
      height.current = entry!.borderBoxSize[0]!.blockSize;
    });
    observer.observe(panel.current!);
    return () => observer.disconnect();
  }, []);

  // No jump between views: the height moves from the old view's to the new one's, and the new view slides in from
  // where it comes: the end for a step forward, the start for a step back, below for a view in place of another
  // (none of it with reduced motion, nor on opening). ApproveTransaction does not slide: the secure frame is placed
  // over its slot, and must not be placed while the slot moves.
  useLayoutEffect(() => {
    const from = height.current;
    const to = panel.current!.getBoundingClientRect().height;
    const previous = lastDepth.current;
    lastDepth.current = depth;
    if (!from || !matchMedia('(prefers-reduced-motion: no-preference)').matches) return;
    if (to && Math.abs(from - to) > 1) panel.current!.animate({ height: [`${from}px`, `${to}px`] }, { duration: 200, easing: 'ease-out' });
    if (viewKey === 'ApproveTransaction') return;
    const step = Math.sign(depth - previous) * (dir === 'rtl' ? -1 : 1);
    body.current!.animate({ transform: [step ? `translateX(${step * 16}px)` : 'translateY(8px)', 'none'] }, { duration: 200, easing: 'ease-out' });
  }, [viewKey]);

  // Focus goes to the view's first control (not ✕) on opening and on each view change. A lazy view
  // renders its controls later: until the visitor moves focus, follow the body as it fills.
  useEffect(() => {
    const dialog = ref.current!;
    if (!open) return;
    const body = dialog.querySelector('.body')!;
    const header = dialog.querySelector('.header')!;
    // True while our focus did not land (the dialog was inert under the wallet's own modal prompt).
    let missed = false;
    // Where we put focus, while the control wanted loads (the email field comes after the wallets).
    let placed: Element | undefined;
    let pending = false;
    const settle = () => {
      const root = dialog.getRootNode() as ShadowRoot | Document;
      const current = root.activeElement;
      // Leave the visitor's own choice alone: only move from nowhere, the header, or a removed or hidden
      // element (a lazy view loading the first time: Suspense hides the old view until the new one is in).
      const ours = pending && current === placed;
      if (!ours && current && current !== dialog && !header.contains(current) && body.contains(current) && current.checkVisibility()) return true;
      const result = focusFirstControl(dialog, { view: viewKey, opens: opens.current });
      missed = !result.focused;
      placed = result.target;
      pending = result.pending;
      return !missed && !pending && firstShown(body) !== undefined;
    };
    // When that prompt closes, the browser gives focus back to what had it before (often ✕): move on.
    const onFocusIn = (event: FocusEvent) => {
      if (missed && header.contains(event.target as Node)) settle();
    };
    dialog.addEventListener('focusin', onFocusIn);
    const observer = new MutationObserver(() => {
      if (settle()) observer.disconnect();
    });
    if (!settle()) observer.observe(body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      dialog.removeEventListener('focusin', onFocusIn);
    };
  }, [open, viewKey]);

  // Focus never falls out to the page while open: when the wallet's own prompt (a modal dialog of the
  // page, or an extension's window) closes, focus would land on the page's body; bring it back.
  useEffect(() => {
    if (!open) return;
    const dialog = ref.current!;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const active = document.activeElement;
        if (dialog.open && (active === null || active === document.body || active === document.documentElement)) focusFirstControl(dialog, { view: view.current, opens: opens.current });
      });
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget === null) check();
    };
    document.addEventListener('focusout', onFocusOut, true);
    window.addEventListener('focus', check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('focusout', onFocusOut, true);
      window.removeEventListener('focus', check);
    };
  }, [open]);

  useEffect(() => {
    const dialog = ref.current!;
    const onCancel = (event: Event) => {
      // We decide, not the browser: Escape closes through the store, or not at all.
      event.preventDefault();
      if (state.current.dismissible) state.current.onDismiss();
    };
    const onClose = () => {
      if (ownClose.current) {
        ownClose.current = false;
        return;
      }
      // Chromium may close a dialog on a repeated Escape even when cancel is prevented.
      if (!state.current.open) return;
      if (state.current.dismissible) state.current.onDismiss();
      else dialog.showModal();
    };
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog && state.current.dismissible) state.current.onDismiss(); // the backdrop
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
      dialog.removeEventListener('click', onClick);
      if (dialog.open) restoreFocus(opener.current);
    };
  }, []);

  return (
    <dialog ref={ref} part="dialog" className="dialog" aria-labelledby="wcm-title" lang={lang} dir={dir}>
      <div ref={panel} className="panel" part="panel">
        <header className="header" part="header">
          {canGoBack ? (
            <button type="button" className="icon-button" part="back-button" aria-label={labels.back} onClick={onBack}>
              <Icon name="back" />
            </button>
          ) : (
            <span className="icon-spacer" />
          )}
          <h2 id="wcm-title" className="title" part="title">{title}</h2>
          {dismissible ? (
            <button type="button" className="icon-button" part="close-button" aria-label={labels.close} onClick={onDismiss}>
              <Icon name="close" />
            </button>
          ) : (
            <span className="icon-spacer" />
          )}
        </header>
        <div ref={body} className="body" part="body">{open ? children : null}</div>
        {footer}
      </div>
    </dialog>
  );
}
