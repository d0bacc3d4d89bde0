import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDirectoryApp, DEFAULT_WALLETS, MAX_SEARCH_RESULTS, type WcWallet } from '../../server/directory/app.js';
import { isSafeMobileLink } from '../../server/directory/records.js';
import { startDirectory, type DirectoryServer } from '../../server/directory/serve.js';
import { NO_PROJECT_ID, serviceUrl } from '../../src/services/service-url.js';

const COMMON = { projectId: 'test-project', st: 'appkit', sv: 'html-wagmi-4.2.2' };

/** The keys of WcWallet (docs/wire-formats.md#wallet-directory). */
const WC_WALLET_KEYS = new Set([
  'id', 'name', 'badge_type', 'description', 'chains', 'homepage', 'image_id', 'image_url', 'order', 'link_mode', 'mobile_link',
  'desktop_link', 'webapp_link', 'app_store', 'play_store', 'chrome_store', 'rdns', 'injected', 'display_index', 'supports_wc', 'supports_wcpay',
]);

type Page = { count: number; data: WcWallet[] };
type ErrorBody = { status: string; reasons: { name: string; description: string }[] };

function request(app: ReturnType<typeof createDirectoryApp>, path: string, params: Record<string, string | undefined> = {}, common = COMMON): Promise<Response> {
  const url = new URL(path, 'http://directory.test');
  for (const [key, value] of Object.entries({ ...common, ...params })) if (value !== undefined) url.searchParams.set(key, value);
  return Promise.resolve(app.request(url.toString()));
}

async function getPage(app: ReturnType<typeof createDirectoryApp>, params: Record<string, string | undefined>): Promise<Page> {
  const res = await request(app, '/getWallets', params);
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()) as Page;
}

async function expect400(res: Response, name: string): Promise<void> {
  assert.equal(res.status, 400);
  const body = (await res.json()) as ErrorBody;
  assert.equal(body.status, 'ERROR');
  assert.ok(body.reasons.some((reason) => reason.name === name && reason.description.length > 0), JSON.stringify(body));
}

