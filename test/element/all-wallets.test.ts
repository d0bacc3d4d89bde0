import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { $onMobile } from '../../src/stores/device.js';
import { $recentWallets } from '../../src/stores/recent-wallets.js';
import { type FakeRecord, records, serveDirectory } from '../unit/support/fake-directory.js';
import { type FakeFetch, installFakeFetch } from '../unit/support/fake-fetch.js';
import { ALICE, announceWallet, createFakeProvider, walletInfo } from '../unit/support/fake-wallet.js';
import { expectAccessible } from './support/axe.js';
import { bodyText, cleanup, dialogOf, mount, part, parts, titleText, waitFor } from './support/element.js';

/*
 * The AllWallets view against a scripted directory (the fake fetch answers like server/directory does;
 * the e2e suite uses the real server). Each test gets its own directory URL on this page's origin, so the
 * directory store starts afresh and image requests get a quick 404 (the view then shows initials).
 */
let serial = 0;
const grid = (el: HTMLElement) => part(el, 'directory-list');
const tiles = (el: HTMLElement) => parts(el, 'wallet-button').filter((b) => b.classList.contains('directory-wallet'));
const names = (el: HTMLElement) => tiles(el).map((b) => b.querySelector('.directory-name')!.textContent);
const input = (el: HTMLElement) => part(el, 'search-input') as HTMLInputElement | null;
const liveStatus = (el: HTMLElement) => el.shadowRoot!.querySelector('.directory [role="status"]')!.textContent;

