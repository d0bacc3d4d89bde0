import { atom } from 'nanostores';
import { TOAST_DURATION_MS, TOAST_REPLACE_DELAY_MS } from '../core/constants.js';

export type ToastVariant = 'loading' | 'success' | 'error';
export interface Toast {
  id: number;
  variant: ToastVariant;
  message: string;
}

/** The toast on screen, if any. A replaced toast is hidden first, and the new one waits 150 ms (docs/specification.md#states). */
export const $toast = atom<Toast | undefined>(undefined);

let nextId = 1;
let pending: ReturnType<typeof setTimeout> | undefined;
let expiry: ReturnType<typeof setTimeout> | undefined;
/** When the replaced toast was hidden, while its replacement waits. */
let hiddenAt: number | undefined;

export function showToast(variant: ToastVariant, message: string): void {
  clearTimeout(pending);
  clearTimeout(expiry);
  const toast = { id: nextId++, variant, message };
  const show = () => {
    hiddenAt = undefined;
    $toast.set(toast);
    // Loading toasts stay until something replaces them.
    if (variant !== 'loading') expiry = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
  };
  if ($toast.get()) {
    $toast.set(undefined);
    hiddenAt = Date.now();
    pending = setTimeout(show, TOAST_REPLACE_DELAY_MS);
  } else if (hiddenAt !== undefined) {
    // A replacement that is itself replaced while waiting: the gap still runs from when the last toast went.
    pending = setTimeout(show, Math.max(0, TOAST_REPLACE_DELAY_MS - (Date.now() - hiddenAt)));
  } else {
    show();
  }
}

/** Hides the toast `id` (or whichever is shown). */
export function dismissToast(id?: number): void {
  if (id === undefined || $toast.get()?.id === id) {
    clearTimeout(expiry);
    $toast.set(undefined);
  }
}
