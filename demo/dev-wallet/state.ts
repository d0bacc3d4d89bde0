// The wallet's state (authorization, chain, account, added chains): persisted, and announced to the site
// as EIP-1193 events. Both the site's requests and the wallet-side controls change it only through here.
import { HDKey, hdKeyToAccount, type HDAccount } from 'viem/accounts';
import { mnemonicSeed } from './mnemonic-seed.js';
import type { Emitter } from './emitter.js';
import type { StateStorage } from './storage.js';
import type { DevWalletChain } from './types.js';

export const toHexChainId = (chainId: number) => `0x${chainId.toString(16)}`;

export interface WalletState {
  readonly account: HDAccount;
  readonly address: `0x${string}`;
  readonly accountIndex: number;
  readonly chainId: number;
  readonly authorized: boolean;
  /** A chain the wallet can reach (configured or added by the site), by id; the current one by default. */
  chain(chainId?: number): DevWalletChain | undefined;
  /** Remembers the site's authorization; emits `connect` and `accountsChanged` when it is new. */
  authorize(): void;
  /** Forgets the authorization; emits `accountsChanged([])`. Returns whether the site was authorized. */
  forget(): boolean;
  setChain(chainId: number): void;
  setAccount(index: number): void;
  addChain(chain: DevWalletChain): void;
}

export interface WalletStateOptions {
  chains: DevWalletChain[];
  mnemonic: string;
  accountIndex: number;
  storage: StateStorage;
  emitter: Emitter;
}

export function createWalletState({ chains, mnemonic, accountIndex, storage, emitter }: WalletStateOptions): WalletState {
  const stored = storage.load();
  let authorized = stored?.authorized ?? false;
  let chainId = stored?.chainId ?? chains[0]!.chainId;
  let index = stored?.accountIndex ?? accountIndex;
  const addedChains = (stored?.addedChains ?? []).filter((a) => !chains.some((c) => c.chainId === a.chainId));

  const accounts = new Map<number, HDAccount>();
  let root: HDKey | undefined;
  const accountAt = (i: number) => {
    let account = accounts.get(i);
    if (!account) accounts.set(i, (account = hdKeyToAccount((root ??= HDKey.fromMasterSeed(mnemonicSeed(mnemonic))), { addressIndex: i })));
    return account;
  };

  const persist = () => storage.save({ v: 1, authorized, chainId, accountIndex: index, addedChains });
  const exposedAccounts = () => (authorized ? [accountAt(index).address] : []);

  return {
    get account() {
      return accountAt(index);
    },
    get address() {
      return accountAt(index).address;
    },
    get accountIndex() {
      return index;
    },
    get chainId() {
      return chainId;
    },
    get authorized() {
      return authorized;
    },
    chain: (id = chainId) => chains.find((c) => c.chainId === id) ?? addedChains.find((c) => c.chainId === id),
    authorize() {
      if (authorized) return;
      authorized = true;
      persist();
      emitter.emit('connect', { chainId: toHexChainId(chainId) });
      emitter.emit('accountsChanged', exposedAccounts());
    },
    forget() {
      if (!authorized) return false;
      authorized = false;
      persist();
      emitter.emit('accountsChanged', []);
      return true;
    },
    setChain(id) {
      if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`Invalid chain id: ${id}`);
      if (id === chainId) return;
      chainId = id;
      persist();
      emitter.emit('chainChanged', toHexChainId(id));
    },
    setAccount(i) {
      if (!Number.isSafeInteger(i) || i < 0) throw new RangeError(`Invalid account index: ${i}`);
      if (i === index) return;
      index = i;
      persist();
      // An unconnected site sees no accounts before or after, so it hears nothing (as with real wallets).
      if (authorized) emitter.emit('accountsChanged', exposedAccounts());
    },
    addChain(chain) {
      if (this.chain(chain.chainId)) return;
      addedChains.push(chain);
      persist();
    },
  };
}
