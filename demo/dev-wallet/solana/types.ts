// Public types of the dev wallet's Solana side (a Wallet Standard wallet). No runtime code here.
import type { Wallet } from '@wallet-standard/base';

/** A Solana chain the wallet can send on. */
export interface DevWalletSolanaChain {
  /** CAIP-2, e.g. "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1" (devnet). */
  chain: `solana:${string}`;
  /** Its JSON-RPC endpoint (signAndSendTransaction sends there). */
  rpcUrl: string;
  /** Display name, shown in the prompt's subtitle. */
  name?: string;
}

/** The `solana` option of installDevWallet. */
export interface DevWalletSolanaOptions {
  /** JSON-RPC URL of the local chain (the litesvm facade); without it, signAndSendTransaction on it fails. */
  rpcUrl?: string;
  /** More chains besides the local one. */
  chains?: DevWalletSolanaChain[];
  /** Dev account index (m/44'/501'/{index}'/0' of the mnemonic), used when nothing is stored. Default 0. */
  accountIndex?: number;
  /** A 32-byte ed25519 seed (bytes or hex): a fixed keypair instead of the mnemonic's. */
  seed?: Uint8Array | string;
}

/** The controller's Solana part. */
export interface DevWalletSolana {
  /** The Wallet Standard wallet, as registered. */
  readonly wallet: Wallet;
  /** The account's base58 address (whether or not the site is authorized). */
  readonly address: string;
  readonly publicKey: Uint8Array;
  /** The account index (undefined with a fixed seed). */
  readonly accountIndex: number | undefined;
  /** Whether the site is connected on Solana. */
  readonly authorized: boolean;
  /** CAIP-2 ids of the chains, the local one first. */
  readonly chains: readonly string[];
  /** Wallet-side account switch; a `change` event with the new account when connected. */
  setAccount(index: number): void;
  /** Wallet-side disconnect: forgets the site; a `change` event with no accounts. */
  disconnect(): void;
}
