import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { resolveAnvilBinary } from './anvil-binary.js';
import { rpcCall } from '../server/json-rpc.js';
import { assertPortFree, findFreePort, PortInUseError } from '../server/ports.js';

export interface AnvilOptions {
  chainId: number;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** How long to wait for `eth_chainId` to answer before giving up. */
  readyTimeoutMs?: number;
}

export interface AnvilExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

export interface Anvil {
  chainId: number;
  rpcUrl: string;
  port: number;
  pid: number;
  /** Settles when the process ends, for whatever reason; lets a supervisor notice a crash. */
  exited: Promise<AnvilExit>;
  /** SIGTERM, then SIGKILL after 3 s. Idempotent. */
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 3000;
const POLL_INTERVAL_MS = 50;
const STDERR_LIMIT = 8192;
/** Fresh-port retries: another process can grab the port between our probe and anvil's bind. */
const AUTO_PORT_ATTEMPTS = 3;

/**
 * Every anvil still running, so that a test process that exits without calling stop() (a crash, a failed
 * assertion before cleanup) does not leave chains behind holding ports.
 */
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGTERM');
});

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Stops one child: SIGTERM, a grace period, then SIGKILL. Resolves once the process is gone. */
async function terminate(child: ChildProcess, exited: Promise<AnvilExit>): Promise<void> {
  if (hasExited(child)) return;
  // The child is unref'd while running; hold the event loop open until it has really gone.
  child.ref();
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}

function describeFailure(what: string, binary: string, stderr: string): string {
  const tail = stderr.trim() ? `\nanvil stderr:\n${stderr.trim()}` : '\n(anvil wrote nothing to stderr)';
  return `${what} (binary: ${binary})${tail}`;
}

async function launch(binary: string, host: string, port: number, chainId: number, readyTimeoutMs: number): Promise<Anvil> {
  const args = ['--host', host, '--port', String(port), '--chain-id', String(chainId), '--silent'];
  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    if (stderr.length < STDERR_LIMIT) stderr += chunk;
  });

  let spawnError: Error | undefined;
  const exited = new Promise<AnvilExit>((resolve) => {
    child.once('error', (err) => {
      // Spawn failures (EACCES, ENOENT) emit 'error' and never 'exit'.
      spawnError = err;
      live.delete(child);
      resolve({ code: null, signal: null, stderr: String(err) });
    });
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal, stderr });
    });
  });
  live.add(child);
  // Do not keep the parent alive just because a chain is running; the exit hook above cleans up.
  child.unref();
  (child.stderr as Socket | null)?.unref?.();

  const rpcUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const expected = `0x${chainId.toString(16)}`;
  const deadline = Date.now() + readyTimeoutMs;
  let exitInfo: AnvilExit | undefined;
  void exited.then((info) => (exitInfo = info));

  try {
    for (;;) {
      if (exitInfo || spawnError) {
        if (/address already in use/i.test(stderr)) throw new PortInUseError(`anvil (chain ${chainId})`, host, port);
        const how = spawnError ? `failed to spawn: ${spawnError.message}` : `exited with code ${exitInfo?.code} signal ${exitInfo?.signal}`;
        throw new Error(describeFailure(`anvil for chain ${chainId} on ${rpcUrl} ${how} before it was ready`, binary, stderr));
      }
      if (Date.now() > deadline) {
        throw new Error(
          describeFailure(`anvil for chain ${chainId} on ${rpcUrl} did not answer eth_chainId within ${readyTimeoutMs} ms`, binary, stderr),
        );
      }
      let answered: string | undefined;
      try {
        answered = await rpcCall<string>(rpcUrl, 'eth_chainId', [], 1000);
      } catch {
        // Not listening yet (ECONNREFUSED) or still starting: poll again.
      }
      if (answered !== undefined && answered !== expected) {
        throw new Error(`${rpcUrl} answered eth_chainId ${answered}, expected ${expected}: another node is on this port`);
      }
      if (answered === expected && !hasExited(child)) break;
      await Promise.race([sleep(POLL_INTERVAL_MS), exited]);
    }
  } catch (err) {
    await terminate(child, exited);
    throw err;
  }

  let stopping: Promise<void> | undefined;
  return {
    chainId,
    rpcUrl,
    port,
    pid: child.pid as number,
    exited,
    stop: () => (stopping ??= terminate(child, exited)),
  };
}

/**
 * Starts a local anvil chain (default mnemonic "test test … junk": ten accounts with 10000 ETH each) and
 * resolves once it answers `eth_chainId` with the requested id.
 */
export async function startAnvil(options: AnvilOptions): Promise<Anvil> {
  const { chainId, port = 0, host = '127.0.0.1', readyTimeoutMs = 10_000 } = options;
  const binary = resolveAnvilBinary();
  if (port !== 0) {
    await assertPortFree(`anvil (chain ${chainId})`, host, port);
    return launch(binary, host, port, chainId, readyTimeoutMs);
  }
  for (let attempt = 1; ; attempt++) {
    const freePort = await findFreePort(host);
    try {
      return await launch(binary, host, freePort, chainId, readyTimeoutMs);
    } catch (err) {
      if (!(err instanceof PortInUseError) || attempt >= AUTO_PORT_ATTEMPTS) throw err;
    }
  }
}
