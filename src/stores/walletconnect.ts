import { atom } from 'nanostores';
import type { Namespace } from '../core/caip.js';
import { STORAGE_PREFIX } from '../core/constants.js';
import * as z from 'zod/mini';
import { persistedAtom } from './persisted.js';

/** The pairing ConnectingWalletConnect shows: starting, or a `wc:` URI valid until `expiresAt`. */
export type Pairing =
  | { state: 'starting' }
  | { state: 'waiting'; uri: string; expiresAt: number; /** How many expired URIs this one replaced. */ renewals: number };

export const $pairing = atom<Pairing>({ state: 'starting' });

const CHAIN = { eip155: /^eip155:\d+$/, solana: /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/ } as const;

/** A WalletConnect session side to restore after a reload (the SDK keeps its keys; this says which one is ours). */
const sideFields = {
  id: z.string(),
  name: z.string(),
  icon: z.optional(z.string()),
  topic: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  chainId: z.string(),
};
const side = z.object({ namespace: z.enum(['eip155', 'solana']), ...sideFields }).check(z.refine((s) => CHAIN[s.namespace].test(s.chainId)));
export type StoredSide = z.infer<typeof side>;

/**
 * Every WalletConnect side in use, each with its session and network: a namespace's connection over
 * WalletConnect (the EVM and the Solana side of one session, or of two) and the ones
 * parked beside it in ProfileWallets. One per namespace and wallet id.
 */
export const $walletConnectSides = persistedAtom('walletconnect-sides', 1, z.array(side), []);

/** The id of the connector a side is (the Solana side's is prefixed, as its connector's). */
export const sideWalletId = (s: Pick<StoredSide, 'namespace' | 'id'>) => (s.namespace === 'solana' ? `solana:${s.id}` : s.id);

/** The stored side of the wallet `walletId` (a connector id) in `namespace`, if any. */
export const storedSide = (namespace: Namespace, walletId: string) => $walletConnectSides.get().find((s) => s.namespace === namespace && sideWalletId(s) === walletId);

/**
 * Earlier versions kept one side per namespace, under a key of its own (`walletconnect`, `walletconnect-solana`):
 * a visitor's session kept that way is taken over (so it is still restored), and the old keys removed. Runs as
 * this module loads.
 */
export function takeOverPerNamespaceRecords(): void {
  const taken = fromPerNamespaceRecords().filter((s) => !storedSide(s.namespace, sideWalletId(s)));
  if (taken.length) $walletConnectSides.set([...$walletConnectSides.get(), ...taken]);
}

function fromPerNamespaceRecords(): StoredSide[] {
  const found: StoredSide[] = [];
  for (const [namespace, name] of [['eip155', 'walletconnect'], ['solana', 'walletconnect-solana']] as const) {
    try {
      const raw = globalThis.localStorage?.getItem(`${STORAGE_PREFIX}${name}`);
      if (!raw) continue;
      globalThis.localStorage.removeItem(`${STORAGE_PREFIX}${name}`);
      const slice = JSON.parse(raw) as { v?: unknown; data?: unknown };
      const parsed = side.safeParse({ ...(slice.data as object), namespace });
      if (slice.v === 1 && parsed.success) found.push(parsed.data);
    } catch {
      // Unreadable or blocked storage: nothing to take over.
    }
  }
  return found;
}

takeOverPerNamespaceRecords();
