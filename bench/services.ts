/**
 * The "Services under load" section of `npm run bench` (alone: `npm run bench:services`), on loopback only, with
 * the services as a site owner runs them: their bundled commands (scripts/build-services.mjs) in processes of
 * their own, on PostgreSQL and Redis started from Debian's packages in a temporary folder.
 *
 * - Relay: two instances on one Redis hold 2,000 sockets (1,000 each, from 20 loopback addresses so the default
 *   per-address bounds hold) and 20,000 subscriptions (10,000 topics, each with one socket on either instance).
 *   Then 1,000 publishes, 20 in flight, each on one instance to a topic whose other subscriber is on the other:
 *   publish → deliver latency p50 / p99.
 * - Wallet data API: one instance on SQLite, then two on one PostgreSQL behind a round-robin balancer, each
 *   answering 500 balance and history requests sent at once (after its index caught up): latency p50 / p99 and
 *   the time for all 500.
 * Nothing is asserted: the figures are printed and returned.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Hex } from 'viem';
import { startAnvil, type Anvil } from '../devstack/anvil.js';
import { rpcCall } from '../server/json-rpc.js';
import { startPostgres, startRedis } from '../test/support/local-databases.js';
import { startBalancer } from '../test/support/balancer.js';
import { startServiceProcess } from '../test/support/service-process.js';
import { Client, connect, subscriptionId } from '../test/node/relay-client.js';
import { ms, percentile, table } from './format.js';
import { ROOT } from './paths.js';

const SOCKETS = 2_000;
const TOPICS_PER_SOCKET = 10;
const ADDRESSES = 20;
const PUBLISHES = 1_000;
const IN_FLIGHT = 20;
const API_REQUESTS = 500;

export interface Latency {
  p50: number;
  p99: number;
  max: number;
}

export interface ServicesFigures {
  relay: { sockets: number; subscriptions: number; connectMs: number; subscribeMs: number; publishes: number; delivered: number; latency: Latency; publishesPerSecond: number };
  api: { setup: string; requests: number; failed: number; latency: Latency; allMs: number }[];
}

const latency = (values: number[]): Latency => ({ p50: percentile(values, 50), p99: percentile(values, 99), max: Math.max(...values) });

interface Service {
  url: string;
  stop(): Promise<void>;
}

/** Starts a bundled service (server/dist/<name>.js) as the tests do (startServiceProcess), stopped by SIGTERM. */
async function startBundled(name: string, env: Record<string, string>): Promise<Service> {
  const service = await startServiceProcess(join(ROOT, 'server', 'dist', `${name}.js`), env);
  return {
    url: service.url,
    stop: async () => {
      service.child.kill('SIGTERM');
      await service.exited;
    },
  };
}

function buildServices(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-services.mjs'], { cwd: ROOT, stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build-services exited ${code}`))));
  });
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await work(items[next++] as T);
  }));
}

async function relayLoad(): Promise<ServicesFigures['relay']> {
  const redis = await startRedis();
  const relays = await Promise.all([0, 1].map(() => startBundled('relay', { RELAY_PORT: '0', REDIS_URL: redis.url })));
  const clients: Client[] = [];
  try {
    const relayOf = (i: number) => ({ url: relays[i % 2]!.url }) as Parameters<typeof connect>[0];
    // Socket i is on instance i % 2, from loopback address 127.0.1.(i % ADDRESSES + 1).
    let t = performance.now();
    await pool(Array.from({ length: SOCKETS }, (_, i) => i), 50, async (i) => {
      const client = connect(relayOf(i), { from: `127.0.1.${(i % ADDRESSES) + 1}` });
      await client.opened;
      clients[i] = client;
    });
    const connectMs = performance.now() - t;
    // Topic k (of SOCKETS * TOPICS_PER_SOCKET / 2) is held by sockets 2j and 2j + 1: one on each instance.
    const topicCount = (SOCKETS * TOPICS_PER_SOCKET) / 2;
    const topics = Array.from({ length: topicCount }, (_, k) => `${k.toString(16).padStart(8, '0')}${'ab'.repeat(28)}`);
    const holders = (k: number): [number, number] => {
      const pair = k % (SOCKETS / 2);
      return [2 * pair, 2 * pair + 1];
    };
    t = performance.now();
    await pool(Array.from({ length: topicCount }, (_, k) => k), 200, async (k) => {
      for (const i of holders(k)) {
        const answer = await clients[i]!.request('irn_subscribe', { topic: topics[k] });
        if (answer.error || answer.result !== subscriptionId(topics[k]!, clients[i]!.id.did)) throw new Error(`subscribe failed: ${JSON.stringify(answer)}`);
      }
    });
    const subscribeMs = performance.now() - t;

    // Publishes: from one holder, delivered to the other (on the other instance).
    const times: number[] = [];
    let delivered = 0;
    t = performance.now();
    await pool(Array.from({ length: PUBLISHES }, (_, n) => n), IN_FLIGHT, async (n) => {
      const k = (n * 7919) % topicCount;
      const [a, b] = holders(k);
      const [from, to] = n % 2 === 0 ? [clients[a]!, clients[b]!] : [clients[b]!, clients[a]!];
      const message = `bench-${n}-${'x'.repeat(200)}`;
      const start = performance.now();
      const before = to.inbox.length;
      const answer = await from.request('irn_publish', { topic: topics[k], message, ttl: 300, tag: 1100, prompt: false });
      if (answer.error) throw new Error(`publish failed: ${JSON.stringify(answer.error)}`);
      const deadline = Date.now() + 10_000;
      while (!to.inbox.slice(before).some((m) => m.params.data.message === message)) {
        if (Date.now() > deadline) throw new Error(`publish ${n} not delivered within 10 s`);
        await new Promise((resolve) => setImmediate(resolve));
      }
      times.push(performance.now() - start);
      delivered++;
    });
    const publishSeconds = (performance.now() - t) / 1000;
    return { sockets: clients.length, subscriptions: topicCount * 2, connectMs, subscribeMs, publishes: PUBLISHES, delivered, latency: latency(times), publishesPerSecond: PUBLISHES / publishSeconds };
  } finally {
    for (const client of clients) client?.close();
    await Promise.all(relays.map((r) => r.stop()));
    await redis.stop();
  }
}

