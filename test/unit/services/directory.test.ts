import { expect } from '@esm-bundle/chai';
import { NO_PROJECT_ID, clearDirectoryCache, getWallets, walletImageUrl } from '../../../src/services/directory.js';
import { SDK_TYPE, SDK_VERSION } from '../../../src/services/wallet-api.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { rejection } from '../support/rejection.js';

const directory = { directoryUrl: 'http://directory.test', projectId: 'p1' };
const wallet = (id: string, extra: Record<string, unknown> = {}) => ({ id, name: `Wallet ${id}`, image_id: `${id}-icon`, order: 1, ...extra });

describe('services/directory', () => {
  let net: FakeFetch;
  beforeEach(() => {
    clearDirectoryCache();
    net = installFakeFetch();
  });
  afterEach(() => net.restore());

  it('sends page, entries, search, include, exclude and chains, then projectId, st and sv', async () => {
    net.route('/getWallets', () => ({ body: { data: [], count: 0 } }));
    await getWallets(directory, { page: 2, entries: 40, search: '  meta ', include: ['a', 'b'], exclude: ['c'], chains: ['eip155:1', 'eip155:137'] });
    expect([...net.calls[0]!.searchParams]).to.deep.equal([
      ['page', '2'], ['entries', '40'], ['search', 'meta'], ['include', 'a,b'], ['exclude', 'c'], ['chains', 'eip155:1,eip155:137'],
      ['projectId', 'p1'], ['st', SDK_TYPE], ['sv', SDK_VERSION],
    ]);
  });

  it('leaves out empty lists and an empty search', async () => {
    net.route('/getWallets', () => ({ body: { data: [], count: 0 } }));
    await getWallets(directory, { page: 1, entries: 4, search: '   ', include: [], exclude: [], chains: [] });
    expect(Object.fromEntries(net.calls[0]!.searchParams)).to.deep.equal({ page: '1', entries: '4', projectId: 'p1', st: SDK_TYPE, sv: SDK_VERSION });
  });

  it('sends a placeholder project id when the host set none (the directory requires one)', async () => {
    net.route('/getWallets', () => ({ body: { data: [], count: 0 } }));
    await getWallets({ directoryUrl: 'http://directory.test', projectId: undefined }, { page: 1, entries: 40 });
    expect(net.calls[0]!.searchParams.get('projectId')).to.equal(NO_PROJECT_ID);
  });

  it('keeps a path in the directory URL', async () => {
    net.route('/v2/dir/getWallets', () => ({ body: { data: [], count: 0 } }));
    await getWallets({ directoryUrl: 'http://directory.test/v2/dir/', projectId: 'p1' }, { page: 1, entries: 40 });
    expect(net.calls[0]!.pathname).to.equal('/v2/dir/getWallets');
    expect(walletImageUrl({ directoryUrl: 'http://directory.test/v2/dir', projectId: 'p1' }, 'abc')).to.equal(
      `http://directory.test/v2/dir/getWalletImage/abc?projectId=p1&st=${SDK_TYPE}&sv=${encodeURIComponent(SDK_VERSION)}`,
    );
  });

  it('returns the records, the count, and how many records the page held', async () => {
    net.route('/getWallets', () => ({ body: { data: [wallet('a', { unknown_field: { x: 1 }, chains: ['eip155:1'], mobile_link: null }), wallet('b')], count: 57 } }));
    const page = await getWallets(directory, { page: 1, entries: 40 });
    expect(page.count).to.equal(57);
    expect(page.received).to.equal(2);
    expect(page.data.map((w) => w.id)).to.deep.equal(['a', 'b']);
    expect(page.data[0]).to.not.have.property('unknown_field');
    expect(page.data[0]!.chains).to.deep.equal(['eip155:1']);
  });

  it('keeps https store links (App Store, Play, Chrome Web Store) and drops any other without dropping the record', async () => {
    const stores = { app_store: 'https://apps.apple.com/app/id1', play_store: 'https://play.google.com/store/apps/details?id=x', chrome_store: 'https://chromewebstore.google.com/detail/x' };
    net.route('/getWallets', () => ({
      body: {
        data: [
          wallet('stores', stores),
          wallet('bad-stores', { app_store: 'javascript:alert(1)', play_store: 'http://play.google.com/x', chrome_store: `https://x.example/${'a'.repeat(2048)}` }),
          wallet('odd-stores', { app_store: 42, play_store: null }),
        ],
        count: 3,
      },
    }));
    const page = await getWallets(directory, { page: 1, entries: 40 });
    expect(page.data.map((w) => w.id)).to.deep.equal(['stores', 'bad-stores', 'odd-stores']);
    expect({ app_store: page.data[0]!.app_store, play_store: page.data[0]!.play_store, chrome_store: page.data[0]!.chrome_store }).to.deep.equal(stores);
    for (const w of page.data.slice(1)) expect([w.app_store ?? undefined, w.play_store ?? undefined, w.chrome_store ?? undefined]).to.deep.equal([undefined, undefined, undefined]);
  });

  it('drops malformed records and keeps the rest of the page', async () => {
    net.route('/getWallets', () => ({
      body: {
        data: [
          wallet('good'),
          { name: 'No id' },
          wallet('bad id!'),
          wallet('injected:io.metamask'),
          wallet('no-name', { name: '   ' }),
          wallet('bad-chains', { chains: 'eip155:1' }),
          wallet('bad-link', { mobile_link: 42 }),
          null,
          'text',
          wallet('also-good', { rdns: null, injected: null }),
        ],
        count: 10,
      },
    }));
    const page = await getWallets(directory, { page: 1, entries: 40 });
    expect(page.data.map((w) => w.id)).to.deep.equal(['good', 'also-good']);
    expect(page.received).to.equal(10);
  });

  it('refuses a page that is not { data: [], count } as INVALID_RESPONSE', async () => {
    for (const body of [{ data: {}, count: 1 }, { data: [] }, { data: [], count: -1 }, { data: [], count: '3' }, [], 'oops']) {
      clearDirectoryCache();
      net.route('/getWallets', () => ({ body }));
      expect((await rejection(getWallets(directory, { page: 1, entries: 40 }))).code, JSON.stringify(body)).to.equal('INVALID_RESPONSE');
    }
  });

  it('maps 403, 429 and 5xx to their own errors (docs/specification.md#errors), and an unreachable directory', async () => {
    for (const [status, code] of [[403, 'INVALID_APP_CONFIG'], [429, 'RATE_LIMITED'], [503, 'SERVER_ERROR'], [400, 'REQUEST_FAILED']] as const) {
      net.route('/getWallets', () => ({ status, body: {} }));
      expect((await rejection(getWallets(directory, { page: 1, entries: 40 }))).code, String(status)).to.equal(code);
    }
    net.restore();
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    expect((await rejection(getWallets(directory, { page: 1, entries: 40 }))).code).to.equal('SERVICE_UNAVAILABLE');
  });

  it('reuses an answer for the same query, never a failure', async () => {
    let fail = true;
    net.route('/getWallets', () => (fail ? { status: 500, body: {} } : { body: { data: [wallet('a')], count: 1 } }));
    await rejection(getWallets(directory, { page: 1, entries: 40 }));
    fail = false;
    await getWallets(directory, { page: 1, entries: 40 });
    await getWallets(directory, { page: 1, entries: 40 });
    await getWallets(directory, { page: 2, entries: 40 });
    expect(net.calls.map((u) => u.searchParams.get('page'))).to.deep.equal(['1', '1', '2']);
  });

  it('builds image URLs with the identification parameters and the id encoded', () => {
    expect(walletImageUrl(directory, 'metamask-icon')).to.equal(`http://directory.test/getWalletImage/metamask-icon?projectId=p1&st=${SDK_TYPE}&sv=${encodeURIComponent(SDK_VERSION)}`);
    expect(new URL(walletImageUrl(directory, '../x?y')).pathname).to.equal('/getWalletImage/..%2Fx%3Fy');
  });
});
