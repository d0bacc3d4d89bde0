import { expect } from '@esm-bundle/chai';
import type { Caip2 } from '../../../src/core/caip.js';
import { clearWalletApiCaches } from '../../../src/services/wallet-api.js';
import { $activity, loadMoreActivity } from '../../../src/stores/activity.js';
import { $config } from '../../../src/stores/config.js';
import { $connection } from '../../../src/stores/connection.js';
import { $lastError } from '../../../src/stores/errors.js';
import { $portfolio, resetPortfolioRetryBlock } from '../../../src/stores/portfolio.js';
import { $toast } from '../../../src/stores/toasts.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { sleep } from '../support/fake-wallet.js';
import { resetStores } from '../support/stores.js';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CHAIN = 'eip155:31337' as Caip2;
const until = async (check: () => boolean) => { for (let i = 0; i < 100 && !check(); i++) await sleep(10); };
const tx = (id: string) => ({
  id, metadata: { operationType: 'receive', hash: `0x${id}`, chain: CHAIN, minedAt: '2026-11-22T10:00:00Z', sentFrom: '0x1', sentTo: ADDRESS, status: 'confirmed' },
  transfers: [{ fungible_info: { symbol: 'LTK' }, direction: 'in', quantity: { numeric: '1' } }],
});

describe('stores: portfolio and activity', () => {
  let net: FakeFetch;
  let stop: (() => void) | undefined;
  beforeEach(() => {
    resetStores({ apiUrl: 'http://api.test', projectId: 'p1', networks: [CHAIN], features: ['history'] });
    resetPortfolioRetryBlock();
    clearWalletApiCaches();
    $toast.set(undefined);
    net = installFakeFetch();
    net.route('/v1/supported-chains', () => ({ body: { http: [CHAIN] } }));
    $connection.set({ status: 'connected', walletId: 'w', namespace: 'eip155', address: ADDRESS, chainId: CHAIN, connector: { id: 'w', name: 'W', type: 'injected' } });
  });
  afterEach(() => { stop?.(); stop = undefined; net.restore(); $connection.set({ status: 'disconnected' }); });

  it('sums the USD value of the balances', async () => {
    net.route(`/v1/account/${ADDRESS}/balance`, () => ({ body: { balances: [
      { name: 'Local USD', symbol: 'LUSD', chainId: CHAIN, value: 100.5, price: 1, quantity: { decimals: '6', numeric: '100.5' }, iconUrl: '' },
      { name: 'Ether', symbol: 'ETH', chainId: CHAIN, value: 2000, price: 2000, quantity: { decimals: '18', numeric: '1' }, iconUrl: '' },
    ] } }));
    stop = $portfolio.listen(() => {});
    await until(() => $portfolio.get().status === 'ready');
    const state = $portfolio.get();
    expect(state.status === 'ready' && state.totalUsd).to.equal(2100.5);
  });

  it('on failure shows "Token Balance Unavailable" and makes no new call for 30 s', async () => {
    net.route(`/v1/account/${ADDRESS}/balance`, () => ({ status: 500, body: {} }));
    stop = $portfolio.listen(() => {});
    await until(() => $portfolio.get().status === 'error');
    expect($toast.get()?.message).to.equal('Token Balance Unavailable');
    expect($toast.get()?.variant).to.equal('error');
    expect($lastError.get()?.error.code).to.equal('SERVER_ERROR');
    stop();
    await sleep(1100); // past nanostores' unmount delay, so the next subscriber mounts it again
    stop = $portfolio.listen(() => {});
    await sleep(50);
    expect(net.calls.filter((u) => u.pathname.endsWith('/balance')).length).to.equal(1);
  });

  it('pages the activity through the cursor, and sets the empty flag on error', async () => {
    net.route(`/v1/account/${ADDRESS}/history`, (url) => ({ body: url.searchParams.get('cursor') ? { data: [tx('b')], next: null } : { data: [tx('a')], next: 'n1' } }));
    stop = $activity.listen(() => {});
    await until(() => $activity.get().items.length === 1 && !$activity.get().loading);
    await loadMoreActivity();
    expect($activity.get().items.map((t) => t.id)).to.deep.equal(['a', 'b']);
    expect($activity.get().next).to.equal(null);
    stop();
    stop = undefined;

    await sleep(1100);
    clearWalletApiCaches();
    $config.set({ ...$config.get(), apiUrl: 'http://api2.test' });
    net.route(`/v1/account/${ADDRESS}/history`, () => ({ status: 429, body: {} }));
    stop = $activity.listen(() => {});
    await until(() => $activity.get().empty);
    expect($activity.get().items).to.deep.equal([]);
    // Another toast may be on screen; the replacement then waits 150 ms.
    await until(() => $toast.get()?.message === 'Failed to fetch transactions');
    expect($toast.get()?.message).to.equal('Failed to fetch transactions');
  });
});
