// The wallet data API (server/api/) against plain anvils: shapes, validation, native-transfer history,
// paging, unsupported networks, and an index that survives a restart.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createPublicClient, formatEther, getAddress, http, parseEther, type Hex } from 'viem';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { createWalletApi, type WalletApi } from '../../server/api/app.js';
import { startWalletApi } from '../../server/api/serve.js';
import { rpcCall } from '../../server/json-rpc.js';
import { rpcProxyUrl } from '../../src/services/rpc-proxy.js';
import { NO_PROJECT_ID, serviceUrl } from '../../src/services/service-url.js';

const COMMON = { projectId: 'test-project', st: 'appkit', sv: 'html-wagmi-test' };
/** Anvil's default accounts #4..#9: the seed (another suite) never touches #4–#8. */
const ACCOUNTS = [
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
] as const;
const [CAROL, DAVE, ERIN, FRANK, GRACE] = ACCOUNTS;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function get(api: WalletApi, path: string, params: Record<string, string> = {}, common: Record<string, string> = COMMON): Promise<{ status: number; body: Json; headers: Headers }> {
  const res = await api.app.request(`${path}?${new URLSearchParams({ ...params, ...common })}`);
  return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
}

async function postPrice(api: WalletApi, body: unknown): Promise<{ status: number; body: Json }> {
  const res = await api.app.request('/v1/fungible/price', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Json };
}

