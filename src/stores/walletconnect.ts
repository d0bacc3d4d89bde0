import { atom } from 'nanostores';
import * as z from 'zod/mini';
import { persistedAtom } from './persisted.js';

/** The pairing ConnectingWalletConnect shows: starting, or a `wc:` URI valid until `expiresAt`. */
export type Pairing =
  | { state: 'starting' }
  | { state: 'waiting'; uri: string; expiresAt: number; /** How many expired URIs this one replaced. */ renewals: number };

export const $pairing = atom<Pairing>({ state: 'starting' });

/**
 * The WalletConnect session to restore after a reload (the SDK keeps its keys; this says which one is ours),
 * with the network of each side the widget uses: `chainId` (EVM) and `solanaChainId` (issue 10), at least one.
 */
export const $walletConnectSession = persistedAtom(
  'walletconnect',
  1,
  z.nullable(
    z.object({
      id: z.string(),
      name: z.string(),
      icon: z.optional(z.string()),
      topic: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
      chainId: z.optional(z.string().check(z.regex(/^eip155:\d+$/))),
      solanaChainId: z.optional(z.string().check(z.regex(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/))),
    }),
  ),
  null,
);
