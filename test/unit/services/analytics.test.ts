import { expect } from '@esm-bundle/chai';
import { flushAnalytics, resetAnalytics, trackEvent } from '../../../src/services/analytics.js';
import { installClock } from '../support/clock.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { until } from '../support/until.js';

const URL_ = 'http://site.test/analytics';

describe('services/analytics (opt-in, the site\'s own endpoint)', () => {
  let net: FakeFetch;
  let clock: ReturnType<typeof installClock>;
  let posts: { sdkType: string; sdkVersion: string; origin: string; records: Record<string, unknown>[] }[];
  beforeEach(() => {
    resetAnalytics();
    net = installFakeFetch();
    posts = [];
    net.route('/analytics', (_, init) => {
      expect(init?.method).to.equal('POST');
      expect((init?.headers as Record<string, string>)['Content-Type']).to.equal('application/json');
      posts.push(JSON.parse(String(init?.body)) as (typeof posts)[number]);
      return { status: 204, body: '' };
    });
    clock = installClock();
  });
  afterEach(() => {
    clock.restore();
    net.restore();
    resetAnalytics();
  });

  it('batches the events: one POST a second with every record, in the documented shape', async () => {
    trackEvent(URL_, 'wallet-open', { view: 'Connect' });
    trackEvent(URL_, 'wallet-connect', { address: '0xabc', chainId: 'eip155:1' });
    clock.tick(999);
    expect(net.calls).to.have.length(0);
    clock.tick(1);
    await until(() => posts.length === 1, 'the batch');
    expect(posts[0]!.sdkType).to.equal('wallet-connect-modal');
    expect(posts[0]!.origin).to.equal(location.origin);
    expect(posts[0]!.records).to.deep.equal([
      { type: 'event', event: 'wallet-open', detail: { view: 'Connect' }, timestamp: 0 },
      { type: 'event', event: 'wallet-connect', detail: { address: '0xabc', chainId: 'eip155:1' }, timestamp: 0 },
    ]);
  });

  it('error reports: at most 5 a minute; the next one after the minute says how many were dropped', async () => {
    for (let i = 0; i < 7; i++) trackEvent(URL_, 'wallet-error', { code: 'SERVER_ERROR', message: `e${i}` });
    flushAnalytics();
    await until(() => posts.length === 1, 'the first batch');
    expect(posts[0]!.records.map((r) => [r.type, r.message])).to.deep.equal([0, 1, 2, 3, 4].map((i) => ['error', `e${i}`]));
    clock.tick(60_000);
    trackEvent(URL_, 'wallet-error', { code: 'SERVER_ERROR', message: 'later' });
    flushAnalytics();
    await until(() => posts.length === 2, 'the second batch');
    expect(posts[1]!.records).to.deep.equal([{ type: 'error', code: 'SERVER_ERROR', message: 'later', timestamp: 60_000, dropped: 2 }]);
  });

  it('bounded: 50 records a POST, 200 waiting at most (the oldest dropped)', async () => {
    for (let i = 0; i < 260; i++) trackEvent(URL_, 'wallet-open', { view: 'Connect', i });
    flushAnalytics();
    await until(() => posts.length === 4, 'four batches');
    expect(posts.map((p) => p.records.length)).to.deep.equal([50, 50, 50, 50]);
    expect((posts[0]!.records[0]!.detail as { i: number }).i).to.equal(60);
  });
});
