import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { deepActiveElement, restoreFocus } from '../dom.js';
import { Icon } from './Icon.js';

export interface DialogProps {
  open: boolean;
  /** False where the visitor may not close it (SPEC.md §4, UnsupportedChain). */
  dismissible: boolean;
  title: ReactNode;
  canGoBack: boolean;
  labels: { close: string; back: string };
  onDismiss(): void;
  onBack(): void;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The native modal `<dialog>`: showModal() gives focus containment, Escape and an inert page.
 * Focus returns to whatever had it before opening. Labelled by the view title.
 */
export function Dialog({ open, dismissible, title, canGoBack, labels, onDismiss, onBack, children, footer }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const state = useRef({ open, dismissible, onDismiss });
  state.current = { open, dismissible, onDismiss };

  useLayoutEffect(() => {
    const dialog = ref.current!;
    if (open && !dialog.open) {
      opener.current = deepActiveElement();
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      restoreFocus(opener.current);
      opener.current = null;
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current!;
    const onCancel = (event: Event) => {
      // We decide, not the browser: Escape closes through the store, or not at all.
      event.preventDefault();
      if (state.current.dismissible) state.current.onDismiss();
    };
    const onClose = () => {
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
    <dialog ref={ref} part="dialog" className="dialog" aria-labelledby="wcm-title">
      <div className="panel" part="panel">
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
        <div className="body" part="body">{open ? children : null}</div>
        {footer}
      </div>
    </dialog>
  );
}
