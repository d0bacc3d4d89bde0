import type { IKeyValueStorage } from '@walletconnect/keyvaluestorage';
import { safeJsonParse, safeJsonStringify } from '@walletconnect/safe-json';
import { type UseStore, clear, createStore, del, entries, get, keys, set } from 'idb-keyval';

/**
 * WalletConnect's key-value storage, in an IndexedDB database of our own ("wallet-connect-modal"): the SDK's
 * default shares one database with every WalletConnect client on the origin and moves `wc@2` keys out of
 * localStorage, which would touch a host page that runs its own WalletConnect.
 */
export function modalStorage(database = 'wallet-connect-modal', table = 'walletconnect'): IKeyValueStorage & { clear(): Promise<void> } {
  let store: UseStore | undefined;
  const db = () => (store ??= createStore(database, table));
  // Values go through the SDK's own JSON coding (bigint-safe), as its default storage does.
  const decode = (value: unknown) => (typeof value === 'string' ? (safeJsonParse(value) as unknown) : undefined);
  return {
    getKeys: async () => (await keys(db())).map(String),
    getEntries: async <T = unknown>() => (await entries<IDBValidKey, string>(db())).map(([key, value]) => [String(key), decode(value) as T] as [string, T]),
    getItem: async <T = unknown>(key: string) => decode(await get(key, db())) as T | undefined,
    setItem: async <T = unknown>(key: string, value: T) => set(key, safeJsonStringify(value), db()),
    removeItem: async (key: string) => del(key, db()),
    clear: async () => clear(db()),
  };
}
