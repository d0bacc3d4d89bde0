/**
 * Test doubles for the browser-extension side: an EIP-1193 provider whose answers each test scripts,
 * and an EIP-6963 announcer (https://eips.ethereum.org/EIPS/eip-6963) that answers `eip6963:requestProvider`.
 * Used by unit tests of one connector/action and, as an in-page wallet, by element tests.
 */
export interface RequestArgs {
  method: string;
  params?: unknown;
}

type Handler = (params: unknown) => unknown;

export interface FakeProvider {
  request(args: RequestArgs): Promise<unknown>;
  on(event: string, listener: (...args: never[]) => void): void;
  removeListener(event: string, listener: (...args: never[]) => void): void;
  /** Every request received, in order. */
  calls: RequestArgs[];
  /** Replaces (or adds) the answer to one method; a handler may return a promise or throw. */
  handle(method: string, handler: Handler): void;
  /** Fires a provider event (accountsChanged, chainChanged, disconnect) like a wallet would. */
  emit(event: string, ...args: unknown[]): void;
  listenerCount(event: string): number;
  methods(): string[];
}

export const ALICE = '0x1111111111111111111111111111111111111111';
export const BOB = '0x2222222222222222222222222222222222222222';

/** An EIP-1193 error as wallets throw it (a plain object or Error with a numeric `code`). */
export function providerError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

export function createFakeProvider(options: { accounts?: string[]; chainId?: string } = {}): FakeProvider {
  const accounts = options.accounts ?? [ALICE];
  const chainId = options.chainId ?? '0x1';
  type Listener = (...args: unknown[]) => void;
  const listeners = new Map<string, Set<Listener>>();
  const handlers = new Map<string, Handler>([
    ['eth_requestAccounts', () => accounts],
    ['eth_accounts', () => accounts],
    ['eth_chainId', () => chainId],
    ['wallet_revokePermissions', () => null],
    ['wallet_switchEthereumChain', () => null],
    ['wallet_addEthereumChain', () => null],
    ['eth_getBalance', () => '0xde0b6b3a7640000'], // 1 ETH
    ['eth_blockNumber', () => '0x1'],
  ]);
  const calls: RequestArgs[] = [];
  return {
    calls,
    async request(args) {
      calls.push({ method: args.method, params: args.params });
      const handler = handlers.get(args.method);
      if (!handler) throw providerError(4200, `Unsupported method ${args.method}`);
      return handler(args.params);
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener as Listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as Listener);
    },
    handle(method, handler) {
      handlers.set(method, handler);
    },
    emit(event, ...args) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(...args);
    },
    listenerCount(event) {
      return listeners.get(event)?.size ?? 0;
    },
    methods() {
      return calls.map((c) => c.method);
    },
  };
}

export interface WalletInfo {
  uuid: string;
  name: string;
  icon?: string;
  rdns: string;
}

/** A 1x1 SVG as a data URI, the form EIP-6963 requires for icons. */
export const SVG_ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiLz4=';

export function walletInfo(rdns: string, name: string, icon: string | undefined = SVG_ICON): WalletInfo {
  return { uuid: `uuid-${rdns}`, name, rdns, ...(icon === undefined ? {} : { icon }) };
}

/**
 * Announces `detail` now and on every `eip6963:requestProvider`, as EIP-6963 wallets do.
 * Returns the function that stops answering.
 */
export function announceWallet(info: WalletInfo, provider: unknown, target: Window = window): () => void {
  const announce = () =>
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: Object.freeze({ ...info }), provider }) }));
  target.addEventListener('eip6963:requestProvider', announce);
  announce();
  return () => target.removeEventListener('eip6963:requestProvider', announce);
}

/** A promise with its resolve/reject outside, for wallet prompts the test answers later. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
