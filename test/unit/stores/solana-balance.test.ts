import { expect } from '@esm-bundle/chai';
import { LOCAL_SOLANA_CHAIN_ID } from '../../../src/core/networks.js';
import { clearWalletApiCaches } from '../../../src/services/wallet-api.js';
import { $nativeBalance, refreshNativeBalance } from '../../../src/stores/balance.js';
import { $connection } from '../../../src/stores/connection.js';
import { caip, resetStores } from '../support/stores.js';
import { until } from '../support/until.js';

const OWNER = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const DEVNET = caip('solana:EtWTRABZaYq6iMfeYKouRu166VoAgqkn');
/** u64's largest value: more than a JSON number holds exactly (2^53). */
const LAMPORTS = '18446744073709551615';

interface Seen { url: URL; body: { method?: string; params?: unknown[] } | undefined }

/** A scripted fetch: the supported-chains list, and `getBalance` answered with `lamports` as a bare JSON number. */
function stubFetch(lamports: () => string, supported: string[] = []) {
  const real = globalThis.fetch;
  const seen: Seen[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: Seen = { url: new URL(String(input)), body: init.body ? JSON.parse(String(init.body)) : undefined };
    seen.push(request);
    if (request.url.pathname.endsWith('/v1/supported-chains')) return Response.json({ http: supported });
    const id = (request.body as { id?: number } | undefined)?.id;
    if (request.body?.method !== 'getBalance') return Response.json({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
    return new Response(`{"jsonrpc":"2.0","id":${id},"result":{"context":{"apiVersion":"2.2.0","slot":7},"value":${lamports()}}}`, { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { seen, restore: () => void (globalThis.fetch = real) };
}

const connectSolana = (chainId = LOCAL_SOLANA_CHAIN_ID as ReturnType<typeof caip>) =>
  $connection.set({ status: 'connected', walletId: 'standard:Dev', namespace: 'solana', address: OWNER, chainId, connector: { id: 'standard:Dev', name: 'Dev', type: 'injected' } });

describe('stores/balance: the SOL balance, read from the chain', () => {
  let net: ReturnType<typeof stubFetch> | undefined;
  let stop: (() => void) | undefined;
  beforeEach(() => {
    clearWalletApiCaches();
    resetStores();
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    net?.restore();
    net = undefined;
    $connection.set({ status: 'disconnected' });
  });

  it('reads getBalance from the rpc-urls entry, as exact bigint lamports (past 2^53)', async () => {
    net = stubFetch(() => LAMPORTS);
    resetStores({ rpcUrls: { [LOCAL_SOLANA_CHAIN_ID]: 'http://127.0.0.1:8899/' } });
    connectSolana();
    stop = $nativeBalance.listen(() => {});
    await until(() => $nativeBalance.get().status === 'ready', 'the SOL balance');
    const state = $nativeBalance.get();
    expect(state.status === 'ready' && state.value).to.equal(18446744073709551615n);
    expect(net.seen.map((s) => s.url.href)).to.deep.equal(['http://127.0.0.1:8899/']);
    expect(net.seen[0]!.body).to.deep.include({ method: 'getBalance', params: [OWNER, { commitment: 'confirmed' }] });
  });

  it("else through the wallet data API's JSON-RPC proxy when it serves the chain, else the cluster's public RPC", async () => {
    net = stubFetch(() => '1500000000', [LOCAL_SOLANA_CHAIN_ID]);
    resetStores({ apiUrl: 'http://api.test/', projectId: 'p1' });
    connectSolana();
    stop = $nativeBalance.listen(() => {});
    await until(() => $nativeBalance.get().status === 'ready', 'the SOL balance');
    const proxied = net.seen.find((s) => s.body?.method === 'getBalance')!.url;
    expect(`${proxied.origin}${proxied.pathname}`).to.equal('http://api.test/v1');
    expect(proxied.searchParams.get('chainId')).to.equal(LOCAL_SOLANA_CHAIN_ID);

    stop();
    net.restore();
    clearWalletApiCaches();
    net = stubFetch(() => '42');
    connectSolana(DEVNET);
    stop = $nativeBalance.listen(() => {});
    await until(() => { const s = $nativeBalance.get(); return s.status === 'ready' && s.value === 42n; }, 'the devnet balance');
    expect(net.seen.find((s) => s.body?.method === 'getBalance')!.url.href).to.equal('https://api.devnet.solana.com/');
  });

  it('keeps the balance 30 s (one call for two readers); a refresh reads again', async () => {
    let lamports = '1000000000';
    net = stubFetch(() => lamports);
    resetStores({ rpcUrls: { [LOCAL_SOLANA_CHAIN_ID]: 'http://127.0.0.1:8899/' } });
    connectSolana();
    stop = $nativeBalance.listen(() => {});
    await until(() => $nativeBalance.get().status === 'ready', 'the SOL balance');
    stop();
    stop = $nativeBalance.listen(() => {});
    const calls = () => net!.seen.filter((s) => s.body?.method === 'getBalance').length;
    expect(calls()).to.equal(1);
    lamports = '2000000000';
    await refreshNativeBalance();
    const state = $nativeBalance.get();
    expect(state.status === 'ready' && state.value).to.equal(2_000_000_000n);
    expect(calls()).to.equal(2);
  });

  it('an unknown balance (error state) when the node answers an error, or there is no RPC at all', async () => {
    net = stubFetch(() => '{"not":"a number"}');
    resetStores({ rpcUrls: { [LOCAL_SOLANA_CHAIN_ID]: 'http://127.0.0.1:8899/' } });
    connectSolana();
    stop = $nativeBalance.listen(() => {});
    await until(() => $nativeBalance.get().status === 'error', 'the failed read');
    stop();
    net.restore();
    net = stubFetch(() => '1');
    resetStores();
    connectSolana();
    stop = $nativeBalance.listen(() => {});
    await until(() => $nativeBalance.get().status === 'error', 'no RPC for the local chain');
    expect(net.seen.filter((s) => s.body?.method === 'getBalance')).to.deep.equal([]);
  });
});
