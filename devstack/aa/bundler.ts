/**
 * A real ERC-4337 bundler per local chain: Pimlico's alto (`@pimlico/alto`), run as a child process on a
 * port of its own on 127.0.0.1 against one anvil. Its executor and utility accounts are anvil's #8 and #7
 * (funded at genesis, untouched by the seed). alto deploys its own simulation contracts at start through
 * the deterministic deployer. `--safe-mode false`: the ERC-7562 tracing rules need debug_traceCall with
 * alto's JS tracer, which anvil does not run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { entryPoint07Address } from 'viem/account-abstraction';
import { ANVIL_MNEMONIC } from '../../server/chain/clients.js';
import { rpcCall } from '../../server/json-rpc.js';
import { findFreePort } from '../../server/ports.js';

export interface Bundler {
  chainId: number;
  /** The bundler's JSON-RPC (eth_sendUserOperation, eth_getUserOperationReceipt, ...). */
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

export interface BundlerOptions {
  chainId: number;
  rpcUrl: string;
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  readyTimeoutMs?: number;
}

const require = createRequire(import.meta.url);
// The package exports only its main module; the CLI sits next to it (esm/index.js → esm/cli/alto.js).
const ALTO_CLI = join(dirname(require.resolve('@pimlico/alto')), 'cli', 'alto.js');
const LOOPBACK = new URL('./alto-loopback.mjs', import.meta.url).href;
const OUTPUT_LIMIT = 8192;

/** anvil's account #index private key (the well-known test mnemonic). */
function anvilKey(index: number): Hex {
  const key = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).getHdKey().privateKey;
  if (!key) throw new Error(`no private key for anvil account #${index}`);
  return `0x${Buffer.from(key).toString('hex')}`;
}

const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGTERM');
});

/** How long a bundler may take to answer at start: 120 s by default, `BUNDLER_READY_TIMEOUT_S` when set. */
export const BUNDLER_READY_ENV = 'BUNDLER_READY_TIMEOUT_S';
export function bundlerReadyTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[BUNDLER_READY_ENV];
  if (raw === undefined || raw === '') return 120_000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) throw new Error(`${BUNDLER_READY_ENV} must be a number of seconds from 1 to 3600 (got "${raw}")`);
  return Math.round(seconds * 1000);
}

/**
 * Starts alto for `chainId` and waits until it answers `eth_supportedEntryPoints` with the EntryPoint v0.7 (polled
 * every 100 ms), at most `readyTimeoutMs`; past it alto is stopped and the error says how to allow more.
 */
export async function startBundler({ chainId, rpcUrl, host = '127.0.0.1', port = 0, readyTimeoutMs = bundlerReadyTimeoutMs() }: BundlerOptions): Promise<Bundler> {
  const listenPort = port || (await findFreePort(host));
  const args = [
    ALTO_CLI,
    '--entrypoints', entryPoint07Address,
    '--executor-private-keys', anvilKey(8),
    '--utility-private-key', anvilKey(7),
    '--rpc-url', rpcUrl,
    '--port', String(listenPort),
    '--safe-mode', 'false',
    '--log-level', 'warn',
    // anvil mines on each transaction: no need to wait a second between bundles.
    '--min-bundle-interval', '10',
    '--max-bundle-interval', '50',
    '--block-time', '100',
    '--utility-wallet-monitor', 'false',
    '--refilling-wallets', 'false',
    '--enable-cors', 'true',
    // anvil suggests as tip what its recent blocks paid, and on a local chain those are alto's own bundles, which
    // pay their operations' price on: alto's price (which operations are priced at and checked against) would
    // follow its own bundles. A fixed tip of 1 gwei, as on a chain with no competition for space.
    '--static-max-priority-fee-per-gas', '1',
  ];
  // alto's server listens on 0.0.0.0 unconditionally; alto-loopback.mjs moves it to `host`.
  const child = spawn(process.execPath, ['--import', LOOPBACK, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ALTO_HOST: host } });
  let output = '';
  const collect = (chunk: Buffer) => {
    if (output.length < OUTPUT_LIMIT) output += chunk.toString('utf8');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      live.delete(child);
      resolve();
    });
    child.once('error', () => {
      live.delete(child);
      resolve();
    });
  });
  live.add(child);
  child.unref();
  (child.stdout as Socket | null)?.unref?.();
  (child.stderr as Socket | null)?.unref?.();

  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://${host}:${listenPort}`;
  const stop = async () => {
    if (gone) return;
    child.ref();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited.finally(() => clearTimeout(timer));
  };
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (gone) throw new Error(`alto (chain ${chainId}) exited before it was ready:\n${output.trim()}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `alto (chain ${chainId}) on ${url} was not ready within ${readyTimeoutMs / 1000} s (a loaded machine may need longer: set ${BUNDLER_READY_ENV}, in seconds)` +
          `${output.trim() ? `; its output:\n${output.trim()}` : ''}`,
      );
    }
    const answered = await rpcCall<string[]>(url, 'eth_supportedEntryPoints', [], 1000).catch(() => undefined);
    if (answered?.some((address) => address.toLowerCase() === entryPoint07Address.toLowerCase())) break;
    await sleep(100);
  }
  return { chainId, url, port: listenPort, pid: child.pid ?? -1, stop };
}
