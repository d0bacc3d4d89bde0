import { expect } from '@esm-bundle/chai';
import type { Caip2 } from '../../../src/core/caip.js';
import { SDK_TYPE, SDK_VERSION, clearWalletApiCaches, getBalances, getHistory, getIdentity } from '../../../src/services/wallet-api.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { rejection } from '../support/rejection.js';

const api = { apiUrl: 'http://api.test', projectId: 'p1' };
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CHAIN = 'eip155:31337' as Caip2;
const balance = (symbol: string, decimals: string, numeric: string, value?: number) => ({
  name: symbol, symbol, chainId: CHAIN, address: `${CHAIN}:0x${'1'.repeat(40)}`, value, price: 1, quantity: { decimals, numeric }, iconUrl: '',
});
const tx = (id: string, chain: string, transfers: unknown[] | null) => ({
  id, metadata: { operationType: 'receive', hash: `0x${id}`, chain, minedAt: '2026-11-22T10:00:00Z', sentFrom: '0x1', sentTo: ADDRESS, status: 'confirmed', nonce: 1 }, transfers,
});
const fungible = { fungible_info: { name: 'Local Token', symbol: 'LTK' }, direction: 'in', quantity: { numeric: '1.5' } };
const spam = { nft_info: { name: 'Free Mint Prize', flags: { is_spam: true } }, direction: 'in', quantity: { numeric: '1' } };


