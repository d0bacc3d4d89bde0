import type { Namespace } from '../core/caip.js';
import * as z from 'zod/mini';
import { persistedAtom } from './persisted.js';

/**
 * Which wallet to restore after a reload: its id, namespace, how it is reached (a browser wallet when
 * absent) and its network, never the transient status.
 */
const record = z.object({
  walletId: z.string(),
  namespace: z.enum(['eip155', 'solana']),
  type: z.optional(z.enum(['injected', 'walletconnect', 'auth'])),
  // The network it was on: Solana wallets have no current network of their own, so the widget keeps it.
  chainId: z.optional(z.string()),
});
const schema = z.nullable(record);

export const $lastConnection = persistedAtom('connection', 1, schema, null);

/** The wallets parked beside each namespace's connection, restored with it. */
export const $lastHeld = persistedAtom('held-connections', 1, z.array(record), []);

/** Each namespace's connection is restored on its own (the EVM one keeps its key). */
const $lastSolanaConnection = persistedAtom('connection-solana', 1, schema, null);

export const lastConnection = (namespace: Namespace) => (namespace === 'solana' ? $lastSolanaConnection : $lastConnection);

/** The namespace last made active, so a reload restoring both makes the same one active again. */
export const $activeNamespace = persistedAtom('active-namespace', 1, z.nullable(z.enum(['eip155', 'solana'])), null);
