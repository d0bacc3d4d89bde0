import { expect } from '@esm-bundle/chai';
import type { Caip2 } from '../../../src/core/caip.js';
import { clearWalletApiCaches } from '../../../src/services/wallet-api.js';
import { $activity, loadMoreActivity, refreshActivity } from '../../../src/stores/activity.js';
import { $connection } from '../../../src/stores/connection.js';
import { $toast } from '../../../src/stores/toasts.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { deferred } from '../support/fake-wallet.js';
import { resetStores } from '../support/stores.js';
import { until } from '../support/until.js';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CHAIN = 'eip155:31337' as Caip2;
const tx = (id: string) => ({
  id, metadata: { operationType: 'receive', hash: `0x${id}`, chain: CHAIN, minedAt: '2026-11-22T10:00:00Z', sentFrom: '0x1', sentTo: ADDRESS, status: 'confirmed' },
  transfers: [{ fungible_info: { symbol: 'LTK' }, direction: 'in', quantity: { numeric: '1' } }],
});
type Page = { body: { data: unknown[]; next: string | null } };
const ids = () => $activity.get().items.map((t) => t.id);

describe('stores/activity: generations', () => {
  let net: FakeFetch;
  let stop: (() => void) | undefined;
  /** Each history call waits for the test to answer it, in the order the test chooses. */
  let pending: { cursor: string | null; answer: ReturnType<typeof deferred<Page>> }[];

  beforeEach(() => {
    resetStores({ apiUrl: 'http://api.test', projectId: 'p1', networks: [CHAIN], features: ['history'] });
    clearWalletApiCaches();
    $toast.set(undefined);
    pending = [];
    net = installFakeFetch();
    net.route('/v1/supported-chains', () => ({ body: { http: [CHAIN] } }));
    net.route(`/v1/account/${ADDRESS}/history`, (url) => {
      const answer = deferred<Page>();
      pending.push({ cursor: url.searchParams.get('cursor'), answer });
      return answer.promise;
    });
    $connection.set({ status: 'connected', walletId: 'w', namespace: 'eip155', address: ADDRESS, chainId: CHAIN, connector: { id: 'w', name: 'W', type: 'injected' } });
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    net.restore();
    $connection.set({ status: 'disconnected' });
  });

  /** The n-th history call (1-based), once made. */
  async function call(n: number) {
    await until(() => pending.length >= n, `history call ${n}`);
    return pending[n - 1]!;
  }

  it('drops the answer of a "load more" that a refresh overtook: pages never merge out of order', async () => {
    stop = $activity.listen(() => {});
    (await call(1)).answer.resolve({ body: { data: [tx('a'), tx('b')], next: 'c2' } });
    await until(() => ids().length === 2 && !$activity.get().loading, 'the first page');

    const more = loadMoreActivity();
    const older = await call(2);
    expect(older.cursor).to.equal('c2');
    const refresh = refreshActivity();
    const fresh = await call(3);
    expect(fresh.cursor).to.equal(null);

    // The old generation's page 2 arrives first: it must not land in the refreshed list.
    older.answer.resolve({ body: { data: [tx('c'), tx('d')], next: null } });
    await more;
    expect(ids(), 'nothing of the older generation').to.deep.equal([]);
    expect($activity.get().loading, 'still loading the refreshed first page').to.equal(true);

    fresh.answer.resolve({ body: { data: [tx('new'), tx('a'), tx('b')], next: 'c2' } });
    await refresh;
    expect(ids()).to.deep.equal(['new', 'a', 'b']);
    expect($activity.get().next).to.equal('c2');
    expect($activity.get().loading).to.equal(false);

    // Paging goes on from the refreshed first page.
    const next = loadMoreActivity();
    (await call(4)).answer.resolve({ body: { data: [tx('c'), tx('d')], next: null } });
    await next;
    expect(ids()).to.deep.equal(['new', 'a', 'b', 'c', 'd']);
    expect($activity.get().next).to.equal(null);
  });

  it('drops a "load more" answer that arrives after the refresh landed', async () => {
    stop = $activity.listen(() => {});
    (await call(1)).answer.resolve({ body: { data: [tx('a')], next: 'c2' } });
    await until(() => ids().length === 1 && !$activity.get().loading, 'the first page');
    const more = loadMoreActivity();
    const older = await call(2);
    const refresh = refreshActivity();
    (await call(3)).answer.resolve({ body: { data: [tx('new'), tx('a')], next: 'c2' } });
    await refresh;
    older.answer.resolve({ body: { data: [tx('b')], next: null } });
    await more;
    expect(ids()).to.deep.equal(['new', 'a']);
    expect($activity.get().next, 'the refreshed cursor, not the old page\'s').to.equal('c2');
  });

  it('drops an answer for the account the visitor left', async () => {
    stop = $activity.listen(() => {});
    const first = await call(1);
    $connection.set({ status: 'disconnected' });
    first.answer.resolve({ body: { data: [tx('a')], next: null } });
    await first.answer.promise;
    await until(() => !$activity.get().loading, 'idle');
    expect(ids()).to.deep.equal([]);
  });
});
