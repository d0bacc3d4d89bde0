import { expect } from '@esm-bundle/chai';
import type { Caip2 } from '../../../src/core/caip.js';
import { BALANCE_RETRY_BLOCK_MS } from '../../../src/core/constants.js';
import { clearWalletApiCaches } from '../../../src/services/wallet-api.js';
import { $activity, loadMoreActivity, retryActivity, retryDelay } from '../../../src/stores/activity.js';
import { $connection } from '../../../src/stores/connection.js';
import { $lastError } from '../../../src/stores/errors.js';
import { $portfolio, refreshPortfolio, resetPortfolioRetryBlock, retryPortfolio } from '../../../src/stores/portfolio.js';
import { $toast } from '../../../src/stores/toasts.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { installClock } from '../support/clock.js';
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

  it('a refresh asked while a load is under way is not dropped: the balances are read again once it ends', async () => {
    const answers: ((balances: unknown[]) => void)[] = [];
    net.route(`/v1/account/${ADDRESS}/balance`, () => new Promise((resolve) => answers.push((balances) => resolve({ body: { balances } }))));
    stop = $portfolio.listen(() => {});
    await until(() => answers.length === 1, 'the first load');
    // Funds arrive (a purchase, a send seen confirmed) while the first read is still out: it asks for a refresh.
    void refreshPortfolio();
    answers[0]!([]);
    await until(() => answers.length === 2, 'a second read once the first ended');
    answers[1]!([{ name: 'Ether', symbol: 'ETH', chainId: CHAIN, value: 1000, price: 2000, quantity: { decimals: '18', numeric: '0.5' }, iconUrl: '' }]);
    await until(() => { const now = $portfolio.get(); return now.status === 'ready' && now.totalUsd === 1000; }, 'the fresh balances');
  });

  it('on failure: the error state (no toast: the Tokens tab says it once), no new call for 30 s, then Retry is offered (fake clock)', async () => {
    clock = installClock();
    net.route(`/v1/account/${ADDRESS}/balance`, () => ({ status: 500, body: {} }));
    const balanceCalls = () => net.calls.filter((u) => u.pathname.endsWith('/balance')).length;
    stop = $portfolio.listen(() => {});
    await until(() => $portfolio.get().status === 'error', 'the failed balance call');
    expect($portfolio.get()).to.deep.equal({ status: 'error', key: `http://api.test|${CHAIN}:${ADDRESS}`, retryAt: BALANCE_RETRY_BLOCK_MS });
    expect($toast.get(), 'no toast as well as the inline message').to.equal(undefined);
    expect($lastError.get()?.error.code).to.equal('SERVER_ERROR');
    expect(balanceCalls()).to.equal(1);
    // Shown again later (the store unmounts, then a new subscriber mounts it): still no call, still blocked.
    stop();
    clock.tick(1000);
    stop = $portfolio.listen(() => {});
    await Promise.resolve();
    expect($portfolio.get()).to.deep.include({ status: 'error', retryAt: BALANCE_RETRY_BLOCK_MS });
    clock.tick(BALANCE_RETRY_BLOCK_MS - 1000 - 1);
    await retryPortfolio();
    expect(balanceCalls(), 'no call 1 ms before the 30 s are up').to.equal(1);
    expect($portfolio.get()).to.deep.include({ status: 'error', retryAt: BALANCE_RETRY_BLOCK_MS });
    clock.tick(1);
    expect($portfolio.get(), 'Retry offered when the block ends').to.deep.include({ status: 'error', retryAt: undefined });
    net.route(`/v1/account/${ADDRESS}/balance`, () => ({ body: { balances: [] } }));
    await retryPortfolio();
    expect(balanceCalls(), 'a call once the 30 s are up').to.equal(2);
    expect($portfolio.get().status).to.equal('ready');
  });

  it('a failed history call is an error with a back-off (1 s, 2 s, 4 s … 30 s), not an empty history; Retry loads it (fake clock)', async () => {
    clock = installClock();
    let fail = true;
    net.route(`/v1/account/${ADDRESS}/history`, () => (fail ? { status: 429, body: {} } : { body: { data: [tx('a')], next: null } }));
    const historyCalls = () => net.calls.filter((u) => u.pathname.endsWith('/history')).length;
    stop = $activity.listen(() => {});
    await until(() => $activity.get().error, 'the error state');
    expect($activity.get()).to.deep.include({ empty: false, error: true, loading: false, retryAt: 1000, items: [] });
    expect($toast.get(), 'no toast as well as the inline message').to.equal(undefined);
    expect($lastError.get()?.error.code).to.equal('RATE_LIMITED');

    const backoffs: number[] = [];
    for (let n = 1; n <= 7; n++) {
      const { retryAt } = $activity.get();
      const delay = retryAt! - Date.now();
      backoffs.push(delay);
      await retryActivity();
      expect(historyCalls(), `no call during back-off ${n}`).to.equal(n);
      clock.tick(delay - 1);
      expect($activity.get().retryAt, `still backing off 1 ms before the end of ${n}`).to.equal(retryAt);
      clock.tick(1);
      expect($activity.get().retryAt).to.equal(undefined);
      await retryActivity();
      await until(() => !$activity.get().loading, 'the retry');
      expect(historyCalls()).to.equal(n + 1);
    }
    expect(backoffs).to.deep.equal([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(retryDelay(6)).to.equal(30_000);

    clock.tick($activity.get().retryAt! - Date.now());
    fail = false;
    await retryActivity();
    await until(() => $activity.get().items.length === 1, 'the history after Retry');
    expect($activity.get()).to.deep.include({ error: false, empty: false, retryAt: undefined });
  });

  it('a failed next page keeps the pages loaded and retries that page', async () => {
    let failMore = true;
    net.route(`/v1/account/${ADDRESS}/history`, (url) => {
      if (!url.searchParams.get('cursor')) return { body: { data: [tx('a')], next: 'n1' } };
      return failMore ? { status: 500, body: {} } : { body: { data: [tx('b')], next: null } };
    });
    stop = $activity.listen(() => {});
    await until(() => $activity.get().items.length === 1 && !$activity.get().loading, 'the first page');
    await loadMoreActivity();
    expect($activity.get()).to.deep.include({ error: true, empty: false, next: 'n1' });
    expect($activity.get().items.map((t) => t.id)).to.deep.equal(['a']);
    await loadMoreActivity();
    expect(net.calls.filter((u) => u.searchParams.get('cursor') === 'n1').length, 'no paging while failed').to.equal(1);
    await until(() => $activity.get().retryAt === undefined, 'the 1 s back-off', 3000);
    failMore = false;
    await retryActivity();
    expect($activity.get().items.map((t) => t.id)).to.deep.equal(['a', 'b']);
    expect($activity.get()).to.deep.include({ error: false, next: null });
  });
});