describe('services/wallet-api', () => {
  let net: FakeFetch;
  beforeEach(() => {
    clearWalletApiCaches();
    net = installFakeFetch();
    net.route('/v1/supported-chains', () => ({ body: { http: [CHAIN], ws: [] } }));
  });
  afterEach(() => net.restore());

  it('sends projectId, st and sv on every call, and currency and chainId for balances', async () => {
    net.route(`/v1/account/${ADDRESS}/balance`, () => ({ body: { balances: [] } }));
    await getBalances(api, ADDRESS, CHAIN);
    const call = net.calls.find((u) => u.pathname.endsWith('/balance'))!;
    expect(Object.fromEntries(call.searchParams)).to.deep.equal({ currency: 'usd', chainId: CHAIN, projectId: 'p1', st: SDK_TYPE, sv: SDK_VERSION });
    expect(net.calls[0]!.searchParams.get('projectId')).to.equal('p1');
  });

  it('keeps the path prefix of api-url on every call (https://host/prefix/ + v1/… → https://host/prefix/v1/…)', async () => {
    const prefixed = { apiUrl: 'http://api.test/wallet-api/', projectId: 'p1' };
    net.route('/wallet-api/v1/supported-chains', () => ({ body: { http: [CHAIN], ws: [] } }));
    net.route(`/wallet-api/v1/account/${ADDRESS}/balance`, () => ({ body: { balances: [balance('LTK', '18', '12.5', 31.25)] } }));
    net.route(`/wallet-api/v1/account/${ADDRESS}/history`, () => ({ body: { data: [tx('a', CHAIN, [fungible])], next: null } }));
    net.route(`/wallet-api/v1/identity/${ADDRESS}`, () => ({ body: { name: null, avatar: null } }));
    expect((await getBalances(prefixed, ADDRESS, CHAIN)).map((b) => b.symbol)).to.deep.equal(['LTK']);
    expect((await getHistory(prefixed, ADDRESS, CHAIN)).data.map((t) => t.id)).to.deep.equal(['a']);
    await getIdentity(prefixed, ADDRESS);
    expect(net.calls.map((u) => u.pathname)).to.deep.equal([
      '/wallet-api/v1/supported-chains', `/wallet-api/v1/account/${ADDRESS}/balance`, `/wallet-api/v1/account/${ADDRESS}/history`, `/wallet-api/v1/identity/${ADDRESS}`,
    ]);
  });

  it('sends projectId=none without a project id, as the directory does', async () => {
    net.route(`/v1/account/${ADDRESS}/balance`, () => ({ body: { balances: [] } }));
    await getBalances({ apiUrl: 'http://api.test', projectId: undefined }, ADDRESS, CHAIN);
    expect(net.calls.map((u) => u.searchParams.get('projectId'))).to.deep.equal(['none', 'none']);
  });

  it('drops tokens with zero decimals, and keeps the answer 30 s', async () => {
    net.route(`/v1/account/${ADDRESS}/balance`, () => ({ body: { balances: [balance('LTK', '18', '12.5', 31.25), balance('ZERO', '0', '100')] } }));
    const first = await getBalances(api, ADDRESS, CHAIN);
    expect(first.map((b) => b.symbol)).to.deep.equal(['LTK']);
    await getBalances(api, ADDRESS, CHAIN);
    expect(net.calls.filter((u) => u.pathname.endsWith('/balance')).length).to.equal(1);
  });

  it('answers an unsupported network with empty results without asking for them', async () => {
    const other = 'eip155:1' as Caip2;
    expect(await getBalances(api, ADDRESS, other)).to.deep.equal([]);
    expect(await getHistory(api, ADDRESS, other)).to.deep.equal({ data: [], next: null });
    expect(net.calls.map((u) => u.pathname)).to.deep.equal(['/v1/supported-chains']);
  });

  it('maps 403, 429 and 5xx to their own errors (docs/specification.md#errors)', async () => {
    const path = `/v1/account/${ADDRESS}/balance`;
    net.route(path, () => ({ status: 403, body: {} }));
    expect((await rejection(getBalances(api, ADDRESS, CHAIN))).code).to.equal('INVALID_APP_CONFIG');
    net.route(path, () => ({ status: 429, body: {} }));
    expect((await rejection(getBalances(api, ADDRESS, CHAIN, { force: true }))).code).to.equal('RATE_LIMITED');
    net.route(path, () => ({ status: 502, body: {} }));
    const error = await rejection(getBalances(api, ADDRESS, CHAIN, { force: true }));
    expect(error.code).to.equal('SERVER_ERROR');
    expect(error.shortMessage).to.equal('The service had a problem');
  });

  it('refuses a malformed body as INVALID_RESPONSE, never a wrong number', async () => {
    net.route(`/v1/account/${ADDRESS}/balance`, () => ({ body: { balances: [{ ...balance('LTK', '18', '1'), quantity: { decimals: 18, numeric: 1.5 } }] } }));
    const error = await rejection(getBalances(api, ADDRESS, CHAIN));
    expect(error.code).to.equal('INVALID_RESPONSE');
    expect(error.details).to.contain('balances.0.quantity.decimals');
  });

  it('drops transactions whose transfers are all spam, and those of another chain; keeps the cursor', async () => {
    net.route(`/v1/account/${ADDRESS}/history`, (url) => ({
      body: url.searchParams.get('cursor') === 'c2'
        ? { data: [tx('d', CHAIN, [fungible])], next: null }
        : { data: [tx('a', CHAIN, [fungible]), tx('b', CHAIN, [spam]), tx('c', 'eip155:1', [fungible]), tx('e', CHAIN, [spam, fungible])], next: 'c2' },
    }));
    const first = await getHistory(api, ADDRESS, CHAIN);
    expect(first.data.map((t) => t.id)).to.deep.equal(['a', 'e']);
    expect(first.next).to.equal('c2');
    const second = await getHistory(api, ADDRESS, CHAIN, 'c2');
    expect(second).to.deep.equal({ data: [tx('d', CHAIN, [fungible])], next: null });
    expect(net.calls.find((u) => u.searchParams.get('cursor') === 'c2')!.searchParams.get('chainId')).to.equal(CHAIN);
  });

  it('reads the identity with the sender, and keeps it 5 minutes', async () => {
    net.route(`/v1/identity/${ADDRESS}`, () => ({ body: { name: 'dev.eth', avatar: 'data:image/svg+xml,x' } }));
    expect(await getIdentity(api, ADDRESS, ADDRESS)).to.deep.equal({ name: 'dev.eth', avatar: 'data:image/svg+xml,x' });
    await getIdentity(api, ADDRESS, ADDRESS);
    const calls = net.calls.filter((u) => u.pathname.startsWith('/v1/identity/'));
    expect(calls.length).to.equal(1);
    expect(calls[0]!.searchParams.get('sender')).to.equal(ADDRESS);
  });
});
