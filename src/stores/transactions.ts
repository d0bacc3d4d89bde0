import { atom } from 'nanostores';
import type { Caip2 } from '../core/caip.js';

export interface TransactionNotice {
  status: 'pending' | 'confirmed' | 'failed';
  hash: string;
  chainId: Caip2;
  kind: string;
  seq: number;
}

/** The last change of a transaction the widget sent; the element turns it into `wallet-transaction`. */
export const $lastTransaction = atom<TransactionNotice | undefined>(undefined);

export function noteTransaction(notice: Omit<TransactionNotice, 'seq'>): void {
  $lastTransaction.set({ ...notice, seq: ($lastTransaction.get()?.seq ?? 0) + 1 });
}
