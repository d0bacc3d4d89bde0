import { expect } from '@esm-bundle/chai';
import { cleanStores } from 'nanostores';
import type { Caip2 } from '../../../src/core/caip.js';
import { SEARCH_DEBOUNCE_MS } from '../../../src/core/constants.js';
import { clearDirectoryCache } from '../../../src/services/directory.js';
import { SDK_TYPE, SDK_VERSION } from '../../../src/services/wallet-api.js';
import { $config } from '../../../src/stores/config.js';
import { $directory, type DirectoryWallet, directoryWalletImage, findDirectoryWallet, loadNextPage, resetDirectory } from '../../../src/stores/directory.js';
import { $onMobile } from '../../../src/stores/device.js';
import { $directoryListing, isShown } from '../../../src/stores/directory-list.js';
import { $directorySearch, retrySearch, searchWallets } from '../../../src/stores/directory-search.js';
import { $lastError } from '../../../src/stores/errors.js';
import { $recentWallets } from '../../../src/stores/recent-wallets.js';
import { records, serveDirectory } from '../support/fake-directory.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { announceWallet, createFakeProvider, deferred, sleep, walletInfo } from '../support/fake-wallet.js';
import { resetStores } from '../support/stores.js';
import { until } from '../support/until.js';

const DIR = 'http://directory.test';
const ETH = 'eip155:1' as Caip2;
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
/** A call's own parameters (the identification ones are the service test's business). */
const params = (url: URL) => Object.fromEntries([...url.searchParams].filter(([key]) => !['projectId', 'st', 'sv'].includes(key)));
const listing = () => $directoryListing.get();
const ids = () => listing().items.map((item) => item.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `w${String(from + i).padStart(3, '0')}`);

