/**
 * The dev wallet: an EIP-6963 / EIP-1193 wallet backed by a local HD account, for local chains (anvil).
 * Site owners and tests connect with it without a real wallet extension.
 *
 * ```js
 * import { installDevWallet } from 'wallet-connect-modal/dev-wallet';
 * const wallet = installDevWallet({ chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }] });
 * // the page's wallet list now shows "Dev Wallet"; approve its prompts in the page, or from a script:
 * await wallet.approve();
 * ```
 *
 * Never use it with real funds: the default mnemonic is public (anvil's).
 * @module
 */
import { announceProvider } from './announce.js';
import { createApprovalQueue } from './approvals.js';
import { createEmitter } from './emitter.js';
import { disconnected } from './errors.js';
import { DEFAULT_ICON, providerInfo } from './info.js';
import { createPromptUI } from './prompts.js';
import { checkSolanaOptions, installSolana } from './solana/install.js';
import { ANVIL_MNEMONIC } from './mnemonic-seed.js';
import { createProvider } from './provider.js';
import { createWalletState } from './state.js';
import { createStorage, DEFAULT_STORAGE_KEY } from './storage.js';
import type { DevWallet, DevWalletMode, DevWalletOptions, RequestLogEntry } from './types.js';

export type {
  DevWallet,
  DevWalletChain,
  DevWalletMode,
  DevWalletOptions,
  EIP1193Provider,
  EIP6963ProviderDetail,
  EIP6963ProviderInfo,
  PendingRequest,
  PromptKind,
  ProviderEvent,
  ProviderListener,
  RequestArguments,
  RequestLogEntry,
  RequestOutcome,
} from './types.js';
export type { DevWalletSolana, DevWalletSolanaChain, DevWalletSolanaOptions } from './solana/types.js';
export { LOCAL_SOLANA_CHAIN_ID } from './solana/chains.js';
export { solanaDevKeypair } from './solana-keys.js';
export { ProviderRpcError } from './errors.js';
export { DEFAULT_ICON, DEFAULT_NAME, DEFAULT_RDNS } from './info.js';
export { DEFAULT_STORAGE_KEY } from './storage.js';
export { PROMPT_TAG } from './prompts.js';

/** anvil's default mnemonic: its accounts are pre-funded with 10 000 ETH on every anvil chain. */
export { ANVIL_MNEMONIC };

const MODES: readonly DevWalletMode[] = ['prompt', 'approve', 'reject'];

function checkOptions(options: DevWalletOptions) {
  const { chains, mode, accountIndex } = options ?? ({} as DevWalletOptions);
  if (!Array.isArray(chains) || chains.length === 0) throw new TypeError('installDevWallet: `chains` must be a non-empty array.');
  for (const c of chains) {
    if (!Number.isSafeInteger(c?.chainId) || c.chainId <= 0 || typeof c.rpcUrl !== 'string') {
      throw new TypeError(`installDevWallet: invalid chain ${JSON.stringify(c)}; expected { chainId: number; rpcUrl: string }.`);
    }
  }
  if (mode !== undefined && !MODES.includes(mode)) throw new TypeError(`installDevWallet: unknown mode "${mode}".`);
  if (accountIndex !== undefined && (!Number.isSafeInteger(accountIndex) || accountIndex < 0)) {
    throw new TypeError('installDevWallet: `accountIndex` must be a non-negative integer.');
  }
  checkSolanaOptions(options.solana);
}

/**
 * Installs the dev wallet in this page: announces it through EIP-6963 (now and on every
 * `eip6963:requestProvider`), and optionally as `window.ethereum` (`legacy`) and `window.devWallet` (`expose`).
 *
 * The site's authorization, chain, account and added chains persist in localStorage (`storageKey`), so a
 * reload restores the connection through `eth_accounts` without a prompt. Stored values win over
 * `accountIndex` and the first chain.
 */
export function installDevWallet(options: DevWalletOptions): DevWallet {
  checkOptions(options);
  const info = providerInfo(options.info);
  const emitter = createEmitter();
  const state = createWalletState({
    chains: options.chains.map((c) => ({ ...c })),
    mnemonic: options.mnemonic ?? ANVIL_MNEMONIC,
    accountIndex: options.accountIndex ?? 0,
    storage: createStorage(options.storageKey ?? DEFAULT_STORAGE_KEY),
    emitter,
  });
  const approvals = createApprovalQueue(options.mode ?? 'prompt');
  const log: RequestLogEntry[] = [];
  const provider = createProvider({ state, approvals, emitter, log, host: location.host, origin: location.origin });
  const storageKey = options.storageKey ?? DEFAULT_STORAGE_KEY;
  const solana =
    options.solana === false
      ? undefined
      : installSolana({ options: options.solana ?? {}, storageKey, info, defaultIcon: DEFAULT_ICON, approvals, log, host: location.host });
  const ui = createPromptUI({
    info,
    subtitle: (request) => {
      const sol = solana?.controller;
      if (sol && /^(standard|solana):/.test(request?.method ?? '')) return `${sol.address.slice(0, 4)}…${sol.address.slice(-4)} on Solana`;
      return `${state.address.slice(0, 6)}…${state.address.slice(-4)} on chain ${state.chainId}`;
    },
    decide: (id, approved) => void approvals.decide(approved, id).catch(() => {}),
  });
  const stopUI = approvals.subscribe(ui.update);
  const stopAnnouncing = announceProvider(info, provider);
  const globals = window as unknown as { ethereum?: unknown; devWallet?: unknown };

  const wallet: DevWallet = {
    provider,
    info,
    solana: solana?.controller,
    get address() {
      return state.address;
    },
    get accountIndex() {
      return state.accountIndex;
    },
    get chainId() {
      return state.chainId;
    },
    get authorized() {
      return state.authorized;
    },
    get mode() {
      return approvals.mode;
    },
    log,
    setMode(mode) {
      if (!MODES.includes(mode)) throw new TypeError(`Unknown dev wallet mode "${mode}".`);
      approvals.mode = mode;
    },
    pending: () => approvals.pending(),
    approve: (id) => approvals.decide(true, id),
    reject: (id) => approvals.decide(false, id),
    switchChain: (chainId) => state.setChain(chainId),
    setAccount: (index) => state.setAccount(index),
    disconnect() {
      if (state.forget()) emitter.emit('disconnect', disconnected());
    },
    uninstall() {
      stopAnnouncing();
      solana?.uninstall();
      stopUI();
      approvals.clear();
      ui.destroy();
      emitter.clear();
      if (globals.ethereum === provider) delete globals.ethereum;
      if (globals.devWallet === wallet) delete globals.devWallet;
    },
  };

  if (options.legacy) globals.ethereum = provider;
  if (options.expose) globals.devWallet = wallet;
  return wallet;
}
