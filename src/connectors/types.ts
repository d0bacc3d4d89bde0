import type { Caip2, Namespace } from '../core/caip.js';
import type { ConnectorType } from '../core/events.js';
import type { NetworkInfo } from '../core/networks.js';

/** An EIP-1193 provider, as far as the widget uses it. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
  on?(event: string, listener: (...args: never[]) => void): unknown;
  removeListener?(event: string, listener: (...args: never[]) => void): unknown;
}

export interface ConnectResult {
  accounts: string[];
  chainId: Caip2;
}

export interface ConnectorListeners {
  accountsChanged(accounts: string[]): void;
  chainChanged(chainId: Caip2): void;
  disconnect(): void;
}

/**
 * What every connector does, whatever its namespace (wagmi's createConnector, kept small).
 * Errors thrown by these methods are `WidgetError`s.
 */
export interface Connector {
  readonly id: string;
  readonly name: string;
  /** A data: URI (EIP-6963 requires one), or undefined. */
  readonly icon: string | undefined;
  readonly type: ConnectorType;
  readonly namespace: Namespace;
  /** Asks the wallet for access (may prompt). */
  connect(): Promise<ConnectResult>;
  /** Accounts the wallet already granted, without prompting; undefined when none (reload restore). */
  restore(): Promise<ConnectResult | undefined>;
  disconnect(): Promise<void>;
  /** Wallet-side changes; returns the unsubscribe function. */
  subscribe(listeners: ConnectorListeners): () => void;
}

/** Abilities only EVM connectors have; reached through `isEvmConnector`, never stubbed on the base. */
export interface EvmConnector extends Connector {
  readonly namespace: 'eip155';
  getProvider(): Eip1193Provider;
  /** `wallet_switchEthereumChain`, adding the chain first (EIP-3085) when the wallet does not know it. */
  switchChain(network: NetworkInfo): Promise<void>;
}

export const isEvmConnector = (connector: Connector): connector is EvmConnector =>
  connector.namespace === 'eip155' && typeof (connector as Partial<EvmConnector>).switchChain === 'function';

/** Abilities only Solana (Wallet Standard) connectors have; reached through `isSolanaConnector`. Bytes in, bytes out. */
export interface SolanaConnector extends Connector {
  readonly namespace: 'solana';
  /** Whether the wallet serves the CAIP-2 network `chainId`. */
  serves(chainId: Caip2): boolean;
  /** `solana:signMessage`: the ed25519 signature of `message`. */
  signMessage(message: Uint8Array): Promise<Uint8Array>;
  /** `solana:signTransaction`: the signed transaction (wire format). */
  signTransaction(transaction: Uint8Array, chainId: Caip2): Promise<Uint8Array>;
  /** `solana:signAndSendTransaction`, else `solana:signTransaction` + `sendTransaction` to `rpcUrl`: the signature. */
  signAndSendTransaction(transaction: Uint8Array, chainId: Caip2, rpcUrl?: string): Promise<Uint8Array>;
  /** The object a host gets from `getProvider('solana')`: the same one for this connector every time. */
  readonly hostProvider: SolanaHostProvider;
}

/** What `getProvider('solana')` returns (docs/contract.md, "Methods and properties"): bytes in, bytes out. */
export interface SolanaHostProvider {
  /** The connected account's address (base58). */
  readonly publicKey: string;
  /** The ed25519 signature (64 bytes) of `message`. */
  signMessage(message: Uint8Array): Promise<Uint8Array>;
  /** The transaction (wire format) signed by the wallet. */
  signTransaction(transaction: Uint8Array): Promise<Uint8Array>;
  /** Signed and sent on the connected network; the signature (64 bytes; its base58 is the transaction id). */
  signAndSendTransaction(transaction: Uint8Array): Promise<Uint8Array>;
}

export const isSolanaConnector = (connector: Connector): connector is SolanaConnector =>
  connector.namespace === 'solana' && typeof (connector as Partial<SolanaConnector>).signAndSendTransaction === 'function';
