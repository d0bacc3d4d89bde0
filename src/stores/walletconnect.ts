import { atom } from 'nanostores';
import type { Namespace } from '../core/caip.js';
import * as z from 'zod/mini';
import { persistedAtom } from './persisted.js';

/** The pairing ConnectingWalletConnect shows: starting, or a `wc:` URI valid until `expiresAt`. */
export type Pairing =
  | { state: 'starting' }
  | { state: 'waiting'; uri: string; expiresAt: number; /** How many expired URIs this one replaced. */ renewals: number };

export const $pairing = atom<Pairing>({ state: 'starting' });

/** A WalletConnect session side to restore after a reload (the SDK keeps its keys; this says which one is ours). */
const side = (chainId: RegExp) =>
  z.nullable(
    z.object({
      id: z.string(),
      name: z.string(),
      icon: z.optional(z.string()),
      topic: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
      chainId: z.string().check(z.regex(chainId)),
    }),
  );

/** The session of the EVM connection over WalletConnect, and its network. */
export const $walletConnectSession = persistedAtom('walletconnect', 1, side(/^eip155:\d+$/), null);

/**
 * Issue 10: the session of the Solana connection over WalletConnect, kept on its own (the same session as the
 * EVM one when the wallet approved both, or another), as each namespace's connection is.
 */
const $walletConnectSolanaSession = persistedAtom('walletconnect-solana', 1, side(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/), null);

export const walletConnectSession = (namespace: Namespace) => (namespace === 'solana' ? $walletConnectSolanaSession : $walletConnectSession);
