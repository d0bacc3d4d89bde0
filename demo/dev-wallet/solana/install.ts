// Registers the dev wallet's Solana side with the page's Wallet Standard registry, under the same name and
// icon as its EIP-6963 announcement, so a dapp can show one entry for both.
import { registerWallet } from '@wallet-standard/wallet';
import type { ApprovalQueue } from '../approvals.js';
import type { EIP6963ProviderInfo, RequestLogEntry } from '../types.js';
import { LOCAL_SOLANA_CHAIN_ID } from './chains.js';
import { createSolanaState, parseSeed } from './state.js';
import type { DevWalletSolana, DevWalletSolanaOptions } from './types.js';
import { createSolanaWallet, standardIcon } from './wallet.js';
import type { WalletIcon } from '@wallet-standard/base';

export function checkSolanaOptions(options: DevWalletSolanaOptions | false | undefined): void {
  if (options === undefined || options === false) return;
  if (!options || typeof options !== 'object') throw new TypeError('installDevWallet: `solana` must be an object or false.');
  const { rpcUrl, chains, accountIndex, seed } = options;
  if (rpcUrl !== undefined && typeof rpcUrl !== 'string') throw new TypeError('installDevWallet: `solana.rpcUrl` must be a string.');
  for (const c of chains ?? []) {
    if (typeof c?.chain !== 'string' || !/^solana:[1-9A-HJ-NP-Za-km-z]{1,32}$/.test(c.chain) || typeof c.rpcUrl !== 'string') {
      throw new TypeError(`installDevWallet: invalid Solana chain ${JSON.stringify(c)}; expected { chain: 'solana:<ref>'; rpcUrl: string }.`);
    }
  }
  if (accountIndex !== undefined && (!Number.isSafeInteger(accountIndex) || accountIndex < 0)) {
    throw new TypeError('installDevWallet: `solana.accountIndex` must be a non-negative integer.');
  }
  if (seed !== undefined) parseSeed(seed);
}

export interface SolanaInstall {
  controller: DevWalletSolana;
  uninstall(): void;
}

export function installSolana(deps: {
  options: DevWalletSolanaOptions;
  storageKey: string;
  info: EIP6963ProviderInfo;
  defaultIcon: string;
  approvals: ApprovalQueue;
  log: RequestLogEntry[];
  host: string;
}): SolanaInstall {
  const { options } = deps;
  const chains = [
    { chain: LOCAL_SOLANA_CHAIN_ID, rpcUrl: options.rpcUrl ?? '', name: 'Solana Local' },
    ...(options.chains ?? []).filter((c) => c.chain !== LOCAL_SOLANA_CHAIN_ID).map((c) => ({ ...c })),
  ];
  let removed = false;
  const state = createSolanaState({
    chains,
    accountIndex: options.accountIndex ?? 0,
    seed: options.seed === undefined ? undefined : parseSeed(options.seed),
    storageKey: `${deps.storageKey}:solana`,
    accounts: () => wallet.accounts, // called on changes only, after `wallet` exists
  });
  const fallback = standardIcon(deps.defaultIcon, deps.defaultIcon as WalletIcon);
  const wallet = createSolanaWallet({
    name: deps.info.name,
    icon: standardIcon(deps.info.icon, fallback),
    state,
    approvals: deps.approvals,
    log: deps.log,
    host: deps.host,
    removed: () => removed,
  });
  registerWallet(wallet);

  const controller: DevWalletSolana = {
    wallet,
    get address() {
      return state.account.address;
    },
    get publicKey() {
      return state.account.publicKey.slice();
    },
    get accountIndex() {
      return state.accountIndex;
    },
    get authorized() {
      return state.authorized;
    },
    chains: chains.map((c) => c.chain),
    setAccount: (index) => state.setAccount(index),
    disconnect: () => void state.forget(),
  };
  return {
    controller,
    uninstall() {
      // The Wallet Standard has no wallet-side unregister: the wallet stays listed, with no accounts.
      if (removed) return;
      const hadAccounts = wallet.accounts.length > 0;
      removed = true;
      if (hadAccounts) state.notify(); // listeners hear the accounts go, the stored grant stays
      state.clear();
    },
  };
}