async function send(anvil: Anvil, tx: { from: string; to?: string; value?: bigint; data?: Hex; gas?: bigint }): Promise<{ hash: Hex; blockNumber: number }> {
  const hash = await rpcCall<Hex>(anvil.rpcUrl, 'eth_sendTransaction', [
    { from: tx.from, to: tx.to, value: `0x${(tx.value ?? 0n).toString(16)}`, data: tx.data, gas: tx.gas ? `0x${tx.gas.toString(16)}` : undefined },
  ]);
  // Anvil mines at once, but the receipt can take a moment to be queryable.
  for (let attempt = 0; ; attempt++) {
    const receipt = await rpcCall<{ blockNumber: Hex } | null>(anvil.rpcUrl, 'eth_getTransactionReceipt', [hash]);
    if (receipt) return { hash, blockNumber: Number(receipt.blockNumber) };
    if (attempt > 100) throw new Error(`no receipt for ${hash}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function assertError(response: { status: number; body: Json }, status: number, name: string): void {
  assert.equal(response.status, status, JSON.stringify(response.body));
  assert.equal(response.body.status, 'ERROR');
  assert.ok(Array.isArray(response.body.reasons));
  const reason = response.body.reasons.find((r: Json) => r.name === name);
  assert.ok(reason, `a reason names ${name}: ${JSON.stringify(response.body.reasons)}`);
  assert.equal(typeof reason.description, 'string');
  assert.ok(reason.description.length > 0);
}

describe('wallet API on plain anvils', () => {
  let anvil: Anvil;
  let other: Anvil;
  let api: WalletApi;

  before(async () => {
    [anvil, other] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })]);
    api = await createWalletApi({
      chains: [
        { chainId: 31337, rpcUrl: anvil.rpcUrl },
        { chainId: 31338, rpcUrl: other.rpcUrl },
      ],
      dbPath: ':memory:',
    });
  });
  after(async () => {
    await api?.close();
    await Promise.all([anvil?.stop(), other?.stop()]);
  });

  it('GET /v1/supported-chains lists the served chains', async () => {
    const { status, body } = await get(api, '/v1/supported-chains');
    assert.equal(status, 200);
    assert.deepEqual(body, { http: ['eip155:31337', 'eip155:31338'], ws: [] });
  });

  it('every GET needs projectId, st and sv; each missing one is named', async () => {
    for (const name of ['projectId', 'st', 'sv'] as const) {
      const common: Record<string, string> = { ...COMMON };
      delete common[name];
      assertError(await get(api, '/v1/supported-chains', {}, common), 400, name);
      assertError(await get(api, `/v1/account/${CAROL}/balance`, { chainId: 'eip155:31337' }, { ...COMMON, [name]: '' }), 400, name);
    }
    const none = await get(api, `/v1/identity/${CAROL}`, {}, {});
    assert.deepEqual(none.body.reasons.map((r: Json) => r.name), ['projectId', 'st', 'sv']);
  });

  it('rejects a bad address, chainId, cursor, sender or currency with 400 naming it', async () => {
    for (const bad of ['0x12', 'f39Fd6e51aad88F6F4ce6aB8827279cffFb92266', `${CAROL}00`, '0xZZ9Fd6e51aad88F6F4ce6aB8827279cffFb92266']) {
      assertError(await get(api, `/v1/account/${bad}/balance`, { chainId: 'eip155:31337' }), 400, 'address');
      assertError(await get(api, `/v1/account/${bad}/history`, { chainId: 'eip155:31337' }), 400, 'address');
      assertError(await get(api, `/v1/identity/${bad}`), 400, 'address');
    }
    for (const chainId of ['31337', 'eip155', 'eip155:', 'EIP155:1', 'eip155:1:0xabc']) {
      assertError(await get(api, `/v1/account/${CAROL}/balance`, { chainId }), 400, 'chainId');
      assertError(await get(api, `/v1/account/${CAROL}/history`, { chainId }), 400, 'chainId');
    }
    assertError(await get(api, `/v1/account/${CAROL}/history`, {}), 400, 'chainId');
    for (const cursor of ['nope', Buffer.from('1:x').toString('base64url'), '']) {
      assertError(await get(api, `/v1/account/${CAROL}/history`, { chainId: 'eip155:31337', cursor }), 400, 'cursor');
    }
    assertError(await get(api, `/v1/identity/${CAROL}`, { sender: '0x1' }), 400, 'sender');
    assertError(await get(api, `/v1/account/${CAROL}/balance`, { chainId: 'eip155:31337', currency: 'eur' }), 400, 'currency');
    // The hosted API's forceUpdate means nothing to an API that reads the chain on every call: ignored.
    assert.equal((await get(api, `/v1/account/${CAROL}/balance`, { chainId: 'eip155:31337', forceUpdate: 'not-caip' })).status, 200);
  });

  it('answers the widget without a project id (projectId=none, as the directory gets); a project list refuses it (403)', async () => {
    const widgetPath = (apiPath: string, params: Record<string, string> = {}) => {
      const url = serviceUrl({ url: 'http://api.test/', projectId: undefined }, apiPath, params);
      assert.equal(url.searchParams.get('projectId'), NO_PROJECT_ID);
      return `${url.pathname}${url.search}`;
    };
    const chains = await api.app.request(widgetPath('v1/supported-chains'));
    assert.equal(chains.status, 200);
    assert.deepEqual(await chains.json(), { http: ['eip155:31337', 'eip155:31338'], ws: [] });
    const balance = await api.app.request(widgetPath(`v1/account/${CAROL}/balance`, { currency: 'usd', chainId: 'eip155:31337' }));
    assert.equal(balance.status, 200);
    assert.equal(((await balance.json()) as Json).balances[0].symbol, 'ETH');
    const proxy = new URL(rpcProxyUrl({ apiUrl: 'http://api.test/', projectId: undefined }, 'eip155:31337'));
    const rpc = await api.app.request(`${proxy.pathname}${proxy.search}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }) });
    assert.equal(rpc.status, 200);
    assert.deepEqual(await rpc.json(), { jsonrpc: '2.0', id: 1, result: '0x7a69' });
    const strict = await createWalletApi({ chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }], dbPath: ':memory:', projectIds: ['good-project'] });
    try {
      const refused = await strict.app.request(widgetPath('v1/supported-chains'));
      assertError({ status: refused.status, body: (await refused.json()) as Json }, 403, 'projectId');
    } finally {
      await strict.close();
    }
  });

  it('POST /v1/fungible/price checks its body', async () => {
    assertError(await postPrice(api, { currency: 'usd', addresses: [] }), 400, 'projectId');
    assertError(await postPrice(api, { projectId: 'p', currency: 'usd', addresses: ['0xabc'] }), 400, 'addresses');
    assertError(await postPrice(api, { projectId: 'p', currency: 'usd' }), 400, 'addresses');
    assertError(await postPrice(api, { projectId: 'p', currency: 'usd', addresses: ['eip155:31337:0x12'] }), 400, 'addresses');
    assertError(await postPrice(api, { projectId: 'p', currency: 'eur', addresses: [] }), 400, 'currency');
    assertError(await postPrice(api, '{not json'), 400, 'body');
    const ok = await postPrice(api, { projectId: 'p', currency: 'usd', addresses: ['eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'] });
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body.fungibles.map((f: Json) => Object.keys(f).sort()), [['address', 'iconUrl', 'name', 'price', 'symbol']]);
    assert.deepEqual({ ...ok.body.fungibles[0], iconUrl: 'icon' }, { address: 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', name: 'Ether', symbol: 'ETH', iconUrl: 'icon', price: 0 });
  });

  it('answers unsupported networks with empty results', async () => {
    for (const chainId of ['eip155:1', 'eip155:999999', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']) {
      assert.deepEqual((await get(api, `/v1/account/${CAROL}/balance`, { chainId, currency: 'usd' })).body, { balances: [] });
      assert.deepEqual((await get(api, `/v1/account/${CAROL}/history`, { chainId })).body, { data: [], next: null });
    }
    const price = await postPrice(api, { projectId: 'p', currency: 'usd', addresses: ['eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'] });
    assert.deepEqual(price.body, { fungibles: [] });
  });

  it('GET /v1/identity answers nulls where there is no ENS', async () => {
    const { status, body } = await get(api, `/v1/identity/${CAROL}`, { sender: DAVE });
    assert.equal(status, 200);
    assert.deepEqual(body, { name: null, avatar: null });
  });

  it('GET /v1/account/{address}/balance gives the native balance the chain reports', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const { status, body } = await get(api, `/v1/account/${CAROL}/balance`, { chainId: 'eip155:31337', currency: 'usd', forceUpdate: 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' });
    assert.equal(status, 200);
    assert.equal(body.balances.length, 1);
    const [native] = body.balances;
    assert.deepEqual(Object.keys(native).sort(), ['chainId', 'iconUrl', 'name', 'price', 'quantity', 'symbol', 'value']);
    assert.deepEqual({ ...native, iconUrl: undefined }, {
      name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 0, price: 0, iconUrl: undefined,
      quantity: { decimals: '18', numeric: formatEther(await client.getBalance({ address: CAROL })) },
    });
    assert.match(native.iconUrl, /^data:image\/svg\+xml;base64,/);
    // The other chain's balance comes from the other chain (and lowercase addresses are accepted).
    const onOther = await get(api, `/v1/account/${CAROL.toLowerCase()}/balance`, { chainId: 'eip155:31338' });
    assert.equal(onOther.body.balances[0].chainId, 'eip155:31338');
    assert.equal(onOther.body.balances[0].quantity.numeric, '10000');
  });

  it('shows a native transfer in both histories, out for the sender and in for the receiver', async () => {
    const { hash, blockNumber } = await send(anvil, { from: CAROL, to: DAVE, value: parseEther('1.5') });
    await api.indexer.waitForBlock(31337, blockNumber);
    const block = await rpcCall<{ timestamp: Hex }>(anvil.rpcUrl, 'eth_getBlockByNumber', [`0x${blockNumber.toString(16)}`, false]);

    const sender = await get(api, `/v1/account/${CAROL}/history`, { chainId: 'eip155:31337' });
    assert.equal(sender.status, 200);
    assert.equal(sender.body.next, null);
    assert.equal(sender.body.data.length, 1);
    const [tx] = sender.body.data;
    assert.deepEqual(Object.keys(tx).sort(), ['id', 'metadata', 'transfers']);
    assert.deepEqual(tx.metadata, {
      operationType: 'send',
      hash,
      chain: 'eip155:31337',
      minedAt: new Date(Number(block.timestamp) * 1000).toISOString(),
      sentFrom: CAROL,
      sentTo: DAVE,
      status: 'confirmed',
      nonce: 0,
    });
    assert.equal(tx.id, hash);
    assert.equal(tx.transfers.length, 1);
    assert.deepEqual({ ...tx.transfers[0], fungible_info: { ...tx.transfers[0].fungible_info, icon: typeof tx.transfers[0].fungible_info.icon.url } }, {
      fungible_info: { name: 'Ether', symbol: 'ETH', icon: 'string' },
      direction: 'out',
      quantity: { numeric: '1.5' },
      value: 0,
      price: 0,
    });

    const receiver = await get(api, `/v1/account/${DAVE}/history`, { chainId: 'eip155:31337' });
    assert.equal(receiver.body.data[0].metadata.operationType, 'receive');
    assert.equal(receiver.body.data[0].transfers[0].direction, 'in');
    assert.equal(receiver.body.data[0].id, hash);

    // Not on the other chain.
    assert.deepEqual((await get(api, `/v1/account/${CAROL}/history`, { chainId: 'eip155:31338' })).body, { data: [], next: null });
  });

  it('marks a transfer to oneself as self and a reverted transaction as failed', async () => {
    const self = await send(anvil, { from: ERIN, to: ERIN, value: parseEther('0.1') });
    // A contract whose code is PUSH0 PUSH0 REVERT: every call fails. The explicit gas skips estimation.
    const deployed = await send(anvil, { from: ERIN, data: '0x6003600c60003960036000f35f5ffd' });
    const receipt = (await rpcCall<{ contractAddress: string }>(anvil.rpcUrl, 'eth_getTransactionReceipt', [deployed.hash]));
    const failed = await send(anvil, { from: ERIN, to: receipt.contractAddress, value: parseEther('1'), gas: 100_000n });
    await api.indexer.waitForBlock(31337, failed.blockNumber);

    const { body } = await get(api, `/v1/account/${ERIN}/history`, { chainId: 'eip155:31337' });
    const byHash = new Map(body.data.map((tx: Json) => [tx.hash ?? tx.metadata.hash, tx]));
    const selfTx = byHash.get(self.hash) as Json;
    assert.equal(selfTx.transfers[0].direction, 'self');
    const failedTx = byHash.get(failed.hash) as Json;
    assert.equal(failedTx.metadata.status, 'failed');
    assert.deepEqual(failedTx.transfers, [], 'a reverted transaction moved nothing');
    const deployTx = byHash.get(deployed.hash) as Json;
    assert.equal(deployTx.metadata.operationType, 'deploy');
    assert.equal(deployTx.metadata.sentTo, getAddress(receipt.contractAddress));
  });

  it('pages through more than two pages with the cursor: newest first, no duplicates, next null at the end', async () => {
    const sent: string[] = [];
    let last = 0;
    for (let i = 1; i <= 23; i++) {
      const { hash, blockNumber } = await send(anvil, { from: FRANK, to: GRACE, value: BigInt(i) });
      sent.push(hash);
      last = blockNumber;
    }
    await api.indexer.waitForBlock(31337, last);

    const pages: Json[][] = [];
    let cursor: string | undefined;
    do {
      const { status, body } = await get(api, `/v1/account/${FRANK}/history`, { chainId: 'eip155:31337', ...(cursor ? { cursor } : {}) });
      assert.equal(status, 200);
      pages.push(body.data);
      assert.ok(body.next === null || typeof body.next === 'string');
      cursor = body.next ?? undefined;
    } while (cursor && pages.length < 10);
    assert.deepEqual(pages.map((page) => page.length), [10, 10, 3]);
    const all = pages.flat();
    const hashes = all.map((tx) => tx.metadata.hash);
    assert.equal(new Set(all.map((tx) => tx.id)).size, 23, 'no duplicates');
    assert.deepEqual(hashes, [...sent].reverse(), 'newest first, nothing missing');
    const nonces = all.map((tx) => tx.metadata.nonce);
    assert.deepEqual(nonces, [...nonces].sort((a, b) => b - a));
    assert.deepEqual(all.map((tx) => tx.transfers[0].quantity.numeric).slice(0, 2), [formatEther(23n), formatEther(22n)]);
  });

  it('answers 502 naming the lookup when a chain node is down, and keeps serving what it has', async () => {
    const warn = console.warn;
    console.warn = () => undefined;
    const down = await createWalletApi({ chains: [{ chainId: 31339, rpcUrl: 'http://127.0.0.1:9' }], dbPath: ':memory:' });
    try {
      assertError(await get(down, `/v1/account/${CAROL}/balance`, { chainId: 'eip155:31339' }), 502, 'balance');
      assert.deepEqual((await get(down, `/v1/account/${CAROL}/history`, { chainId: 'eip155:31339' })).body, { data: [], next: null });
      assert.deepEqual((await get(down, '/v1/supported-chains')).body, { http: ['eip155:31339'], ws: [] });
    } finally {
      await down.close();
      console.warn = warn;
    }
  });

  it('checks project ids when configured (403) and prices from a price table', async () => {
    const strict = await createWalletApi({
      chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }],
      dbPath: ':memory:',
      projectIds: ['good-project'],
      priceTable: { 'native:31337': 1234.5 },
    });
    try {
      assertError(await get(strict, '/v1/supported-chains', {}, { ...COMMON, projectId: 'someone-else' }), 403, 'projectId');
      assertError(await postPrice(strict, { projectId: 'someone-else', currency: 'usd', addresses: [] }), 403, 'projectId');
      const good = { ...COMMON, projectId: 'good-project' };
      const { status, body } = await get(strict, `/v1/account/${GRACE}/balance`, { chainId: 'eip155:31337' }, good);
      assert.equal(status, 200);
      const [native] = body.balances;
      assert.equal(native.price, 1234.5);
      assert.ok(Math.abs(native.value - Number(native.quantity.numeric) * 1234.5) < 1e-6);
      const price = await postPrice(strict, { projectId: 'good-project', currency: 'usd', addresses: ['eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'] });
      assert.equal(price.body.fungibles[0].price, 1234.5);
    } finally {
      await strict.close();
    }
  });

  it('answers CORS preflights for any origin and unknown paths with a JSON 404', async () => {
    const preflight = await api.app.request('/v1/fungible/price', {
      method: 'OPTIONS',
      headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /content-type/i);
    const simple = await api.app.request(`/v1/supported-chains?${new URLSearchParams(COMMON)}`, { headers: { Origin: 'https://shop.example' } });
    assert.equal(simple.headers.get('access-control-allow-origin'), '*');
    assert.equal(simple.headers.get('cache-control'), 'no-store');
    const missing = await get(api, '/v1/nothing-here');
    assertError(missing, 404, 'path');
  });
});