describe('stores: directory (AllWallets)', () => {
  let net: FakeFetch;
  let stop: (() => void) | undefined;
  const show = () => { stop = $directoryListing.listen(() => {}); };

  beforeEach(() => {
    resetStores({ directoryUrl: DIR, projectId: 'p1', networks: [ETH] });
    clearDirectoryCache();
    $onMobile.set(false);
    net = installFakeFetch();
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    cleanStores($directoryListing, $directory, $directorySearch);
    resetDirectory();
    net.restore();
  });

  it('without directory-url the directory is unavailable, and nothing is fetched', async () => {
    resetStores({ networks: [ETH] });
    show();
    expect(listing()).to.include({ status: 'unavailable', mode: 'browse' });
    await loadNextPage();
    searchWallets('meta');
    await sleep(SEARCH_DEBOUNCE_MS + 50);
    expect(listing().status).to.equal('unavailable');
    expect(net.calls).to.deep.equal([]);
  });

  it('fetches nothing until something shows the list', async () => {
    serveDirectory(net, records(10));
    await sleep(20);
    expect(findDirectoryWallet('w001')).to.equal(undefined);
    expect(net.calls).to.deep.equal([]);
  });

  it('loads the 4 recommended wallets for the networks, then pages of 40 that exclude them', async () => {
    const dir = serveDirectory(net, records(90));
    show();
    expect(listing().status).to.equal('loading');
    await until(() => listing().status === 'ready', 'page 1');
    expect(dir.getWallets().map(params)).to.deep.equal([
      { page: '1', entries: '4', chains: ETH },
      { page: '1', entries: '40', chains: ETH, exclude: 'w001,w002,w003,w004' },
    ]);
    expect(ids()).to.deep.equal(range(1, 44));
    expect($directory.get()).to.include({ count: 86, page: 1, more: true });
    expect(listing().more).to.equal(true);

    // Two calls at once (the list's end seen twice) ask once.
    await Promise.all([loadNextPage(), loadNextPage()]);
    expect(ids()).to.deep.equal(range(1, 84));
    await loadNextPage();
    expect(ids()).to.deep.equal(range(1, 90));
    expect(listing().more).to.equal(false);
    await loadNextPage();
    expect(dir.getWallets().map((u) => u.searchParams.get('page'))).to.deep.equal(['1', '1', '2', '3']);
  });

  it('merges pages without duplicates, and stops when a page comes back empty', async () => {
    const pages: Record<string, DirectoryWallet[]> = {
      '1': [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }],
      '2': [{ id: 'b', name: 'B' }, { id: 'c', name: 'C' }],
      '3': [],
    };
    net.route('/getWallets', (url) => {
      if (url.searchParams.get('entries') === '4') return { body: { data: [], count: 0 } };
      return { body: { data: pages[url.searchParams.get('page')!], count: 99 } };
    });
    show();
    await until(() => listing().status === 'ready');
    await loadNextPage();
    expect(ids()).to.deep.equal(['a', 'b', 'c']);
    expect($directory.get().wallets.map((w) => w.id)).to.deep.equal(['a', 'b', 'c']);
    expect(listing().more).to.equal(true);
    await loadNextPage();
    expect(listing().more).to.equal(false);
    expect(ids()).to.deep.equal(['a', 'b', 'c']);
  });

  it('a failed page keeps what was loaded, shows the error, and Try again loads it', async () => {
    let failPage2 = true;
    serveDirectory(net, records(90), { fail: (url) => (failPage2 && url.searchParams.get('page') === '2' ? 503 : undefined) });
    show();
    await until(() => listing().status === 'ready');
    await loadNextPage();
    expect(listing().status).to.equal('error');
    expect(listing().error).to.deep.equal({ code: 'SERVER_ERROR', message: 'The service had a problem' });
    expect(ids()).to.deep.equal(range(1, 44));
    expect(listing().more).to.equal(true);
    expect($lastError.get()?.error.code).to.equal('SERVER_ERROR');

    failPage2 = false;
    await loadNextPage();
    expect(listing().status).to.equal('ready');
    expect(listing().error).to.equal(undefined);
    expect(ids()).to.deep.equal(range(1, 84));
  });

  it('a failed first page shows the error with the recommended wallets; showing the list again retries', async () => {
    let fail = true;
    serveDirectory(net, records(10), { fail: (url) => (fail && url.searchParams.get('entries') === '40' ? 500 : undefined) });
    show();
    await until(() => listing().status === 'error');
    expect(ids()).to.deep.equal(range(1, 4));
    fail = false;
    stop!();
    cleanStores($directoryListing, $directory, $directorySearch);
    show();
    await until(() => listing().status === 'ready');
    expect(ids()).to.deep.equal(range(1, 10));
  });

  it('without recommendations (their call failed) the pages exclude nothing', async () => {
    const dir = serveDirectory(net, records(10), { fail: (url) => (url.searchParams.get('entries') === '4' ? 500 : undefined) });
    show();
    await until(() => listing().status === 'ready');
    expect(dir.getWallets().map(params)[1]).to.deep.equal({ page: '1', entries: '40', chains: ETH });
    expect(ids()).to.deep.equal(range(1, 10));
    expect($lastError.get()).to.equal(undefined);
  });

  it('puts the recent directory wallets first, marked, fetched with include=; connector ids are not sent', async () => {
    $recentWallets.set(['w050', 'injected:io.metamask', 'w002']);
    const dir = serveDirectory(net, records(60));
    show();
    await until(() => listing().status === 'ready' && listing().items[0]?.id === 'w050', 'recent first');
    expect(dir.getWallets().map(params)).to.deep.include({ page: '1', entries: '2', include: 'w050,w002' });
    expect(ids().slice(0, 6)).to.deep.equal(['w050', 'w002', 'w001', 'w003', 'w004', 'w005']);
    expect(listing().items.slice(0, 3).map((item) => item.recent)).to.deep.equal([true, true, false]);
    await loadNextPage();
    expect(new Set(ids()).size).to.equal(ids().length);
    expect(ids().length).to.equal(60);
  });

  it('a recent wallet already in the list is first as soon as it is recent, not once its include= read answers', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    serveDirectory(net, records(10), { hold: (url) => (url.searchParams.has('include') ? held : undefined) });
    show();
    await until(() => listing().status === 'ready');
    // A connection is made with w007 (the recent wallet is recorded then): the list shows it first, marked, at once,
    // while the read of the recent wallets (include=w007) has not answered yet.
    $recentWallets.set(['w007']);
    expect(ids()[0]).to.equal('w007');
    expect(listing().items[0]?.recent).to.equal(true);
    release();
    await until(() => listing().items.filter((item) => item.id === 'w007').length === 1, 'w007 once');
    expect(ids()[0]).to.equal('w007');
  });

  it('searches from 2 characters, once typing pauses, with entries=100', async () => {
    const dir = serveDirectory(net, records(150));
    show();
    await until(() => listing().status === 'ready');
    const before = dir.getWallets().length;

    searchWallets(' W ');
    expect(listing()).to.include({ mode: 'browse', status: 'ready', query: ' W ' });
    for (const text of ['Wa', 'Wal', 'Wallet 0', 'Wallet 01']) searchWallets(text);
    expect(listing()).to.include({ mode: 'search', status: 'loading' });
    await sleep(SEARCH_DEBOUNCE_MS / 2);
    expect(dir.getWallets().length).to.equal(before);
    await until(() => listing().status === 'ready', 'the search');
    expect(dir.getWallets().slice(before).map(params)).to.deep.equal([{ page: '1', entries: '100', search: 'Wallet 01', chains: ETH }]);
    expect(ids()).to.deep.equal(range(10, 19));
    expect(listing()).to.include({ mode: 'search', term: 'Wallet 01' });

    searchWallets('Wallet');
    await until(() => listing().status === 'ready' && listing().term === 'Wallet');
    expect(ids().length).to.equal(100);

    searchWallets('zz');
    await until(() => listing().status === 'ready' && listing().term === 'zz');
    expect(ids()).to.deep.equal([]);

    searchWallets('');
    expect(listing()).to.include({ mode: 'browse', status: 'ready', query: '' });
    expect(ids()).to.deep.equal(range(1, 44));
  });

  it('a late answer for an older search never replaces a newer one', async () => {
    const slow = deferred<void>();
    serveDirectory(net, records(30), { hold: (url) => (url.searchParams.get('search') === 'Wallet 00' ? slow.promise : undefined) });
    show();
    await until(() => listing().status === 'ready');
    searchWallets('Wallet 00');
    await until(() => net.calls.some((u) => u.searchParams.get('search') === 'Wallet 00'), 'the first search sent');
    searchWallets('Wallet 01');
    await until(() => listing().status === 'ready', 'the second search');
    expect(ids()).to.deep.equal(range(10, 19));
    slow.resolve();
    await sleep(30);
    expect(listing()).to.include({ status: 'ready', term: 'Wallet 01' });
    expect(ids()).to.deep.equal(range(10, 19));
  });

  it('a failed search shows the error; Try again searches again at once', async () => {
    let fail = true;
    serveDirectory(net, records(30), { fail: (url) => (fail && url.searchParams.has('search') ? 429 : undefined) });
    show();
    await until(() => listing().status === 'ready');
    searchWallets('Wallet 02');
    await until(() => listing().status === 'error');
    expect(listing().error).to.deep.equal({ code: 'RATE_LIMITED', message: 'Too many requests, try again shortly' });
    fail = false;
    retrySearch();
    expect(listing().status).to.equal('loading');
    await until(() => listing().status === 'ready');
    expect(ids()).to.deep.equal(range(20, 29));
  });

  it('leaving the view clears the search', async () => {
    serveDirectory(net, records(5));
    show();
    await until(() => listing().status === 'ready');
    searchWallets('Wallet');
    stop!();
    stop = undefined;
    cleanStores($directoryListing, $directorySearch);
    expect($directorySearch.get()).to.include({ query: '', status: 'idle' });
  });

  it('on a phone, shows only wallets a phone can open (safe mobile, link-mode or web-app links) or installed ones', async () => {
    const provider = createFakeProvider();
    const stopAnnouncing = announceWallet(walletInfo('com.example.dirinstalled', 'Dir Installed'), provider);
    try {
      serveDirectory(net, [
        { id: 'native', name: 'Native', mobile_link: 'metamask://' },
        { id: 'universal', name: 'Universal', mobile_link: 'https://u.app.link' },
        { id: 'web', name: 'Web', webapp_link: 'https://app.web.example' },
        { id: 'desktop', name: 'Desktop only' },
        { id: 'script', name: 'Script', mobile_link: 'javascript://%0aalert(1)' },
        { id: 'plain-http', name: 'Plain http', webapp_link: 'http://app.example' },
        { id: 'linkmode', name: 'Link mode', link_mode: 'https://lm.example' },
        { id: 'installed', name: 'Installed', rdns: 'com.example.dirinstalled' },
      ]);
      $onMobile.set(true);
      show();
      await until(() => listing().status === 'ready' && listing().items.some((item) => item.installedId));
      expect(ids()).to.deep.equal(['native', 'universal', 'web', 'linkmode', 'installed']);
      expect(listing().items.find((item) => item.id === 'installed')!.installedId).to.equal('injected:com.example.dirinstalled');
      $onMobile.set(false);
      expect(ids()).to.deep.equal(['native', 'universal', 'web', 'desktop', 'script', 'plain-http', 'linkmode', 'installed']);
    } finally {
      stopAnnouncing();
    }
  });

  it('shows only wallets whose chains (when listed) meet the configured networks', async () => {
    const context = { networks: [ETH], mobile: false, installed: new Map<string, string>() };
    expect(isShown({ id: 'a', name: 'A' }, context)).to.equal(true);
    expect(isShown({ id: 'a', name: 'A', chains: [] }, context)).to.equal(true);
    expect(isShown({ id: 'a', name: 'A', chains: [SOLANA, ETH] }, context)).to.equal(true);
    expect(isShown({ id: 'a', name: 'A', chains: [SOLANA] }, context)).to.equal(false);
    expect(isShown({ id: 'a', name: 'A', chains: ['eip155:137'] }, context)).to.equal(false);

    // Even when the directory answers regardless of `chains=`.
    net.route('/getWallets', () => ({ body: { data: [{ id: 'sol', name: 'Sol', chains: [SOLANA] }, { id: 'eth', name: 'Eth', chains: [ETH] }, { id: 'any', name: 'Any' }], count: 3 } }));
    show();
    await until(() => listing().status === 'ready');
    expect(ids()).to.deep.equal(['eth', 'any']);
  });

  it('starts again for other networks or another directory', async () => {
    const dir = serveDirectory(net, records(10, 1, { chains: [ETH] }).concat(records(5, 11, { chains: ['eip155:137'] })));
    show();
    await until(() => listing().status === 'ready');
    expect(ids()).to.deep.equal(range(1, 10));
    $config.set({ ...$config.get(), networks: ['eip155:137' as Caip2] });
    await until(() => listing().status === 'ready' && ids()[0] === 'w011', 'the other networks');
    expect(ids()).to.deep.equal(range(11, 15));
    expect(dir.getWallets().at(-1)!.searchParams.get('chains')).to.equal('eip155:137');
  });

  it('searches again for other networks', async () => {
    serveDirectory(net, records(15, 1, { chains: [ETH] }).concat(records(5, 16, { chains: ['eip155:137'] })));
    show();
    await until(() => listing().status === 'ready');
    searchWallets('Wallet 01');
    await until(() => listing().mode === 'search' && listing().status === 'ready');
    expect(ids()).to.deep.equal(range(10, 15));
    $config.set({ ...$config.get(), networks: ['eip155:137' as Caip2] });
    await until(() => listing().status === 'ready' && ids()[0] === 'w016', 'the search for the other networks');
    expect(ids()).to.deep.equal(range(16, 19));
    expect(net.calls.at(-1)!.searchParams.get('chains')).to.equal('eip155:137');
  });

  it('finds loaded wallets by id, and gives their image from the directory', async () => {
    net.route('/getWallets', (url) => ({
      body: url.searchParams.has('search')
        ? { data: [{ id: 'found', name: 'Found', image_url: 'https://img.example/found.png' }], count: 1 }
        : { data: [{ id: 'w1', name: 'One', image_id: 'one-icon', mobile_link: 'one://' }, { id: 'w2', name: 'Two', image_url: 'http://img.example/two.png' }], count: 2 },
    }));
    show();
    await until(() => listing().status === 'ready');
    const one = findDirectoryWallet('w1')!;
    expect(one).to.include({ name: 'One', mobile_link: 'one://' });
    expect(directoryWalletImage(one)).to.equal(`${DIR}/getWalletImage/one-icon?projectId=p1&st=${SDK_TYPE}&sv=${encodeURIComponent(SDK_VERSION)}`);
    expect(directoryWalletImage(findDirectoryWallet('w2')!)).to.equal(undefined);
    expect(listing().items.map((item) => item.image)).to.deep.equal([directoryWalletImage(one), undefined]);
    searchWallets('Found');
    await until(() => listing().mode === 'search' && listing().status === 'ready');
    expect(directoryWalletImage(findDirectoryWallet('found')!)).to.equal('https://img.example/found.png');
    expect(findDirectoryWallet('nope')).to.equal(undefined);
  });
});