function assertWcWallet(wallet: WcWallet): void {
  for (const key of Object.keys(wallet)) assert.ok(WC_WALLET_KEYS.has(key), `unexpected key ${key} on ${wallet.id}`);
  assert.equal(typeof wallet.id, 'string');
  assert.ok(wallet.id.length > 0);
  assert.equal(typeof wallet.name, 'string');
  assert.ok(wallet.badge_type === undefined || wallet.badge_type === 'none' || wallet.badge_type === 'certified');
  if (wallet.chains !== undefined) for (const chain of wallet.chains) assert.match(chain, /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/);
  if (wallet.homepage !== undefined) assert.match(wallet.homepage, /^https:\/\//);
  assert.equal(typeof wallet.image_id, 'string');
  assert.equal(typeof wallet.order, 'number');
  for (const key of ['link_mode', 'mobile_link', 'desktop_link', 'webapp_link', 'app_store', 'play_store', 'chrome_store', 'rdns'] as const) {
    const value = wallet[key];
    assert.ok(value === undefined || value === null || typeof value === 'string', `${key} of ${wallet.id}`);
  }
  for (const key of ['app_store', 'play_store', 'chrome_store', 'webapp_link'] as const) if (wallet[key]) assert.match(wallet[key]!, /^https:\/\//, `${key} of ${wallet.id}`);
  if (wallet.injected) for (const entry of wallet.injected) assert.equal(typeof entry.injected_id, 'string');
  assert.equal(typeof wallet.supports_wc, 'boolean');
}

describe('wallet directory: default data', () => {
  const app = createDirectoryApp();

  it('has at least 25 real wallets and no generated ones', async () => {
    assert.ok(DEFAULT_WALLETS.length >= 25);
    assert.ok(DEFAULT_WALLETS.every((wallet) => !wallet.generated));
    const page = await getPage(app, { page: '1', entries: '100' });
    assert.equal(page.count, DEFAULT_WALLETS.length);
    assert.ok(page.data.every((wallet) => !wallet.name.startsWith('Generated Wallet')));
    const names = new Set(page.data.map((wallet) => wallet.name));
    for (const name of ['MetaMask', 'Rainbow', 'Coinbase Wallet', 'Trust Wallet', 'Zerion', 'Rabby Wallet', 'Phantom', 'OKX Wallet']) assert.ok(names.has(name), name);
    assert.equal(new Set(page.data.map((wallet) => wallet.id)).size, page.data.length, 'ids are unique');
    assert.equal(new Set(DEFAULT_WALLETS.map((wallet) => wallet.image_id)).size, DEFAULT_WALLETS.length, 'image ids are unique');
  });

  it('answers records exactly of the WcWallet shape', async () => {
    const page = await getPage(app, { page: '1', entries: '100' });
    for (const wallet of page.data) assertWcWallet(wallet);
    const metamask = page.data.find((wallet) => wallet.name === 'MetaMask')!;
    assert.equal(metamask.rdns, 'io.metamask');
    assert.deepEqual(metamask.injected, [{ namespace: 'eip155', injected_id: 'io.metamask' }]);
    assert.equal(metamask.mobile_link, 'metamask://');
  });

  it('has only https or plain app-scheme mobile links', async () => {
    for (const record of DEFAULT_WALLETS) {
      for (const link of [record.mobile?.native, record.mobile?.universal]) {
        if (link === undefined) continue;
        assert.ok(isSafeMobileLink(link), `${record.id}: ${link}`);
        assert.doesNotMatch(link, /^(javascript|data|file|vbscript):/i);
      }
    }
    const page = await getPage(app, { page: '1', entries: '100' });
    for (const wallet of page.data) if (wallet.mobile_link) assert.match(wallet.mobile_link, /^(https:\/\/|[a-z][a-z0-9+.-]*:\/\/)/i);
  });

  it('drops unsafe mobile links from supplied records', async () => {
    const custom = createDirectoryApp({
      wallets: [
        { id: 'bad', name: 'Bad Wallet', image_id: 'bad-icon', order: 1, mobile: { native: 'javascript://alert(1)', universal: 'data://x' } },
        { id: 'file', name: 'File Wallet', image_id: 'file-icon', order: 2, mobile: { native: 'file:///etc/passwd' } },
      ],
    });
    const page = await getPage(custom, {});
    assert.ok(page.data.every((wallet) => wallet.mobile_link === null));
    assert.equal(isSafeMobileLink('https://metamask.app.link'), true);
    assert.equal(isSafeMobileLink('http://insecure.example'), false);
    for (const link of ['tel://+15551234', 'sms://1', 'itms-services://?action=download-manifest', 'ms-settings://x', 'intent://x#Intent;end']) {
      assert.equal(isSafeMobileLink(link), false, link);
    }
  });
});

describe('wallet directory: paging over generated entries', () => {
  const extra = 300;
  const app = createDirectoryApp({ extraGenerated: extra });
  const total = DEFAULT_WALLETS.length + extra;

  it('pages of 40 are disjoint, cover everything, and the last one is short', async () => {
    const pages = Math.ceil(total / 40);
    const seen = new Set<string>();
    for (let page = 1; page <= pages; page++) {
      const result = await getPage(app, { page: String(page), entries: '40' });
      assert.equal(result.count, total);
      const expected = page < pages ? 40 : total - 40 * (pages - 1);
      assert.equal(result.data.length, expected, `page ${page}`);
      for (const wallet of result.data) {
        assert.ok(!seen.has(wallet.id), `${wallet.id} repeated`);
        seen.add(wallet.id);
      }
    }
    assert.ok(total % 40 !== 0 && total - 40 * (pages - 1) < 40);
    assert.equal(seen.size, total);
    const beyond = await getPage(app, { page: String(pages + 1), entries: '40' });
    assert.deepEqual(beyond.data, []);
    assert.equal(beyond.count, total);
  });

  it('ranks real wallets before generated ones', async () => {
    const first = await getPage(app, { page: '1', entries: '40' });
    assert.ok(first.data.slice(0, DEFAULT_WALLETS.length).every((wallet) => !wallet.name.startsWith('Generated Wallet')));
    assert.equal(first.data[DEFAULT_WALLETS.length]?.name, 'Generated Wallet 001');
    const orders = first.data.map((wallet) => wallet.order!);
    assert.deepEqual(orders, [...orders].sort((a, b) => a - b));
  });

  it('returns 4 recommended wallets', async () => {
    const page = await getPage(app, { page: '1', entries: '4' });
    assert.equal(page.data.length, 4);
  });

  it('rejects bad page and entries', async () => {
    await expect400(await request(app, '/getWallets', { page: '0', entries: '40' }), 'page');
    await expect400(await request(app, '/getWallets', { page: 'abc', entries: '40' }), 'page');
    await expect400(await request(app, '/getWallets', { page: '1', entries: '101' }), 'entries');
    await expect400(await request(app, '/getWallets', { page: '1', entries: '-4' }), 'entries');
  });
});

describe('wallet directory: the demo wallets (npm start) and the drawn logos', () => {
  const app = createDirectoryApp({ demoWallets: 120 });
  const svgOf = async (imageId: string) => (await request(app, `/getWalletImage/${imageId}`)).text();

  it('lists 120 made-up wallets after the real ones, with distinct names, on four pages of 40', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => getPage(app, { page: String(page) })));
    assert.equal(pages[0]!.count, DEFAULT_WALLETS.length + 120);
    const all = pages.flatMap((page) => page.data);
    assert.equal(all.length, DEFAULT_WALLETS.length + 120);
    assert.deepEqual(all.slice(0, DEFAULT_WALLETS.length).map((w) => w.id).sort(), DEFAULT_WALLETS.map((w) => w.id).sort());
    const demo = all.slice(DEFAULT_WALLETS.length);
    assert.equal(new Set(demo.map((w) => w.name)).size, 120);
    assert.deepEqual(demo.slice(0, 3).map((w) => w.name), ['Aurora Wallet', 'Beacon Wallet', 'Cobalt Wallet']);
    assert.ok(demo.every((w) => w.chains === undefined && w.homepage?.startsWith('https://example.com/wallets/')), 'not limited to chains, an example.com homepage');
    assert.equal((await getPage(app, { search: 'aurora' })).data.map((w) => w.name).join(), 'Aurora Wallet,Aurora Pay,Aurora Vault,Aurora Keys');
    assert.throws(() => createDirectoryApp({ demoWallets: 151 }), /demoWallets must be an integer from 0 to 150/);
    assert.equal((await getPage(createDirectoryApp(), {})).count, DEFAULT_WALLETS.length, 'none unless asked for (the tests\' stacks)');
  });

  it('draws a demo wallet a geometric mark on a gradient (no letters), a real one its initials', async () => {
    const demo = (await getPage(app, { page: '2' })).data.filter((w) => w.id.startsWith('demo-'));
    const svgs = await Promise.all(demo.map((w) => svgOf(w.image_id!)));
    assert.ok(svgs.every((svg) => svg.includes('linearGradient') && !svg.includes('<text')), 'a gradient and a shape');
    const pictures = new Set(svgs.map((svg) => svg.replace(/aria-label="[^"]*"/, '')));
    const shapes = new Set(svgs.map((svg) => svg.slice(svg.indexOf('rx="22"'))));
    assert.ok(pictures.size >= demo.length - 2, `each its own colours and mark (${pictures.size} of ${demo.length})`);
    assert.ok(shapes.size >= 8, `many shapes (${shapes.size})`);
    assert.match(await svgOf('metamask-icon'), /linearGradient.*>ME<\/text>/);
  });
});

describe('wallet directory: search, include, exclude, chains', () => {
  const app = createDirectoryApp({ extraGenerated: 300 });

  it('searches case-insensitively from 2 characters', async () => {
    const lower = await getPage(app, { page: '1', entries: '100', search: 'metamask' });
    const mixed = await getPage(app, { page: '1', entries: '100', search: '  MeTaMaSk ' });
    assert.deepEqual(lower, mixed);
    assert.equal(lower.count, 1);
    assert.equal(lower.data[0]?.name, 'MetaMask');
    const two = await getPage(app, { page: '1', entries: '100', search: 'ok' });
    assert.ok(two.data.some((wallet) => wallet.name === 'OKX Wallet'));
    assert.ok(two.data.every((wallet) => wallet.name.toLowerCase().includes('ok')));
    await expect400(await request(app, '/getWallets', { page: '1', entries: '100', search: 'm' }), 'search');
    const none = await getPage(app, { page: '1', entries: '100', search: 'no such wallet here' });
    assert.deepEqual(none, { count: 0, data: [] });
  });

  it('caps search results at 100', async () => {
    const page = await getPage(app, { page: '1', entries: '100', search: 'generated wallet' });
    assert.equal(page.count, MAX_SEARCH_RESULTS);
    assert.equal(page.data.length, 100);
    const next = await getPage(app, { page: '2', entries: '100', search: 'generated wallet' });
    assert.equal(next.data.length, 0);
  });

  it('include keeps only the listed ids; exclude removes them', async () => {
    const included = await getPage(app, { page: '1', entries: '40', include: 'metamask,rainbow,nope' });
    assert.deepEqual(included.data.map((wallet) => wallet.id).sort(), ['metamask', 'rainbow']);
    assert.equal(included.count, 2);
    const all = await getPage(app, { page: '1', entries: '40' });
    const excluded = await getPage(app, { page: '1', entries: '40', exclude: 'metamask,rainbow' });
    assert.equal(excluded.count, all.count - 2);
    assert.ok(!excluded.data.some((wallet) => wallet.id === 'metamask' || wallet.id === 'rainbow'));
    const both = await getPage(app, { page: '1', entries: '40', include: 'metamask,rainbow', exclude: 'rainbow' });
    assert.deepEqual(both.data.map((wallet) => wallet.id), ['metamask']);
    await expect400(await request(app, '/getWallets', { include: 'bad id!' }), 'include');
  });

  it('filters by chains: a wallet that lists chains must support one', async () => {
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
    const page = await getPage(app, { page: '1', entries: '100', chains: solana });
    assert.ok(page.data.some((wallet) => wallet.id === 'phantom'));
    for (const wallet of page.data) assert.ok(!wallet.chains || wallet.chains.includes(solana), wallet.id);
    assert.ok(!page.data.some((wallet) => wallet.name.startsWith('Generated Wallet')), 'generated wallets list eip155:1 only');
    const evm = await getPage(app, { page: '1', entries: '100', chains: 'eip155:1,eip155:137' });
    assert.ok(evm.data.some((wallet) => wallet.name.startsWith('Generated Wallet')));
    await expect400(await request(app, '/getWallets', { chains: 'not a chain' }), 'chains');
  });
});

describe('wallet directory: envelope, images, CORS', () => {
  const app = createDirectoryApp();

  it('requires projectId, st and sv on every call', async () => {
    for (const missing of ['projectId', 'st', 'sv'] as const) {
      const common: Record<string, string> = { ...COMMON };
      delete common[missing];
      await expect400(await request(app, '/getWallets', { page: '1', entries: '40' }, common as typeof COMMON), missing);
      await expect400(await request(app, '/getWalletImage/metamask-icon', {}, common as typeof COMMON), missing);
    }
    const none = await request(app, '/getWallets', {}, {} as typeof COMMON);
    assert.equal(none.status, 400);
    const body = (await none.json()) as ErrorBody;
    assert.deepEqual(body.reasons.map((reason) => reason.name).sort(), ['projectId', 'st', 'sv']);
  });

  it('answers the widget without a project id (projectId=none, as the wallet data API gets)', async () => {
    const url = serviceUrl({ url: 'http://directory.test/', projectId: undefined }, 'getWallets', { page: '1', entries: '4' });
    assert.equal(url.searchParams.get('projectId'), NO_PROJECT_ID);
    const res = await app.request(`${url.pathname}${url.search}`);
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { data: unknown[] }).data.length, 4);
  });

  it('serves an SVG per wallet image with cache headers', async () => {
    const res = await request(app, '/getWalletImage/metamask-icon');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^image\/svg\+xml/);
    assert.match(res.headers.get('cache-control') ?? '', /max-age=\d+/);
    const svg = await res.text();
    assert.match(svg, /^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.match(svg, />ME<\/text>/);
    for (const record of DEFAULT_WALLETS) assert.equal((await request(app, `/getWalletImage/${record.image_id}`)).status, 200, record.id);
    assert.equal((await request(app, '/getWalletImage/unknown-icon')).status, 404);
    await expect400(await request(app, '/getWalletImage/bad%20id'), 'imageId');
  });

  it('allows any origin', async () => {
    const res = await app.request(`/getWallets?projectId=p&st=appkit&sv=html-wagmi-1`, { headers: { Origin: 'https://dapp.example' } });
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    const preflight = await app.request('/getWallets', { method: 'OPTIONS', headers: { Origin: 'https://dapp.example', 'Access-Control-Request-Method': 'GET' } });
    assert.ok(preflight.status === 204 || preflight.status === 200);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  });
});

describe('wallet directory: startDirectory', () => {
  let server: DirectoryServer;
  before(async () => {
    server = await startDirectory({ extraGenerated: 5 });
  });
  after(() => server.stop());

  it('serves over HTTP on 127.0.0.1', async () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    const res = await fetch(new URL(`getWallets?projectId=p&st=appkit&sv=html-wagmi-1&page=1&entries=40`, server.url));
    assert.equal(res.status, 200);
    const body = (await res.json()) as Page;
    assert.equal(body.count, DEFAULT_WALLETS.length + 5);
  });
});
