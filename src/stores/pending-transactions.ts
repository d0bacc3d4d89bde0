import { atom } from 'nanostores';
import * as z from 'zod/mini';
import { persistedAtom } from './persisted.js';
import type { SentTransaction } from './route.js';

// EVM (0x hex) or Solana (base58 of 32 bytes) addresses; EVM hashes or Solana signatures (base58 of 64 bytes).
const address = z.string().check(z.regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/));
// Parsed as plain strings; the checks make them the template types SentTransaction names.
const schema = z.array(
  z.object({
    hash: z.string().check(z.regex(/^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,88})$/)),
    chainId: z.string().check(z.regex(/^(eip155:\d{1,20}|solana:[1-9A-HJ-NP-Za-km-z]{32})$/)),
    from: address,
    kind: z.enum(['native-transfer', 'erc20-transfer', 'spl-transfer', 'approve', 'swap']),
    to: address,
    amount: z.string().check(z.regex(/^\d{1,80}$/)),
    decimals: z.int().check(z.minimum(0), z.maximum(36)),
    symbol: z.string().check(z.maxLength(32)),
    submittedAt: z.number(),
    tokens: z.optional(z.array(z.string().check(z.maxLength(120)))),
  }),
) as unknown as z.ZodMiniType<SentTransaction[]>;

/** At most this many are kept; the oldest go first. */
const MAX_PENDING = 20;
/** A transaction still unconfirmed after a day is forgotten (dropped or replaced by the wallet, most likely). */
export const PENDING_FORGET_MS = 24 * 60 * 60_000;

const none: SentTransaction[] = [];

/**
 * Transactions the widget sent that are not confirmed yet, newest first. Kept in localStorage, so a reload
 * keeps showing them (Activity) and watching them (once the modal is opened with the same account).
 */
export const $pendingTransactions = persistedAtom('pending-transactions', 1, schema, none);

/** The outcome of each transaction watched in this page: pending until its receipt says otherwise. */
export const $transactionStatus = atom<Record<string, 'pending' | 'confirmed' | 'failed'>>({});

export function addPendingTransaction(transaction: SentTransaction): void {
  const rest = $pendingTransactions.get().filter((tx) => tx.hash !== transaction.hash);
  $pendingTransactions.set([transaction, ...rest].slice(0, MAX_PENDING));
  setTransactionStatus(transaction.hash, 'pending');
}

export function removePendingTransaction(hash: string): void {
  const rest = $pendingTransactions.get().filter((tx) => tx.hash !== hash);
  $pendingTransactions.set(rest.length ? rest : none);
}

export function setTransactionStatus(hash: string, status: 'pending' | 'confirmed' | 'failed'): void {
  $transactionStatus.set({ ...$transactionStatus.get(), [hash]: status });
}