/** 40 transfers between 10 accounts on a fresh anvil: history for every one of them. */
async function seedTransfers(anvil: Anvil): Promise<string[]> {
  const accounts = (await rpcCall<string[]>(anvil.rpcUrl, 'eth_accounts')).slice(0, 10);
  for (let i = 0; i < 40; i++) {
    await rpcCall<Hex>(anvil.rpcUrl, 'eth_sendTransaction', [{ from: accounts[i % 10], to: accounts[(i + 3) % 10], value: '0x1' }]);
  }
  return accounts;
}

async function apiLoad(setup: string, base: string, accounts: string[], head: number): Promise<ServicesFigures['api'][number]> {
  const query = (extra: Record<string, string>) => new URLSearchParams({ projectId: 'bench', st: 'bench', sv: 'bench', chainId: 'eip155:31337', ...extra });
  // Wait for the index to reach the chain's head (the history of the last account shows the last transfer).
  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = await fetch(`${base}v1/account/${accounts[9]}/history?${query({})}`).then((r) => r.json() as Promise<{ data: { metadata: { minedAt?: string; blockNumber?: string } }[] }>).catch(() => undefined);
    if (state && state.data.length >= 4) break;
    if (Date.now() > deadline) throw new Error(`${setup}: the index did not catch up to block ${head}`);
    await sleep(200);
  }
  const urls = Array.from({ length: API_REQUESTS }, (_, n) => {
    const account = accounts[n % accounts.length];
    return n % 2 === 0 ? `${base}v1/account/${account}/balance?${query({ currency: 'usd' })}` : `${base}v1/account/${account}/history?${query({})}`;
  });
  // One warm-up round, sequential, so the first figures are not the JIT's.
  for (const url of urls.slice(0, 20)) await (await fetch(url)).arrayBuffer();
  const times: number[] = [];
  let failed = 0;
  const t = performance.now();
  await Promise.all(urls.map(async (url) => {
    const start = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) failed++;
    times.push(performance.now() - start);
  }));
  return { setup, requests: API_REQUESTS, failed, latency: latency(times), allMs: performance.now() - t };
}

async function walletApiLoad(): Promise<ServicesFigures['api']> {
  const dir = mkdtempSync(join(tmpdir(), 'wcm-bench-services-'));
  const anvil = await startAnvil({ chainId: 31337 });
  const results: ServicesFigures['api'] = [];
  try {
    const accounts = await seedTransfers(anvil);
    const head = Number(await rpcCall<Hex>(anvil.rpcUrl, 'eth_blockNumber'));
    const env = { API_PORT: '0', API_CHAINS: JSON.stringify([{ chainId: 31337, rpcUrl: anvil.rpcUrl }]), API_POLL_INTERVAL_MS: '200' };
    const one = await startBundled('wallet-api', { ...env, DATABASE_URL: join(dir, 'api.sqlite') });
    try {
      results.push(await apiLoad('one instance, SQLite', one.url, accounts, head));
    } finally {
      await one.stop();
    }
    const postgres = await startPostgres();
    try {
      const database = await postgres.createDatabase();
      // The balancer first: the instances answer its host name (API_PUBLIC_URL), as behind a site's proxy.
      const balancer = await startBalancer([]);
      const two = await Promise.all([0, 1].map(() => startBundled('wallet-api', { ...env, DATABASE_URL: database, API_PUBLIC_URL: balancer.url })));
      balancer.targets.push(...two.map((s) => s.url));
      try {
        results.push(await apiLoad('two instances, one PostgreSQL', balancer.url, accounts, head));
      } finally {
        await balancer.stop();
        await Promise.all(two.map((s) => s.stop()));
      }
    } finally {
      await postgres.stop();
    }
  } finally {
    await anvil.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

export async function servicesSection(): Promise<ServicesFigures> {
  console.log('\nServices under load (loopback; the bundled services in their own processes)\n');
  await buildServices();
  const relay = await relayLoad();
  console.log(
    table(
      ['relay: 2 instances on one Redis', 'figure'],
      [
        ['sockets (from 20 addresses)', String(relay.sockets)],
        ['subscriptions (one socket on each instance per topic)', String(relay.subscriptions)],
        ['time to open the sockets (50 at a time)', ms(relay.connectMs)],
        ['time to subscribe (200 topics at a time)', ms(relay.subscribeMs)],
        [`publishes (${IN_FLIGHT} in flight), delivered on the other instance`, `${relay.delivered} / ${relay.publishes}`],
        ['publish → deliver p50', ms(relay.latency.p50)],
        ['publish → deliver p99', ms(relay.latency.p99)],
        ['publish → deliver max', ms(relay.latency.max)],
        ['publishes per second', relay.publishesPerSecond.toFixed(0)],
      ],
    ),
  );
  const api = await walletApiLoad();
  console.log('');
  console.log(
    table(
      ['wallet API: 500 requests at once (balance and history)', 'p50', 'p99', 'max', 'all 500', 'failed'],
      api.map((r) => [r.setup, ms(r.latency.p50), ms(r.latency.p99), ms(r.latency.max), ms(r.allMs), String(r.failed)]),
    ),
  );
  return { relay, api };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  servicesSection().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
