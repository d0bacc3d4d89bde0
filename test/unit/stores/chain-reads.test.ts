import { expect } from '@esm-bundle/chai';
import { ProviderRpcError } from '../../../src/core/provider-rpc-error.js';
import { PUBLIC_RPCS } from '../../../src/connectors/evm/public-rpcs.js';
import { rpcProxyUrl } from '../../../src/services/rpc-proxy.js';
import { SDK_TYPE, SDK_VERSION } from '../../../src/services/service-url.js';
import { clearWalletApiCaches } from '../../../src/services/wallet-api.js';
import { chainSource, readRpcUrl } from '../../../src/stores/chain-reads.js';
import { hostProvider } from '../../../src/stores/host-provider.js';
import { createFakeProvider } from '../support/fake-wallet.js';
import { caip, resetStores } from '../support/stores.js';
import { rejection } from '../support/rejection.js';

interface Seen {
  url: URL;
  method: string;
  body: { method?: string; params?: unknown } | undefined;
}

/** A scripted fetch that records method, URL and JSON body: the supported-chains list, and JSON-RPC answers. */
function stubFetch(answer: (seen: Seen) => { status?: number; body: unknown } | 'offline') {
  const real = globalThis.fetch;
  const seen: Seen[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: Seen = { url: new URL(String(input)), method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined };
    seen.push(request);
    const reply = answer(request);
    if (reply === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { seen, restore: () => void (globalThis.fetch = real) };
}

const rpcRejection = (promise: Promise<unknown>) => rejection(promise, ProviderRpcError);

const LOCAL = caip('eip155:31337');
const chainsAnswer = (url: URL) => (url.pathname.endsWith('/v1/supported-chains') ? { body: { http: [LOCAL, 'eip155:31338'], ws: [] } } : undefined);

describe('stores/chain-reads: where EVM reads go', () => {
  let net: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => {
    clearWalletApiCaches();
    resetStores();
  });
  afterEach(() => {
    net?.restore();
    net = undefined;
  });

  it('1. the rpc-urls entry for the chain, without asking anything', async () => {
    net = stubFetch(() => ({ body: {} }));
    resetStores({ rpcUrls: { [LOCAL]: 'http://127.0.0.1:9545' }, apiUrl: 'http://api.test/' });
    expect(await readRpcUrl(LOCAL)).to.equal('http://127.0.0.1:9545');
    expect(net.seen).to.deep.equal([]);
  });

  it("2. else the wallet data API's JSON-RPC proxy for a chain the API supports, keeping the api-url's path", async () => {
    net = stubFetch(({ url }) => chainsAnswer(url) ?? { status: 404, body: {} });
    resetStores({ apiUrl: 'https://api.test/wallet/', projectId: 'p1' });
    expect(await readRpcUrl(LOCAL)).to.equal(`https://api.test/wallet/v1?chainId=eip155%3A31337&projectId=p1&st=${SDK_TYPE}&sv=${encodeURIComponent(SDK_VERSION)}`);
    // Asked once which chains the API serves, under the same path prefix.
    expect(net.seen.map((s) => s.url.pathname)).to.deep.equal(['/wallet/v1/supported-chains']);
  });

  it("3. else the chain's public RPC from viem's chain definitions: a chain the API does not serve, or an API that is down", async () => {
    net = stubFetch(({ url }) => chainsAnswer(url) ?? { status: 404, body: {} });
    resetStores({ apiUrl: 'https://api.test/', projectId: 'p1' });
    expect(await readRpcUrl(caip('eip155:1'))).to.equal(PUBLIC_RPCS[1]);
    expect(PUBLIC_RPCS[1]).to.match(/^https:\/\//);
    net.restore();
    clearWalletApiCaches();
    net = stubFetch(() => 'offline');
    expect(await readRpcUrl(caip('eip155:10'))).to.equal(PUBLIC_RPCS[10]);
    resetStores();
    expect(await readRpcUrl(caip('eip155:137'))).to.equal(PUBLIC_RPCS[137]);
  });

  it('none for a chain nobody knows (then the wallet answers), nor a local chain without rpc-urls or API', async () => {
    net = stubFetch(() => ({ body: {} }));
    expect(await readRpcUrl(caip('eip155:987654321987'))).to.equal(undefined);
    expect(await readRpcUrl(LOCAL)).to.equal(undefined);
    const wallet = createFakeProvider();
    expect(await chainSource(LOCAL, wallet)).to.deep.equal({ rpcUrl: undefined, provider: wallet });
    expect(net.seen).to.deep.equal([]);
  });

  it('builds the proxy URL with or without a project id and with a path or none', () => {
    const id = `st=${SDK_TYPE}&sv=${encodeURIComponent(SDK_VERSION)}`;
    expect(rpcProxyUrl({ apiUrl: 'http://127.0.0.1:8547/', projectId: undefined }, LOCAL)).to.equal(`http://127.0.0.1:8547/v1?chainId=eip155%3A31337&projectId=none&${id}`);
    expect(rpcProxyUrl({ apiUrl: 'https://api.test/a/b?x=1#y', projectId: 'x' }, LOCAL)).to.equal(`https://api.test/a/b/v1?chainId=eip155%3A31337&projectId=x&${id}`);
  });
});

describe("stores/host-provider: the host's getProvider('eip155')", () => {
  let net: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => {
    clearWalletApiCaches();
    resetStores({ rpcUrls: { [LOCAL]: 'http://rpc.test/' } });
  });
  afterEach(() => {
    net?.restore();
    net = undefined;
  });

  it('sends reads to the RPC of the chain the wallet is on, and everything else to the wallet', async () => {
    net = stubFetch(({ body }) => ({ body: { jsonrpc: '2.0', id: 1, result: body?.method === 'eth_getBalance' ? '0x2a' : '0x99' } }));
    const wallet = createFakeProvider({ chainId: '0x7a69' });
    wallet.handle('personal_sign', () => '0xsigned');
    const host = hostProvider(wallet);
    expect(await host.request({ method: 'eth_getBalance', params: ['0x1111111111111111111111111111111111111111', 'latest'] })).to.equal('0x2a');
    expect(await host.request({ method: 'eth_blockNumber' })).to.equal('0x99');
    expect(await host.request({ method: 'personal_sign', params: ['0x6869', '0x1111111111111111111111111111111111111111'] })).to.equal('0xsigned');
    expect(await host.request({ method: 'eth_accounts' })).to.deep.equal(['0x1111111111111111111111111111111111111111']);
    expect(net.seen.map((s) => [s.method, s.url.href, s.body?.method])).to.deep.equal([
      ['POST', 'http://rpc.test/', 'eth_getBalance'],
      ['POST', 'http://rpc.test/', 'eth_blockNumber'],
    ]);
    expect(net.seen[0]!.body?.params).to.deep.equal(['0x1111111111111111111111111111111111111111', 'latest']);
    // The wallet was asked for its chain (to pick the RPC), the signature and the accounts: never the reads.
    expect(wallet.methods()).to.deep.equal(['eth_chainId', 'eth_chainId', 'personal_sign', 'eth_accounts']);
  });

  it("passes the node's JSON-RPC error on as an EIP-1193 error, and an unreachable RPC as -32603", async () => {
    net = stubFetch(() => ({ body: { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'execution reverted', data: '0x08c379a0' } } }));
    const host = hostProvider(createFakeProvider({ chainId: '0x7a69' }));
    const reverted = await rpcRejection(host.request({ method: 'eth_call', params: [{ to: '0x1111111111111111111111111111111111111111' }, 'latest'] }));
    expect(reverted).to.be.instanceOf(ProviderRpcError);
    expect({ code: reverted.code, message: reverted.message, data: reverted.data }).to.deep.equal({ code: -32000, message: 'execution reverted', data: '0x08c379a0' });
    net.restore();
    net = stubFetch(() => 'offline');
    const down = await rpcRejection(host.request({ method: 'eth_blockNumber' }));
    expect(down.code).to.equal(-32603);
    expect(down.message).to.equal('eth_blockNumber: the RPC at http://rpc.test did not answer (Failed to fetch)');
  });

  it('lets the wallet answer reads when no RPC is known for its chain', async () => {
    net = stubFetch(() => ({ body: {} }));
    const wallet = createFakeProvider({ chainId: '0x7a6a' });
    expect(await hostProvider(wallet).request({ method: 'eth_getBalance', params: ['0x1111111111111111111111111111111111111111', 'latest'] })).to.equal('0xde0b6b3a7640000');
    expect(wallet.methods()).to.deep.equal(['eth_chainId', 'eth_getBalance']);
    expect(net.seen).to.deep.equal([]);
  });

  it("is one object per wallet provider, and its events are the wallet's", () => {
    const wallet = createFakeProvider();
    const host = hostProvider(wallet);
    expect(hostProvider(wallet)).to.equal(host);
    expect(host.on).to.equal(host.on);
    const listener = () => {};
    host.on!('chainChanged', listener);
    expect(wallet.listenerCount('chainChanged')).to.equal(1);
    host.removeListener!('chainChanged', listener);
    expect(wallet.listenerCount('chainChanged')).to.equal(0);
    expect(hostProvider(createFakeProvider())).not.to.equal(host);
  });
});