describe('<wallet-connect-modal> AllWallets', () => {
  let net: FakeFetch;
  let base: string;
  let el: WalletConnectModalElement;

  beforeEach(() => {
    net = installFakeFetch();
    base = `/fake-directory-${++serial}`;
  });
  afterEach(async () => {
    await cleanup();
    net.restore();
    $recentWallets.set([]);
  });

  /** The widget with this directory, opened on Connect, then "All wallets" chosen as a visitor would. */
  async function openAllWallets(attributes: Record<string, string> = {}) {
    el = mount({ networks: 'eip155:1', 'project-id': 'p1', 'directory-url': `${location.origin}${base}`, 'relay-url': 'ws://127.0.0.1:9', ...attributes });
    el.open();
    const entry = await waitFor(() => parts(el, 'wallet-button').find((b) => b.dataset.walletId === 'all-wallets'), 'the All wallets entry');
    entry.click();
    await waitFor(() => titleText(el) === 'All Wallets', 'the AllWallets title');
  }

  it('takes directory-url as a path on the page, keeping the path', async () => {
    serveDirectory(net, records(10), {}, base);
    await openAllWallets({ 'directory-url': `${base}/` });
    await waitFor(() => tiles(el).length === 10, '10 wallets', 5000);
    const call = net.calls.find((url) => url.pathname.endsWith('/getWallets'))!;
    expect(`${call.origin}${call.pathname}`).to.equal(`${location.origin}${base}/getWallets`);
  });

  it('lists the directory: search field, recommended and first page, images lazy with initials as fallback', async () => {
    const dir = serveDirectory(net, records(100), {}, base);
    await openAllWallets();
    await waitFor(() => tiles(el).length === 44, '44 wallets (4 recommended + 40)', 5000);
    expect(names(el).slice(0, 5)).to.deep.equal(['Wallet 001', 'Wallet 002', 'Wallet 003', 'Wallet 004', 'Wallet 005']);
    expect(grid(el)!.getAttribute('aria-label')).to.equal('All wallets');
    expect(grid(el)!.getAttribute('aria-busy')).to.equal('false');

    const field = input(el)!;
    expect(field.type).to.equal('search');
    expect(field.placeholder).to.equal('Search wallets');
    expect(field.labels![0]!.textContent).to.equal('Search wallets');

    // Far down the list the images have not been fetched yet (lazy); near the top, the 404s show initials.
    const last = tiles(el).at(-1)!.querySelector('img')!;
    expect(last.getAttribute('src')).to.equal(`${location.origin}${base}/getWalletImage/w044-icon?projectId=p1&st=wallet-connect-modal&sv=html-core-0.1.0`);
    expect([last.alt, last.loading, last.decoding]).to.deep.equal(['', 'lazy', 'async']);
    await waitFor(() => tiles(el)[0]!.querySelector('.initial')?.textContent === 'W', 'the initial instead of a missing image');

    expect(dir.getWallets().map((u) => [u.searchParams.get('page'), u.searchParams.get('entries')])).to.deep.equal([['1', '4'], ['1', '40']]);
    expect(bodyText(el)).to.contain('Load more wallets');
  });

  it('scrolling to the end of the list loads the next page', async () => {
    const dir = serveDirectory(net, records(100), {}, base);
    await openAllWallets();
    await waitFor(() => tiles(el).length === 44, 'page 1', 5000);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(dir.getWallets().length, 'no page 2 before scrolling').to.equal(2);

    const body = part(el, 'body')!;
    body.scrollTop = body.scrollHeight;
    await waitFor(() => tiles(el).length === 84, 'page 2 after scrolling', 5000);
    expect(dir.getWallets().at(-1)!.searchParams.get('page')).to.equal('2');
    expect(names(el).at(-1)).to.equal('Wallet 084');

    body.scrollTop = body.scrollHeight;
    await waitFor(() => tiles(el).length === 100, 'the last page', 5000);
    expect(bodyText(el)).to.not.contain('Load more wallets');
  });

  it('searches from 2 characters, and says when nothing matches', async () => {
    const dir = serveDirectory(net, records(100), {}, base);
    await openAllWallets();
    await waitFor(() => tiles(el).length === 44, 'page 1', 5000);
    input(el)!.focus();
    await sendKeys({ type: 'W' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(dir.getWallets().some((u) => u.searchParams.has('search')), 'no search for one character').to.equal(false);

    await sendKeys({ type: 'allet 01' });
    await waitFor(() => grid(el)?.getAttribute('aria-label') === 'Search results' && tiles(el).length === 10, 'the results', 5000);
    expect(names(el)).to.deep.equal(['Wallet 010', 'Wallet 011', 'Wallet 012', 'Wallet 013', 'Wallet 014', 'Wallet 015', 'Wallet 016', 'Wallet 017', 'Wallet 018', 'Wallet 019']);
    expect(liveStatus(el)).to.equal('10 wallets found');
    const searches = dir.getWallets().filter((u) => u.searchParams.has('search'));
    expect(searches.map((u) => [u.searchParams.get('search'), u.searchParams.get('entries')])).to.deep.equal([['Wallet 01', '100']]);
    await expectAccessible(el, 'AllWallets (search results)');

    await sendKeys({ press: 'Control+A' });
    await sendKeys({ type: 'zz' });
    await waitFor(() => liveStatus(el) === 'No wallet matches “zz”', 'the no-match message', 5000);
    expect(tiles(el)).to.have.length(0);
    await expectAccessible(el, 'AllWallets (no match)');

    await sendKeys({ press: 'Control+A' });
    await sendKeys({ press: 'Backspace' });
    await waitFor(() => grid(el)?.getAttribute('aria-label') === 'All wallets' && tiles(el).length === 44, 'the list again');
  });

  it('choosing a wallet shows ConnectingWalletConnect with its name as the title', async () => {
    serveDirectory(net, records(10), {}, base);
    await openAllWallets();
    await waitFor(() => tiles(el).length === 10, 'the wallets', 5000);
    tiles(el)[2]!.click();
    await waitFor(() => titleText(el) === 'Wallet 003', 'the wallet name as title');
    expect(el.state.view).to.equal('ConnectingWalletConnect');
    expect(part(el, 'back-button')!.getAttribute('aria-label')).to.equal('Back');
  });

  it('puts a recent wallet first, marked Recent; an installed one is marked Installed and connects through its extension', async () => {
    $recentWallets.set(['w007']);
    const provider = createFakeProvider({ accounts: [ALICE], chainId: '0x1' });
    const stop = announceWallet(walletInfo('com.example.allwallets', 'Extension Wallet'), provider);
    try {
      const list: FakeRecord[] = [...records(10), { id: 'ext', name: 'Extension Wallet', rdns: 'com.example.allwallets' }];
      serveDirectory(net, list, {}, base);
      await openAllWallets();
      await waitFor(() => tiles(el).length === 11 && names(el)[0] === 'Wallet 007', 'the recent wallet first', 5000);
      const tags = () => tiles(el).map((b) => b.querySelector('.directory-tag')?.textContent ?? null);
      expect(tags()[0]).to.equal('Recent');
      expect(tiles(el)[0]!.textContent).to.equal('Wallet 007 Recent');
      const ext = tiles(el).find((b) => b.dataset.walletId === 'ext')!;
      await waitFor(() => ext.querySelector('.directory-tag')?.textContent === 'Installed', 'the Installed tag');
      expect(tags().filter(Boolean)).to.deep.equal(['Recent', 'Installed']);
      await expectAccessible(el, 'AllWallets (list)');

      ext.click();
      await waitFor(() => el.state.status === 'connected', 'connected through the extension');
      expect(provider.methods()).to.include('eth_requestAccounts');
      await el.disconnect();
    } finally {
      stop();
    }
  });

  it('a failed page says so and Try again loads it', async () => {
    let fail = true;
    serveDirectory(net, records(10), { fail: (url) => (fail && url.searchParams.get('entries') === '40' ? 503 : undefined) }, base);
    await openAllWallets();
    const alert = await waitFor(() => el.shadowRoot!.querySelector('.directory [role="alert"]'), 'the error', 5000);
    expect(alert.textContent).to.equal('The service had a problem');
    expect(bodyText(el)).to.contain('The wallet list could not be loaded.');
    expect(names(el)).to.deep.equal(['Wallet 001', 'Wallet 002', 'Wallet 003', 'Wallet 004']);
    await expectAccessible(el, 'AllWallets (error)');

    fail = false;
    const retry = parts(el, 'button').find((b) => b.textContent === 'Try again')!;
    retry.click();
    await waitFor(() => tiles(el).length === 10, 'the list after Try again', 5000);
    expect(el.shadowRoot!.querySelector('.directory [role="alert"]')).to.equal(null);
  });

  it('without directory-url: says the list is not available and offers the QR code, without a request', async () => {
    el = mount({ networks: 'eip155:1', 'relay-url': 'ws://127.0.0.1:9' });
    el.open({ view: 'AllWallets' });
    await waitFor(() => el.shadowRoot!.querySelector('.directory[data-state="unavailable"]'), 'the unavailable state', 5000);
    expect(titleText(el)).to.equal('All Wallets');
    expect(bodyText(el)).to.equal('The wallet list is not available on this site.You can still connect a mobile wallet by scanning a QR code.Show QR code');
    expect(input(el)).to.equal(null);
    await expectAccessible(el, 'AllWallets (unavailable)');
    expect(net.calls).to.deep.equal([]);
    parts(el, 'button').find((b) => b.textContent === 'Show QR code')!.click();
    await waitFor(() => el.state.view === 'ConnectingWalletConnect', 'the QR view');
    expect(dialogOf(el).open).to.equal(true);
  });

  it('without directory-url, on a phone: offers a link to paste into a wallet app, never a QR code', async () => {
    $onMobile.set(true);
    try {
      el = mount({ networks: 'eip155:1', 'relay-url': 'ws://127.0.0.1:9' });
      el.open({ view: 'AllWallets' });
      await waitFor(() => el.shadowRoot!.querySelector('.directory[data-state="unavailable"]'), 'the unavailable state', 5000);
      expect(bodyText(el)).to.equal('The wallet list is not available on this site.You can still connect a mobile wallet with a link to paste into it.Get a link');
      await expectAccessible(el, 'AllWallets (unavailable, phone)');
      parts(el, 'button').find((b) => b.textContent === 'Get a link')!.click();
      await waitFor(() => el.state.view === 'ConnectingWalletConnect', 'the link view');
      // The view's code loads on demand: wait for it to draw, then read its label.
      const spinner = await waitFor(() => el.shadowRoot!.querySelector('.walletconnect .spinner'), 'the link view to draw');
      expect(spinner.getAttribute('aria-label')).to.equal('Preparing the link');
    } finally {
      $onMobile.set(false);
    }
  });
});
