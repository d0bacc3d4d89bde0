import { startAnvil, type Anvil } from './anvil.js';
import { PROJECT_ROOT } from './paths.js';
import { startWeb, type WebServer } from './web.js';

export interface StackOptions {
  root?: string;
  host?: string;
  /** 0 (default) picks a free port. */
  webPort?: number;
  /** One port per chain, in the order of chainIds; 0 picks a free port. */
  evmPorts?: readonly number[];
  chainIds?: readonly number[];
}

export interface StackChain {
  chainId: number;
  rpcUrl: string;
}

export interface Stack {
  /** The demo page. */
  url: string;
  chains: StackChain[];
  /** Stops everything; safe to call more than once. */
  stop(): Promise<void>;
}

interface Stoppable {
  stop(): Promise<void>;
}

/** Stops in parallel and waits for all, so one failing stop cannot leave the others running. */
async function stopAll(parts: readonly Stoppable[]): Promise<void> {
  const results = await Promise.allSettled(parts.map((part) => part.stop()));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * The local stack the demo and the end-to-end tests run against: one anvil per chain id (started in
 * parallel, they are independent) and then the web server, whose CSP needs the chains' RPC URLs. If any
 * part fails to start, the parts already running are stopped before the error is rethrown, so a failed
 * start never leaks processes or ports.
 */
export async function startStack({
  root = PROJECT_ROOT,
  host = '127.0.0.1',
  webPort = 0,
  evmPorts = [0, 0],
  chainIds = [31337, 31338],
}: StackOptions = {}): Promise<Stack> {
  if (new Set(chainIds).size !== chainIds.length) throw new Error(`startStack: chain ids must be distinct, got ${chainIds.join(', ')}`);

  const started = await Promise.allSettled(
    chainIds.map((chainId, index) => startAnvil({ chainId, host, port: evmPorts[index] ?? 0 })),
  );
  const anvils = started.filter((r): r is PromiseFulfilledResult<Anvil> => r.status === 'fulfilled').map((r) => r.value);
  const failure = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    await stopAll(anvils).catch(() => undefined); // the start error is the one worth reporting
    throw failure.reason;
  }

  const chains = anvils.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }));
  let web: WebServer;
  try {
    web = await startWeb({ root, host, port: webPort, chains });
  } catch (err) {
    await stopAll(anvils).catch(() => undefined);
    throw err;
  }

  let stopping: Promise<void> | undefined;
  return {
    url: web.url,
    chains,
    stop: () => (stopping ??= stopAll([web, ...anvils])),
  };
}
