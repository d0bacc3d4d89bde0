import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import { resetAnalytics } from '../../src/services/analytics.js';
import { type FakeFetch, installFakeFetch } from '../unit/support/fake-fetch.js';
import { until } from '../unit/support/until.js';
import { cleanup, mount } from './support/element.js';

/** Privacy by default: no analytics without `analytics-url`; with it, the widget's events go to the site's endpoint. */
describe('<wallet-connect-modal> analytics-url (opt-in)', () => {
  let net: FakeFetch;
  beforeEach(() => {
    resetAnalytics();
    net = installFakeFetch();
  });
  afterEach(() => {
    cleanup();
    net.restore();
    resetAnalytics();
  });

  it('without analytics-url nothing is posted when the modal opens and closes', async () => {
    const el = mount();
    el.open();
    el.close();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(net.calls.filter((url) => url.pathname.includes('analytics'))).to.deep.equal([]);
  });

  it('with analytics-url the open and close events are posted to it', async () => {
    const posted: { records: { event?: string; detail?: unknown }[] }[] = [];
    net.route('/site-analytics', (_, init) => (posted.push(JSON.parse(String(init?.body)) as (typeof posted)[number]), { status: 204, body: '' }));
    const el = mount({ 'analytics-url': '/site-analytics' });
    el.open();
    el.close();
    await until(() => posted.length > 0, 'a batch posted', 5000);
    expect(posted.flatMap((p) => p.records.map((r) => r.event))).to.deep.equal(['wallet-open', 'wallet-close']);
    expect(net.calls.find((url) => url.pathname === '/site-analytics')!.origin).to.equal(location.origin);
  });
});