describe('wallet API index across restarts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-api-'));
  const dbPath = join(dir, 'index.sqlite');
  const started: Anvil[] = [];
  after(async () => {
    await Promise.all(started.map((anvil) => anvil.stop()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('resumes from the saved index after a restart, and starts over on a fresh chain', async () => {
    const anvil = await startAnvil({ chainId: 31337 });
    started.push(anvil);
    for (let i = 0; i < 5; i++) await send(anvil, { from: CAROL, to: DAVE, value: 1n });

    const first = await startWalletApi({ chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }], dbPath });
    await first.indexer.waitForHead(31337);
    assert.equal(first.indexer.stats.blocksFetched[31337], 6, 'genesis and five blocks');
    const history = await fetch(`${first.url}v1/account/${CAROL}/history?${new URLSearchParams({ ...COMMON, chainId: 'eip155:31337' })}`);
    assert.equal(history.status, 200);
    assert.equal(history.headers.get('content-type'), 'application/json');
    const before = (await history.json()) as Json;
    assert.equal(before.data.length, 5);
    await first.stop();
    assert.deepEqual(readdirSync(dir), ['index.sqlite'], 'saved, with no temporary file left');

    const { blockNumber } = await send(anvil, { from: CAROL, to: DAVE, value: 2n });
    const second = await createWalletApi({ chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }], dbPath });
    try {
      assert.ok(second.indexer.lastIndexedBlock(31337) >= 5, 'the saved index is there before any block is fetched');
      await second.indexer.waitForBlock(31337, blockNumber);
      assert.equal(second.indexer.stats.blocksFetched[31337], 1, 'only the new block was fetched');
      assert.equal(second.indexer.stats.resets[31337], 0);
      const after = await get(second, `/v1/account/${CAROL}/history`, { chainId: 'eip155:31337' });
      assert.equal(after.body.data.length, 6);
      assert.deepEqual(after.body.data.slice(1), before.data);
    } finally {
      await second.close();
    }

    // A new anvil (a new genesis block) on the same chain id: the old index must not leak into it. Anvil's
    // genesis carries its start second, so start it in a later second than the old one's genesis. (Within
    // the same second the genesis is identical, block 1 is where they part, and the index rolls back to 0.)
    const genesis = await rpcCall<{ timestamp: Hex }>(anvil.rpcUrl, 'eth_getBlockByNumber', ['0x0', false]);
    while (Math.floor(Date.now() / 1000) <= Number(genesis.timestamp)) await new Promise((resolve) => setTimeout(resolve, 50));
    const fresh = await startAnvil({ chainId: 31337 });
    started.push(fresh);
    await send(fresh, { from: DAVE, to: CAROL, value: 3n });
    const third = await createWalletApi({ chains: [{ chainId: 31337, rpcUrl: fresh.rpcUrl }], dbPath });
    try {
      await third.indexer.waitForHead(31337);
      assert.equal(third.indexer.stats.resets[31337], 1, JSON.stringify(third.indexer.stats));
      const { body } = await get(third, `/v1/account/${CAROL}/history`, { chainId: 'eip155:31337' });
      assert.equal(body.data.length, 1);
      assert.equal(body.data[0].metadata.sentFrom, DAVE);
    } finally {
      await third.close();
    }
  });

  it('rolls back blocks an evm_revert removed', async () => {
    const anvil = await startAnvil({ chainId: 31337 });
    started.push(anvil);
    const api = await createWalletApi({ chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }], dbPath: ':memory:', indexer: { pollIntervalMs: 50 } });
    try {
      const snapshot = await rpcCall<Hex>(anvil.rpcUrl, 'evm_snapshot');
      const reverted = await send(anvil, { from: CAROL, to: DAVE, value: 1n });
      await api.indexer.waitForBlock(31337, reverted.blockNumber);
      await rpcCall(anvil.rpcUrl, 'evm_revert', [snapshot]);
      const replacement = await send(anvil, { from: CAROL, to: ERIN, value: 2n });
      assert.equal(replacement.blockNumber, reverted.blockNumber, 'same height, different block');
      // Wait until the index holds the replacement.
      for (let i = 0; i < 100; i++) {
        const { body } = await get(api, `/v1/account/${CAROL}/history`, { chainId: 'eip155:31337' });
        if (body.data[0]?.metadata.hash === replacement.hash) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const { body } = await get(api, `/v1/account/${CAROL}/history`, { chainId: 'eip155:31337' });
      assert.deepEqual(body.data.map((tx: Json) => tx.metadata.hash), [replacement.hash]);
      assert.deepEqual((await get(api, `/v1/account/${DAVE}/history`, { chainId: 'eip155:31337' })).body.data, []);
    } finally {
      await api.close();
    }
  });
});
