import { atom } from 'nanostores';
import type { WidgetError } from '../core/errors.js';

/** The last error reported to the host; `seq` makes a repeated error a new value. */
export const $lastError = atom<{ error: WidgetError; seq: number } | undefined>(undefined);

export function reportError(error: WidgetError): void {
  $lastError.set({ error, seq: ($lastError.get()?.seq ?? 0) + 1 });
}
