import { expect } from '@esm-bundle/chai';
import type { Caip2 } from '../../../src/core/caip.js';
import { BALANCE_RETRY_BLOCK_MS } from '../../../src/core/constants.js';
import { clearWalletApiCaches } from '../../../src/services/wallet-api.js';
import { $activity, loadMoreActivity } from '../../../src/stores/activity.js';
import { $config } from '../../../src/stores/config.js';
import { $connection } from '../../../src/stores/connection.js';
import { $lastError } from '../../../src/stores/errors.js';
import { $portfolio, refreshPortfolio, resetPortfolioRetryBlock } from '../../../src/stores/portfolio.js';
import { $toast } from '../../../src/stores/toasts.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { installClock } from '../support/clock.js';
import { sleep } from '../support/fake-wallet.js';
import { resetStores } from '../support/stores.js';
import { until } from '../support/until.js';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CHAIN = 'eip155:31337' as Caip2;
const tx = (id: string) => ({
  id, metadata: { operationType: 'receive', hash: `0x${id}`, chain: CHAIN, minedAt: '2026-11-22T10:00:00Z', sentFrom: '0x1', sentTo: ADDRESS, status: 'confirmed' },
  transfers: [{ fungible_info: { symbol: 'LTK' }, direction: 'in', quantity: { numeric: '1' } }],
});

describe('stores: portfolio and activity', () => {
  let net: FakeFetch;
  let stop: (() => void) | undefined;
  let clock: ReturnType<typeof installClock> | undefined;
  beforeEach(() => {
    resetStores({ apiUrl: 'http://api.test', projectId: 'p1', networks: [CHAIN], features: ['history'] });
    resetPortfolioRetryBlock();
    clearWalletApiCaches();
    $toast.set(undefined);
    net = installFakeFetch();
    net.route('/v1/supported-chains', () => ({ body: { http: [CHAIN] } }));
    $connection.set({ status: 'connected', walletId: 'w', namespace: 'eip155', address: ADDRESS, chainId: CHAIN, connector: { id: 'w', name: 'W', type: 'injected' } });
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    clock?.restore();
    clock = undefined;
    net.restore();
    $connection.set({ status: 'disconnected' });
  });

  it('sums the USD value of the balances', async () => {
    net.route(`/v1/account/${ADDRESS}/balance`, () => ({ body: { balances: [
      { name: 'Local USD', symbol: 'LUSD', chainId: CHAIN, value: 100.5, price: 1, quantity: { decimals: '6', numeric: '100.5' }, iconUrl: '' },
      { name: 'Ether', symbol: 'ETH', chainId: CHAIN, value: 2000, price: 2000, quantity: { decimals: '18', numeric: '1' }, iconUrl: '' },
    ] } }));
    stop = $portfolio.listen(() => {});
    await until(() => $portfolio.get().status === 'ready', 'the balances');
    const state = $portfolio.get();
    expect(state.status === 'ready' && state.totalUsd).to.equal(2100.5);
  });

  it('on failure shows "Token Balance Unavailable" and makes no new call for 30 s (fake clock)', async () => {
    clock = installClock();
    net.route(`/v1/account/${ADDRESS}/balance`, () => ({ status: 500, body: {} }));
    const balanceCalls = () => net.calls.filter((u) => u.pathname.endsWith('/balance')).length;
    stop = $portfolio.listen(() => {});
    await until(() => $portfolio.get().status === 'error', 'the failed balance call');
    expect($toast.get()?.message).to.equal('Token Balance Unavailable');
    expect($toast.get()?.variant).to.equal('error');
    expect($lastError.get()?.error.code).to.equal('SERVER_ERROR');
    expect(balanceCalls()).to.equal(1);
    // Shown again later (the store unmounts, then a new subscriber mounts it): still no call.
    stop();
    clock.tick(1000);
    stop = $portfolio.listen(() => {});
    await Promise.resolve();
    expect($portfolio.get().status).to.equal('error');
    clock.tick(BALANCE_RETRY_BLOCK_MS - 1000 - 1);
    await refreshPortfolio();
    expect(balanceCalls(), 'no call 1 ms before the 30 s are up').to.equal(1);
    clock.tick(1);
    await refreshPortfolio();
    expect(balanceCalls(), 'a call once the 30 s are up').to.equal(2);
  });

  it('pages the activity through the cursor, and sets the empty flag on error', async () => {
    net.route(`/v1/account/${ADDRESS}/history`, (url) => ({ body: url.searchParams.get('cursor') ? { data: [tx('b')], next: null } : { data: [tx('a')], next: 'n1' } }));
    stop = $activity.listen(() => {});
    await until(() => $activity.get().items.length === 1 && !$activity.get().loading, 'the first page');
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
    await until(() => $activity.get().empty, 'the empty flag');
    expect($activity.get().items).to.deep.equal([]);
    // Another toast may be on screen; the replacement then waits 150 ms.
    await until(() => $toast.get()?.message === 'Failed to fetch transactions', 'the error toast');
    expect($toast.get()?.message).to.equal('Failed to fetch transactions');
  });
});
