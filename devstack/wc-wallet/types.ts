/** The wallet peer's public types and the anvil account it signs with by default (peer.ts implements them). */
import type { SessionTypes } from '@walletconnect/types';
import type { Hex } from 'viem';
import type { BlockedRequest } from './fetch-guard.js';

/** Anvil's account #0 (public test key of the "test … junk" mnemonic). */
export const ANVIL_KEY_0: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

export type WalletPeerMode = 'approve' | 'reject' | 'manual';

/**
 * One-click auth (`wc_sessionAuthenticate`, a dapp's `authenticate()`): sign the SIWE message and settle the
 * session in one approval, decline it, or not support it at all (no `session_authenticate` listener, so the
 * SDK's fallback session proposal is what the peer answers, by `mode`).
 */
export type WalletPeerAuth = 'approve' | 'reject' | 'unsupported';

export interface WalletPeerChain {
  chainId: number;
  rpcUrl: string;
}

/** A Solana chain the peer signs and sends on: its CAIP-2 id and JSON-RPC URL (the local facade in tests). */
export interface WalletPeerSolanaChain {
  chainId: `solana:${string}`;
  rpcUrl: string;
}

/** The peer's Solana side. */
export interface WalletPeerSolanaOptions {
  /** The chains it approves in a `solana` namespace (those the dapp asks for); none: never approved. */
  chains: readonly WalletPeerSolanaChain[];
  /** Dev account index (m/44'/501'/{i}'/0' of anvil's mnemonic, default 0) or a 32-byte ed25519 seed. */
  account?: number | Uint8Array;
  /** Refuse the solana namespace (approve eip155 only; reject a proposal that asks for Solana only). */
  reject?: boolean;
}

export interface WalletPeerOptions {
  /** e.g. ws://127.0.0.1:8548 */
  relayUrl: string;
  /** Default anvil's account #0. */
  privateKey?: Hex;
  /** The EVM chains the wallet has an RPC for; it approves and sends only on these. */
  chains: readonly WalletPeerChain[];
  /** A folder for the SDK's storage (sessions survive a restart); default in memory. */
  storageDir?: string;
  /** Default 'approve'. */
  mode?: WalletPeerMode;
  /** One line per event (proposal, request, answer, session end, blocked request). */
  log?: (line: string) => void;
  /** The name dapps show for this wallet. */
  name?: string;
  /**
   * The Core's storage prefix. Default: unique per peer in memory; with `storageDir`, a fixed one so a
   * restarted peer finds its sessions.
   */
  storagePrefix?: string;
  /** Any string; the local relay does not check it. */
  projectId?: string;
  /** The SDK's own (pino) log level; default 'silent'. */
  sdkLogLevel?: string;
  /** Solana: approve the `solana` namespace on these chains and answer solana_* requests. */
  solana?: WalletPeerSolanaOptions;
  /** One-click auth requests; default 'approve' ('reject' also when `mode` is 'reject'). */
  auth?: WalletPeerAuth;
}

/** A proposal as the peer reports it. `chains`: every CAIP-2 chain the dapp asked for, any namespace. */
export interface PeerProposal {
  id: number;
  name: string;
  url: string;
  chains: string[];
}

/** A session request as the peer reports it. `chainId` is CAIP-2 (eip155:31337), as the dapp addressed it. */
export interface PeerRequest {
  id: number;
  topic: string;
  method: string;
  params: unknown;
  chainId: string;
}

export interface ProposalOutcome {
  id: number;
  name: string;
  outcome: 'approved' | 'rejected' | 'failed';
  /** The approved chains (CAIP-2). */
  chains: string[];
  topic?: string;
  reason?: string;
}

export interface RequestOutcome {
  id: number;
  method: string;
  chainId: string;
  outcome: 'answered' | 'rejected' | 'failed';
  result?: unknown;
  error?: { code: number; message: string };
}

/** A one-click auth request as the peer answered it: the SIWE text it signed, and the session it settled. */
export interface AuthOutcome {
  id: number;
  /** The dapp's name. */
  name: string;
  outcome: 'approved' | 'rejected' | 'failed';
  /** The chains of the signed payload (CAIP-2), the CACAO's chain first. */
  chains: string[];
  message?: string;
  signature?: string;
  topic?: string;
  reason?: string;
}

export interface WalletPeerEvents {
  proposal: PeerProposal;
  proposal_settled: ProposalOutcome;
  request: PeerRequest;
  request_settled: RequestOutcome;
  /** A one-click auth request (`wc_sessionAuthenticate`) answered. */
  auth_settled: AuthOutcome;
  /** The dapp ended the session. */
  session_delete: { topic: string };
  /** A wallet-side event sent to a dapp (chainChanged, accountsChanged). */
  session_event: { topic: string; name: string; data: unknown; chainId: string };
}

export interface WalletPeer {
  /** The name dapps see. */
  readonly name: string;
  /** The current account. */
  readonly address: Hex;
  /** The Solana account (base58), used when a solana namespace is approved. */
  readonly solanaAddress: string;
  readonly mode: WalletPeerMode;
  /** Pairs with a `wc:` URI; the proposal then arrives and is handled by mode. */
  pair(uri: string): Promise<void>;
  setMode(mode: WalletPeerMode): void;
  /** Manual mode: the next proposal or request waiting for a decision (in arrival order, each once). */
  nextProposal(): Promise<PeerProposal>;
  nextRequest(): Promise<PeerRequest>;
  /** Approves or rejects a waiting proposal or request by id; resolves once the answer is sent. */
  approve(id: number): Promise<void>;
  reject(id: number): Promise<void>;
  /** Switches every session to `chainId` (adding it to the session if needed) and emits chainChanged. */
  emitChainChanged(chainId: number): Promise<void>;
  /** Switches account (private key, or an index of the anvil mnemonic) and emits accountsChanged. */
  emitAccountsChanged(account?: Hex | number): Promise<void>;
  /** Ends every session with USER_DISCONNECTED. */
  disconnect(): Promise<void>;
  sessions(): SessionTypes.Struct[];
  waitForSession(timeoutMs?: number): Promise<SessionTypes.Struct>;
  waitForNoSession(timeoutMs?: number): Promise<void>;
  on<E extends keyof WalletPeerEvents>(event: E, listener: (payload: WalletPeerEvents[E]) => void): () => void;
  /** Every non-loopback fetch blocked while this peer ran (from any code in the process). */
  blockedRequests(): BlockedRequest[];
  /** Closes the relay socket and timers so the process can exit; idempotent. */
  stop(): Promise<void>;
}
