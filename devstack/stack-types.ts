/** What `startStack` (devstack/stack.ts) takes and gives. */
import type { SeededChain } from '../server/chain/types.js';
import type { SeededSolana } from '../server/solana/types.js';
import type { SignInBackend } from '../server/auth/backend.js';
import type { LoginService, LoginServiceOptions } from './login.js';
import type { SmartAccountChain } from './aa/stack-part.js';

export interface StackOptions {
  root?: string;
  host?: string;
  /** 0 (default) picks a free port. */
  webPort?: number;
  /** One port per chain, in the order of chainIds; 0 picks a free port. */
  evmPorts?: readonly number[];
  chainIds?: readonly number[];
  /** Deploy the tokens, Uniswap, ENS and history on each chain (default true); false leaves bare chains. */
  seed?: boolean;
  /** The wallet data API's port; 0 (default) picks a free one. */
  apiPort?: number;
  /** Where the API keeps its index (SQLite); ':memory:' (default) keeps nothing between runs. */
  apiDbPath?: string;
  /** The WalletConnect relay's port; 0 (default) picks a free one. */
  relayPort?: number;
  /** The wallet directory's port; 0 (default) picks a free one. */
  directoryPort?: number;
  /** Made-up wallets the directory lists after the real ones (server/directory/records.ts `demoWallets`); 0 (default) for tests. */
  directoryDemoWallets?: number;
  /** The local Solana chain's RPC port (its WebSocket is on the next port); 0 (default) picks a free pair. */
  solanaPort?: number;
  /** Where the sign-in backend keeps nonces, sessions and its secret (SQLite); ':memory:' (default) keeps nothing. */
  authDbPath?: string;
  /** The sign-in backend's Auth.js secret; default: made once and kept in its store. */
  authSecret?: string;
  /** The sign-in backend requires an email confirmed by a code (DataCapture), mailed like the login codes. */
  authEmailCapture?: boolean;
  /** The on-ramp sandbox provider's port (its own origin); 0 (default) picks a free one. */
  onrampPort?: number;
  /** The email-login service (server/auth-frame/) and its local mail capture: ports, store, key. */
  login?: LoginServiceOptions;
  /**
   * ERC-4337 (server/aa/): EntryPoint v0.7, the smart account factories and an alto bundler per chain (or only on
   * `chainIds`; the others have no smart accounts); off by default (alto takes seconds to start).
   */
  smartAccounts?: boolean | { bundlerPorts?: readonly number[]; chainIds?: readonly number[] };
  /** The Farcaster auth relay's port (server/farcaster-relay/); 0 (default) picks a free one. */
  farcasterRelayPort?: number;
}

export interface StackSolana {
  /** CAIP-2 id: LOCAL_SOLANA_CHAIN_ID (fixed genesis hash). */
  chainId: string;
  /** JSON-RPC over HTTP (the WebSocket also answers here). */
  rpcUrl: string;
  /** PubSub WebSocket on the RPC port + 1, the URL @solana/web3.js derives from rpcUrl. */
  wsUrl: string;
  /** What seedSolana put on the chain; undefined when started with `seed: false`. */
  seeded: SeededSolana | undefined;
}

export interface StackChain {
  chainId: number;
  rpcUrl: string;
}

export interface Stack {
  /** The demo page. */
  url: string;
  /** The wallet data API, the widget's `api-url`. */
  apiUrl: string;
  /** The WalletConnect relay (ws://127.0.0.1:PORT), the widget's `relay-url`. */
  relayUrl: string;
  /** The wallet directory (http://127.0.0.1:PORT/: the real wallets, then `directoryDemoWallets` made-up ones), the widget's `directory-url`. */
  directoryUrl: string;
  chains: StackChain[];
  /** What seedLocalChain put on each chain, in the order of chains; empty when started with `seed: false`. */
  seeded: SeededChain[];
  /** The local Solana chain (litesvm behind a JSON-RPC + PubSub facade, server/solana/). */
  solana: StackSolana;
  /** The sign-in backend on the demo page's own origin (`<url>api/auth`), the widget's `siwx-url`. */
  authUrl: string;
  /** The sign-in backend itself (its store: tests revoke sessions server-side through it). */
  auth: SignInBackend;
  /** The on-ramp sandbox provider (devstack/onramp-sandbox/): its payment pages, on an origin of its own. */
  onrampUrl: string;
  /** The email-login service on its own origin (the widget's `auth-url`) and the local mail capture. */
  login: LoginService;
  /** Per chain, when started with `smartAccounts`: its bundler URL, EntryPoint and factory; empty otherwise. */
  smartAccounts: SmartAccountChain[];
  /** The Farcaster auth relay (http://127.0.0.1:PORT, no trailing slash); the fids live on chains[0]'s IdRegistry. */
  farcasterRelayUrl: string;
  /** Stops everything; safe to call more than once. */
  stop(): Promise<void>;
}
