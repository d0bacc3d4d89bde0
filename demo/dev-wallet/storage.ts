// The persisted slice: a small versioned JSON in localStorage, parsed (never trusted) on load.
import type { DevWalletChain } from './types.js';

export const DEFAULT_STORAGE_KEY = 'dev-wallet:v1';

export interface StoredState {
  v: 1;
  authorized: boolean;
  chainId: number;
  accountIndex: number;
  /** Chains added by the site through wallet_addEthereumChain. */
  addedChains: DevWalletChain[];
}

export interface StateStorage {
  load(): StoredState | undefined;
  save(state: StoredState): void;
}

const isIndex = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

function parseChain(value: unknown): DevWalletChain | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { chainId, rpcUrl, name } = value as Record<string, unknown>;
  if (!isIndex(chainId) || chainId === 0 || typeof rpcUrl !== 'string') return undefined;
  return typeof name === 'string' ? { chainId, rpcUrl, name } : { chainId, rpcUrl };
}

/** Returns the stored state, or undefined when absent, of another version or malformed. */
export function parseStoredState(text: string | null): StoredState | undefined {
  if (!text) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!raw || typeof raw !== 'object') return undefined;
  const { v, authorized, chainId, accountIndex, addedChains } = raw as Record<string, unknown>;
  if (v !== 1 || typeof authorized !== 'boolean' || !isIndex(chainId) || chainId === 0 || !isIndex(accountIndex)) {
    return undefined;
  }
  const chains = Array.isArray(addedChains) ? addedChains.map(parseChain) : [];
  return {
    v: 1,
    authorized,
    chainId,
    accountIndex,
    addedChains: chains.filter((c): c is DevWalletChain => c !== undefined),
  };
}

/** localStorage under `key`; falls back to memory where storage is unavailable (sandboxed frames). */
export function createStorage(key: string): StateStorage {
  let memory: string | null = null;
  const read = (): string | null => {
    try {
      return globalThis.localStorage.getItem(key);
    } catch {
      return memory;
    }
  };
  return {
    load: () => parseStoredState(read()),
    save(state) {
      const text = JSON.stringify(state);
      memory = text;
      try {
        globalThis.localStorage.setItem(key, text);
      } catch {
        // storage disabled or full: the in-memory copy keeps this page working
      }
    },
  };
}
