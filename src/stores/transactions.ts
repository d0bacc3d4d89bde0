import { atom } from 'nanostores';
import type { Caip2 } from '../core/caip.js';
import type { TransactionKind } from '../core/events.js';

export interface TransactionNotice {
  status: 'pending' | 'confirmed' | 'failed';
  hash: string;
  chainId: Caip2;
  kind: TransactionKind;
  /** The ERC-4337 user operation's hash, when the transaction is the bundle that included one (a smart account). */
  userOpHash?: string;
  seq: number;
}

/** Bundle transaction hash → the user operation it included, as the embedded wallet's connector reported it. */
const userOperations = new Map<string, string>();

/** The embedded wallet sent a user operation that `hash` included (its `eth_sendTransaction` answered `hash`). */
export function noteUserOperation(hash: string, userOpHash: string): void {
  userOperations.set(hash.toLowerCase(), userOpHash);
}

/** The last change of a transaction the widget sent; the element turns it into `wallet-transaction`. */
export const $lastTransaction = atom<TransactionNotice | undefined>(undefined);

export function noteTransaction(notice: Omit<TransactionNotice, 'seq' | 'userOpHash'>): void {
  const userOpHash = userOperations.get(notice.hash.toLowerCase());
  $lastTransaction.set({ ...notice, ...(userOpHash ? { userOpHash } : {}), seq: ($lastTransaction.get()?.seq ?? 0) + 1 });
}
