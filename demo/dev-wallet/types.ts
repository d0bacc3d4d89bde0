// Public types of the dev wallet. No runtime code here.
import type { DevWalletSolana, DevWalletSolanaOptions } from './solana/types.js';

/** A chain the dev wallet can sign and send on. */
export interface DevWalletChain {
  /** EIP-155 chain id, e.g. 31337. */
  chainId: number;
  /** JSON-RPC endpoint of the chain (an anvil URL in tests and in the demo). */
  rpcUrl: string;
  /** Display name, shown in prompts. */
  name?: string;
}

/** How requests that need the user's consent are answered. */
export type DevWalletMode = 'prompt' | 'approve' | 'reject';

/** EIP-6963 provider info (https://eips.ethereum.org/EIPS/eip-6963#provider-info). */
export interface EIP6963ProviderInfo {
  uuid: string;
  name: string;
  /** Must be a data URI (EIP-6963). */
  icon: string;
  rdns: string;
}

/** Options of {@link installDevWallet}. */
export interface DevWalletOptions {
  /** Chains the wallet knows. The first one is the starting chain unless storage says otherwise. */
  chains: DevWalletChain[];
  /** BIP-39 mnemonic. Default: anvil's "test test test test test test test test test test test junk". */
  mnemonic?: string;
  /** HD account index used when nothing is stored yet. Default 0. */
  accountIndex?: number;
  /** Default 'prompt': a visible approval UI in the page. */
  mode?: DevWalletMode;
  /** Overrides of the announced EIP-6963 info. */
  info?: Partial<EIP6963ProviderInfo>;
  /** Also set `window.ethereum` (off by default, so tests can exercise the legacy fallback). */
  legacy?: boolean;
  /** localStorage key of the persisted authorization. Default 'dev-wallet:v1'. */
  storageKey?: string;
  /** Set `window.devWallet` to the returned controller. */
  expose?: boolean;
  /**
   * The Solana side, a Wallet Standard wallet with the same name and icon (default `{}`: registered on the
   * local chain without an RPC URL). `false`: EVM only.
   */
  solana?: DevWalletSolanaOptions | false;
}

/** The kinds of consent prompt; stable, also the prompt's `data-kind` attribute. */
export type PromptKind = 'connect' | 'switch' | 'add-chain' | 'sign' | 'sign-typed' | 'sign-transaction' | 'send';

/** A request waiting for Approve or Reject. */
export interface PendingRequest {
  id: number;
  kind: PromptKind;
  method: string;
  params: unknown;
  /** What the prompt says, e.g. "Connect to 127.0.0.1:5173". */
  summary: string;
}

/** How a request was answered: by the user (or a script), or without asking. */
export type RequestOutcome = 'approved' | 'rejected' | 'auto';

/** One entry of {@link DevWallet.log}, appended when the request settles. */
export interface RequestLogEntry {
  method: string;
  params: unknown;
  outcome: RequestOutcome;
  /** Set when the request failed. */
  error?: { code: number; message: string };
}

export interface RequestArguments {
  method: string;
  params?: readonly unknown[] | object;
}

export type ProviderEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect';
export type ProviderListener = (payload: unknown) => void;

/** An EIP-1193 provider (https://eips.ethereum.org/EIPS/eip-1193). */
export interface EIP1193Provider {
  request(args: RequestArguments): Promise<unknown>;
  on(event: ProviderEvent, listener: ProviderListener): EIP1193Provider;
  removeListener(event: ProviderEvent, listener: ProviderListener): EIP1193Provider;
  addListener(event: ProviderEvent, listener: ProviderListener): EIP1193Provider;
  off(event: ProviderEvent, listener: ProviderListener): EIP1193Provider;
  /** Marks the provider as this dev wallet (never `isMetaMask`). */
  readonly isDevWallet: true;
}

/** The `detail` of an `eip6963:announceProvider` event. */
export interface EIP6963ProviderDetail {
  info: EIP6963ProviderInfo;
  provider: EIP1193Provider;
}

/** The controller returned by {@link installDevWallet} (and `window.devWallet` with `expose`). */
export interface DevWallet {
  readonly provider: EIP1193Provider;
  readonly info: EIP6963ProviderInfo;
  /** The Solana side (undefined with `solana: false`). */
  readonly solana: DevWalletSolana | undefined;
  /** The selected account's checksummed address (whether or not the site is authorized). */
  readonly address: `0x${string}`;
  /** The selected account's HD index. */
  readonly accountIndex: number;
  /** The current chain id (a number). */
  readonly chainId: number;
  /** Whether the site is connected (authorized). */
  readonly authorized: boolean;
  readonly mode: DevWalletMode;
  /** Every request received, in the order they settled. */
  readonly log: RequestLogEntry[];
  setMode(mode: DevWalletMode): void;
  pending(): PendingRequest[];
  /** Approve a pending request (the oldest when no id; waits up to 5 s for one). Resolves once handled. */
  approve(id?: number): Promise<void>;
  /** Reject a pending request with 4001 (the oldest when no id; waits up to 5 s for one). */
  reject(id?: number): Promise<void>;
  /** Wallet-side network switch; emits `chainChanged`. Any chain id, even one without an RPC URL. */
  switchChain(chainId: number): void;
  /** Wallet-side account switch; emits `accountsChanged` when the site is connected. */
  setAccount(index: number): void;
  /** Wallet-side disconnect: forgets the authorization, emits `accountsChanged([])` and `disconnect`. */
  disconnect(): void;
  /** Removes listeners, the prompt UI, and `window.ethereum` / `window.devWallet` if they are ours. */
  uninstall(): void;
}
