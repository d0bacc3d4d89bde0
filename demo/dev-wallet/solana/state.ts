// The Solana side's state: the keypair, the site's grant (persisted next to the EVM one), and the
// Wallet Standard `change` listeners. The grant and account survive a reload, so `connect({ silent: true })`
// restores the connection without a prompt.
import { ed25519 } from '@noble/curves/ed25519';
import { base58, hex } from '@scure/base';
import { solanaDevKeypair } from '../solana-keys.js';
import type { DevWalletSolanaChain } from './types.js';

export interface SolanaAccount {
  address: string;
  publicKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array;
}

export type ChangeListener = (properties: { accounts?: readonly unknown[] }) => void;

interface Stored {
  v: 1;
  authorized: boolean;
  accountIndex: number;
}

function load(key: string): Stored | undefined {
  try {
    const raw = JSON.parse(globalThis.localStorage.getItem(key) ?? 'null') as Partial<Stored> | null;
    const ok = raw && raw.v === 1 && typeof raw.authorized === 'boolean' && Number.isSafeInteger(raw.accountIndex) && raw.accountIndex! >= 0;
    return ok ? (raw as Stored) : undefined;
  } catch {
    return undefined; // storage disabled, or not ours
  }
}

function fromSeed(seed: Uint8Array): SolanaAccount {
  const publicKey = ed25519.getPublicKey(seed);
  return { address: base58.encode(publicKey), publicKey, sign: (message) => ed25519.sign(message, seed) };
}

export function parseSeed(seed: Uint8Array | string): Uint8Array {
  const bytes = typeof seed === 'string' ? hex.decode(seed.replace(/^0x/, '')) : seed;
  if (!(bytes instanceof Uint8Array) || bytes.length !== 32) throw new TypeError('installDevWallet: `solana.seed` must be 32 bytes.');
  return bytes;
}

export interface SolanaState {
  readonly account: SolanaAccount;
  readonly accountIndex: number | undefined;
  readonly authorized: boolean;
  readonly chains: DevWalletSolanaChain[];
  chain(id: string): DevWalletSolanaChain | undefined;
  authorize(): void;
  forget(): boolean;
  setAccount(index: number): void;
  /** Listens for grant and account changes (the Wallet Standard `change` event carries the site's accounts). */
  onChange(listener: ChangeListener): () => void;
  /** Tells the listeners the site's accounts now (after an uninstall). */
  notify(): void;
  clear(): void;
}

export function createSolanaState(opts: {
  chains: DevWalletSolanaChain[];
  accountIndex: number;
  seed?: Uint8Array;
  storageKey: string;
  /** The site's accounts, as the Wallet Standard wallet exposes them. */
  accounts(): readonly unknown[];
}): SolanaState {
  const stored = load(opts.storageKey);
  let authorized = stored?.authorized ?? false;
  let index = stored?.accountIndex ?? opts.accountIndex;
  const fixed = opts.seed ? fromSeed(opts.seed) : undefined;
  const cache = new Map<number, SolanaAccount>();
  const at = (i: number) => {
    let account = cache.get(i);
    if (!account) cache.set(i, (account = fromSeed(solanaDevKeypair(i).secretKey)));
    return account;
  };
  const listeners = new Set<ChangeListener>();
  const persist = () => {
    try {
      globalThis.localStorage.setItem(opts.storageKey, JSON.stringify({ v: 1, authorized, accountIndex: index }));
    } catch {
      // storage unavailable: this page keeps working from memory
    }
  };
  const changed = () => {
    const accounts = opts.accounts();
    for (const listener of [...listeners]) {
      try {
        listener({ accounts });
      } catch (error) {
        globalThis.reportError?.(error);
      }
    }
  };

  return {
    get account() {
      return fixed ?? at(index);
    },
    get accountIndex() {
      return fixed ? undefined : index;
    },
    get authorized() {
      return authorized;
    },
    chains: opts.chains,
    chain: (id) => opts.chains.find((c) => c.chain === id),
    authorize() {
      if (authorized) return;
      authorized = true;
      persist();
      changed();
    },
    forget() {
      if (!authorized) return false;
      authorized = false;
      persist();
      changed();
      return true;
    },
    setAccount(i) {
      if (!Number.isSafeInteger(i) || i < 0) throw new RangeError(`Invalid account index: ${i}`);
      if (fixed) throw new Error('The Solana account is a fixed seed; there is no index to switch.');
      if (i === index) return;
      index = i;
      persist();
      if (authorized) changed();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify: changed,
    clear: () => listeners.clear(),
  };
}
