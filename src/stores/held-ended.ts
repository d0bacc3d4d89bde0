import { atom } from 'nanostores';
import type { Connected } from './connection.js';

/** The last wallet parked in ProfileWallets whose connection ended; the element turns it into `wallet-disconnect`. */
export const $heldEnded = atom<{ record: Connected; seq: number } | undefined>(undefined);

export function noteHeldEnded(record: Connected): void {
  $heldEnded.set({ record, seq: ($heldEnded.get()?.seq ?? 0) + 1 });
}
