// The wallet data API and the wallet directory as deployable services: their command-line entries, a start block,
// and two API instances on one PostgreSQL (one indexes each chain, both serve it, the other takes over).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { formatEther, type Hex } from 'viem';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { startWalletApi, type WalletApiServer } from '../../server/api/serve.js';
import { rpcCall } from '../../server/json-rpc.js';
import { useTestDatabases } from '../support/local-databases.js';
import { runServiceProcess, startServiceProcess } from '../support/service-process.js';

const COMMON = { projectId: 'test-project', st: 'appkit', sv: 'html-wagmi-test' };
/** Anvil's default accounts #4 and #5. */
const CAROL = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const DAVE = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function send(anvil: Anvil, value: bigint): Promise<number> {
  const hash = await rpcCall<Hex>(anvil.rpcUrl, 'eth_sendTransaction', [{ from: CAROL, to: DAVE, value: `0x${value.toString(16)}` }]);
  for (let attempt = 0; attempt < 200; attempt++) {
    const receipt = await rpcCall<{ blockNumber: Hex } | null>(anvil.rpcUrl, 'eth_getTransactionReceipt', [hash]);
    if (receipt) return Number(receipt.blockNumber);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no receipt for ${hash}`);
}

/** The wei values of CAROL's history at `base`, newest first. */
async function history(base: string): Promise<string[]> {
  const response = await fetch(`${base}v1/account/${CAROL}/history?${new URLSearchParams({ ...COMMON, chainId: 'eip155:31337' })}`);
  assert.equal(response.status, 200);
  const body = (await response.json()) as Json;
  return body.data.map((tx: Json) => tx.transfers[0].quantity.numeric);
}

/** Polls `read` until it returns `expected` (the index of another instance catches up on its own time). */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.deepEqual(last, expected);
}

const made = useTestDatabases('wallet-api-service');
let anvil: Anvil;
before(async () => {
  anvil = await startAnvil({ chainId: 31337 });
});
after(() => anvil?.stop());

describe('the wallet API as a service', { timeout: 120_000 }, () => {
  it('refuses a bad configuration, naming each variable', async () => {
    const run = await runServiceProcess('server/api/cli.ts', { API_CHAINS: '[{"chainId": 1, "rpcUrl": "ftp://node"}]', API_PORT: 'eighty', DATABASE_URL: 'mysql://db/x' });
    assert.equal(await run.exited, 1);
    const message = run.stderr().trim();
    assert.match(message, /^wallet-api: invalid configuration:/);
    assert.match(message, /API_PORT: must be a port number/);
    assert.match(message, /API_CHAINS: 0\.rpcUrl/);
    assert.match(message, /DATABASE_URL: must be postgres:\/\/… or a SQLite file path/);
    assert.doesNotMatch(message, /mysql:\/\/db/, 'a database URL is not echoed');
  });

  it('indexes from its start block only, answers readiness, and stops on SIGTERM', async () => {
    const early = await send(anvil, 1n);
    const start = early + 1;
    await send(anvil, 2n);
    const database = made.sqliteFile();
    const api = await startServiceProcess('server/api/cli.ts', {
      API_PORT: '0',
      API_CHAINS: JSON.stringify([{ chainId: 31337, rpcUrl: anvil.rpcUrl, startBlock: start }]),
      DATABASE_URL: database,
      API_POLL_INTERVAL_MS: '50',
    });
    try {
      assert.deepEqual(await (await fetch(`${api.url}health/ready`)).json(), { status: 'ready', checks: { storage: 'ok' } });
      await eventually(() => history(api.url), ['0.000000000000000002'], 15_000);
      await send(anvil, 3n);
      await eventually(() => history(api.url), ['0.000000000000000003', '0.000000000000000002']);
      assert.ok(api.logs.some((line) => line.msg === 'request' && line.status === 200 && line.path === `/v1/account/${CAROL}/history`), 'one log line per request');
      api.child.kill('SIGTERM');
      assert.equal(await api.exited, 0);
      assert.deepEqual(api.logs.slice(-2).map((line) => line.msg), ['shutting down', 'stopped']);
    } finally {
      api.child.kill('SIGKILL');
    }
  });
});

describe('two wallet APIs on one PostgreSQL', { timeout: 120_000 }, () => {
  let database: string;
  let one: WalletApiServer | undefined;
  let two: WalletApiServer | undefined;
  before(async () => {
    database = await made.postgresDatabase();
  });
  after(async () => {
    await Promise.all([one?.stop(0), two?.stop(0)]);
  });

  it('one indexes the chain, both answer from the index, and the other takes over when the first stops', async () => {
    const chains = [{ chainId: 31337, rpcUrl: anvil.rpcUrl }];
    one = await startWalletApi({ chains, dbPath: database, indexer: { pollIntervalMs: 50 } });
    await one.indexer.waitForHead(31337);
    two = await startWalletApi({ chains, dbPath: database, indexer: { pollIntervalMs: 50 } });
    const value = 10n + BigInt(Date.now() % 1000);
    const block = await send(anvil, value);
    await Promise.all([one.indexer.waitForBlock(31337, block), two.indexer.waitForBlock(31337, block)]);
    const [fromOne, fromTwo] = await Promise.all([history(one.url), history(two.url)]);
    assert.deepEqual(fromTwo, fromOne);
    assert.equal(fromOne[0], formatEther(value));
    assert.equal(two.indexer.stats.blocksFetched[31337], 0, 'the second fetched no block: the first holds the chain');

    await one.stop();
    one = undefined;
    const next = await send(anvil, 7n);
    await two.indexer.waitForBlock(31337, next);
    assert.ok((two.indexer.stats.blocksFetched[31337] ?? 0) >= 1, 'the second took the chain over');
    assert.equal((await history(two.url))[0], '0.000000000000000007');
  });
});

describe('the wallet directory as a service', { timeout: 60_000 }, () => {
  it('serves a wallets file, refuses a wrong one naming the field, and stops on SIGTERM', async () => {
    const wrong = join(made.dir, 'wrong-wallets.json');
    writeFileSync(wrong, JSON.stringify([{ id: 'w1', name: 'One', image_id: 'i1', order: 1, homepage: 'javascript:alert(1)' }]));
    const refused = await runServiceProcess('server/directory/cli.ts', { DIRECTORY_PORT: '0', DIRECTORY_WALLETS_FILE: wrong });
    assert.equal(await refused.exited, 1);
    assert.match(refused.output(), /DIRECTORY_WALLETS_FILE .*wrong-wallets\.json: 0\.homepage/);

    const file = join(made.dir, 'wallets.json');
    writeFileSync(file, JSON.stringify([{ id: 'w1', name: 'Only Wallet', image_id: 'i1', order: 1, homepage: 'https://only.example' }]));
    const directory = await startServiceProcess('server/directory/cli.ts', { DIRECTORY_PORT: '0', DIRECTORY_WALLETS_FILE: file });
    try {
      assert.equal((await fetch(`${directory.url}health/ready`)).status, 200);
      const page = (await (await fetch(`${directory.url}getWallets?${new URLSearchParams({ ...COMMON, page: '1', entries: '10' })}`)).json()) as Json;
      assert.deepEqual(page.data.map((w: Json) => w.name), ['Only Wallet']);
      directory.child.kill('SIGTERM');
      assert.equal(await directory.exited, 0);
    } finally {
      directory.child.kill('SIGKILL');
    }
  });

  it('starts with the shipped list when no file is given', async () => {
    const directory = await startServiceProcess('server/directory/cli.ts', { DIRECTORY_PORT: '0', DIRECTORY_WALLETS_FILE: join(import.meta.dirname, '..', '..', 'server', 'directory', 'wallets.json') });
    try {
      const page = (await (await fetch(`${directory.url}getWallets?${new URLSearchParams({ ...COMMON, page: '1', entries: '40' })}`)).json()) as Json;
      assert.equal(page.count, 32);
    } finally {
      directory.child.kill('SIGKILL');
    }
  });
});
