// The wallet data API's JSON-RPC proxy (docs/wire-formats.md#wallet-data-api): POST /v1?chainId=<caip2>&projectId=…
// answered by the local chain of that id, for single calls and batches; never the node's own accounts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { numberToHex } from 'viem';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { createWalletApi, type WalletApi } from '../../server/api/app.js';
import { RPC_PROXY_MAX_BODY } from '../../server/api/rpc-proxy.js';
import { rpcCall } from '../../server/json-rpc.js';

const ACCOUNT = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('wallet API: the JSON-RPC proxy', () => {
  let anvil: Anvil;
  let other: Anvil;
  let api: WalletApi;
  let strict: WalletApi;

  before(async () => {
    [anvil, other] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })]);
    const chains = [{ chainId: 31337, rpcUrl: anvil.rpcUrl }, { chainId: 31338, rpcUrl: other.rpcUrl }];
    api = await createWalletApi({ chains, dbPath: ':memory:' });
    strict = await createWalletApi({ chains, dbPath: ':memory:', projectIds: ['known'] });
  });
  after(async () => {
    await Promise.all([api?.close(), strict?.close()]);
    await Promise.all([anvil?.stop(), other?.stop()]);
  });

  async function post(query: string, body: unknown, on = api): Promise<{ status: number; body: Json }> {
    const res = await on.app.request(`/v1${query}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  }
  const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params });

  it('answers a call from the chain named by chainId, with or without the slash after /v1', async () => {
    const balance = await rpcCall<string>(anvil.rpcUrl, 'eth_getBalance', [ACCOUNT, 'latest']);
    assert.deepEqual(await post('?chainId=eip155:31337&projectId=p', call('eth_getBalance', [ACCOUNT, 'latest'], 7)), { status: 200, body: { jsonrpc: '2.0', id: 7, result: balance } });
    assert.deepEqual((await post('/?chainId=eip155%3A31338&projectId=p', call('eth_chainId'))).body, { jsonrpc: '2.0', id: 1, result: numberToHex(31338) });
  });

  it('answers a batch in order, each call on its own, refusing the methods it does not pass on', async () => {
    const { status, body } = await post('?chainId=eip155:31337&projectId=p', [
      call('eth_chainId', [], 'a'),
      call('eth_sendTransaction', [{ from: ACCOUNT, to: ACCOUNT, value: '0x1' }], 'b'),
      call('anvil_setBalance', [ACCOUNT, '0x0'], 'c'),
      { id: 'd', method: 'eth_blockNumber' },
      call('eth_blockNumber', [], 'e'),
    ]);
    assert.equal(status, 200);
    assert.deepEqual(body.map((r: Json) => r.id), ['a', 'b', 'c', 'd', 'e']);
    assert.equal(body[0].result, '0x7a69');
    assert.deepEqual(body[1].error, { code: -32601, message: 'Method not available through this proxy: eth_sendTransaction' });
    assert.deepEqual(body[2].error, { code: -32601, message: 'Method not available through this proxy: anvil_setBalance' });
    assert.equal(body[3].error.code, -32600);
    assert.match(body[4].result, /^0x[0-9a-f]+$/);
  });

  it("passes the chain's own errors on with their code", async () => {
    const { body } = await post('?chainId=eip155:31337&projectId=p', call('eth_getBalance', ['not an address', 'latest']));
    assert.equal(body.id, 1);
    assert.equal(typeof body.error.code, 'number');
    assert.equal(body.result, undefined);
  });

  it('refuses an unknown or missing chain, a bad body, an empty batch and an oversized body with a JSON-RPC error', async () => {
    const unknown = await post('?chainId=eip155:1&projectId=p', call('eth_chainId'));
    assert.equal(unknown.status, 400);
    assert.deepEqual(unknown.body, { jsonrpc: '2.0', id: null, error: { code: -32602, message: 'chainId "eip155:1" is not served here; served: eip155:31337, eip155:31338' } });
    const missing = await post('?projectId=p', call('eth_chainId'));
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error.message, 'chainId is required; served: eip155:31337, eip155:31338');
    const notJson = await post('?chainId=eip155:31337', '{');
    assert.equal(notJson.status, 400);
    assert.equal(notJson.body.error.code, -32700);
    assert.equal((await post('?chainId=eip155:31337', [])).status, 400);
    const huge = await post('?chainId=eip155:31337', call('eth_call', [{ to: ACCOUNT, data: `0x${'00'.repeat(RPC_PROXY_MAX_BODY)}` }, 'latest']));
    assert.equal(huge.status, 413);
    assert.equal(huge.body.error.code, -32600);
  });

  it('checks projectId against the accepted list, and asks nothing else (no st, no sv)', async () => {
    assert.equal((await post('?chainId=eip155:31337&projectId=known', call('eth_chainId'), strict)).body.result, '0x7a69');
    const refused = await post('?chainId=eip155:31337&projectId=other', call('eth_chainId'), strict);
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body.error, { code: -32600, message: 'Unknown project id' });
    assert.equal((await post('?chainId=eip155:31337', call('eth_chainId'), strict)).status, 403);
    assert.equal((await post('?chainId=eip155:31337', call('eth_chainId'))).body.result, '0x7a69', 'without a list, any or no project id');
  });

  it('lets a browser page call it (CORS, no caching)', async () => {
    const preflight = await api.app.request('/v1?chainId=eip155:31337', { method: 'OPTIONS', headers: { Origin: 'http://page.test', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    const res = await api.app.request('/v1?chainId=eip155:31337', { method: 'POST', headers: { Origin: 'http://page.test', 'Content-Type': 'application/json' }, body: JSON.stringify(call('eth_chainId')) });
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(res.headers.get('cache-control'), 'no-store');
  });
});
