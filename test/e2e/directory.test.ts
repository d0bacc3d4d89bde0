import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { DEFAULT_WALLETS, createDirectoryApp } from '../../server/directory/app.js';
import { generateWallets } from '../../server/directory/records.js';
import { startWalletPeer, type WalletPeer } from '../../devstack/wc-wallet/index.js';
import { ACCOUNT_0, closeContext, inModal, openDemo, openModal, seriousA11yViolations, useE2E, waitForEvent } from './harness.js';
import { PHONE, countWalletOpens, withMobileLinks } from './phone-support.js';
import { scanQr } from './walletconnect-support.js';


/**
 * The stack's directory serves the 32 real wallets; paging and search are exercised over 300+ entries by
 * answering the same URL with the same directory implementation plus generated entries.
 */
async function withGeneratedWallets(page: Page, directoryUrl: string, count = 300) {
  // Generated entries say they run on eip155:1; these run on any chain, so the demo's local chains keep them.
  const generated = generateWallets(count, 1000).map(({ chains: _chains, ...wallet }) => wallet);
  const app = createDirectoryApp({ wallets: [...DEFAULT_WALLETS, ...generated] });
  await page.route(`${directoryUrl}**`, async (route) => {
    const request = route.request();
    const response = await app.fetch(new Request(request.url(), { method: request.method() }));
    await route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) });
  });
}

const tiles = (page: Page) => inModal(page, '[part="directory-list"] [part="wallet-button"]');
const tileNames = (page: Page) => inModal(page, '[part="directory-list"] .directory-name').allTextContents();

describe('AllWallets: the wallet directory of the local stack', () => {
  const e2e = useE2E();
  let peer: WalletPeer | undefined;
  afterEach(async () => {
    await peer?.stop();
    peer = undefined;
  });

  it('pages 40 at a time as the list scrolls, and searches from 2 characters', async () => {
    const { page } = await e2e.open();
    await withGeneratedWallets(page, e2e.stack.directoryUrl);
    await openModal(page);
    await inModal(page, '[data-wallet-id="all-wallets"]').click();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'All Wallets');
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelectorAll('[part="directory-list"] [part="wallet-button"]').length >= 40);
    const first = await tiles(page).count();
    assert.ok(first >= 40 && first < 80, `first page: ${first} tiles`);
    assert.deepEqual((await tileNames(page)).slice(0, 2), ['MetaMask', 'Rainbow']);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: AllWallets');

    await tiles(page).last().scrollIntoViewIfNeeded();
    await page.waitForFunction((n) => document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelectorAll('[part="directory-list"] [part="wallet-button"]').length > n, first);
    const names = await tileNames(page);
    assert.equal(new Set(names).size, names.length, 'no wallet twice');
    assert.ok(names.some((name) => name.startsWith('Generated Wallet')), 'the second page reaches the generated entries');

    const search = inModal(page, '[part="search-input"]');
    const searches: string[] = [];
    page.on('request', (request) => {
      const term = new URL(request.url()).searchParams.get('search');
      if (term !== null) searches.push(term);
    });
    await search.fill('r');
    // A search starts with the keystroke that asks for it (the list turns to search mode, pending, at once);
    // one character leaves the list browsing.
    assert.equal(await inModal(page, '.directory').getAttribute('data-mode'), 'browse', 'one character does not search');
    assert.ok((await tiles(page).count()) > 2);
    await search.fill('rain');
    await inModal(page, '.directory[data-mode="search"]').waitFor();
    await page.waitForFunction(() => {
      const names = [...document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelectorAll('[part="directory-list"] .directory-name')].map((n) => n.textContent);
      return names.length > 0 && names.every((n) => /rain/i.test(n ?? ''));
    });
    assert.ok((await tileNames(page)).includes('Rainbow'));
    assert.deepEqual(searches, ['rain'], 'one search, for "rain"');
    await search.fill('Generated Wallet');
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelectorAll('[part="directory-list"] [part="wallet-button"]').length === 100);
    await search.fill('no such wallet');
    await inModal(page, '[data-empty="search"]').waitFor();
    assert.equal(await inModal(page, '[data-empty="search"]').textContent(), 'No wallet matches “no such wallet”');
  });

  it('on a desktop, a directory wallet shows a QR code with its logo that the wallet scans to connect', async () => {
    const { page } = await e2e.open();
    peer = await startWalletPeer({ relayUrl: e2e.stack.relayUrl, chains: e2e.stack.chains });
    await openModal(page);
    await inModal(page, '[data-wallet-id="all-wallets"]').click();
    await inModal(page, '[part="directory-list"] [data-wallet-id="rainbow"]').click();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Rainbow');
    const uri = await scanQr(page);
    assert.match((await inModal(page, '.qr-logo').getAttribute('src'))!, /getWalletImage\/rainbow-icon\?/);
    assert.equal(await inModal(page, '.walletconnect .status').textContent(), 'Scan this QR code with Rainbow');
    await peer.pair(uri);
    const detail = (await waitForEvent(page, 'wallet-connect')) as { address: string; connector: unknown };
    assert.equal(detail.address, ACCOUNT_0);
    assert.deepEqual(detail.connector, { id: 'rainbow', name: peer.name, type: 'walletconnect' });

    // Rainbow is now a recent wallet: first in All wallets, tagged Recent.
    await page.click('#disconnect');
    await waitForEvent(page, 'wallet-disconnect');
    await openModal(page);
    await inModal(page, '[data-wallet-id="all-wallets"]').click();
    await inModal(page, '[part="directory-list"] [data-wallet-id="rainbow"] .directory-tag').waitFor();
    assert.equal(await inModal(page, '[part="directory-list"] [part="wallet-button"]').first().getAttribute('data-wallet-id'), 'rainbow');
    assert.equal(await inModal(page, '[data-wallet-id="rainbow"] .directory-tag').textContent(), 'Recent');
  });

  describe('on a phone', () => {
    let context: BrowserContext | undefined;
    afterEach(async () => {
      if (context) await closeContext(context);
      context = undefined;
    });

    it("opens the wallet's native link with the URI, which the wallet can pair with; unsafe links are never offered", async () => {
      const browser = e2e.browser;
      context = await browser.newContext(PHONE);
      const demo = await openDemo({ stack: e2e.stack, browser, stop: async () => {} }, context);
      const { page } = demo;
      // A directory record whose link is javascript: would be filtered by our server; serve one anyway.
      await page.route(`${e2e.stack.directoryUrl}getWallets**`, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: { id: string; mobile_link?: string | null }[]; count: number };
        body.data = body.data.map((w) => (w.id === 'trust' ? { ...w, mobile_link: 'javascript:alert(1)//' } : w));
        await route.fulfill({ response, json: body });
      });
      peer = await startWalletPeer({ relayUrl: e2e.stack.relayUrl, chains: e2e.stack.chains });
      await openModal(page);
      await inModal(page, '[data-wallet-id="all-wallets"]').tap();
      await inModal(page, '[part="directory-list"] [data-wallet-id="metamask"]').waitFor();
      assert.equal(await inModal(page, '[part="directory-list"] [data-wallet-id="trust"]').count(), 0, 'a wallet whose only link is unsafe is left out');
      assert.equal(await inModal(page, 'a[href^="javascript:"]').count(), 0);
      await inModal(page, '[part="directory-list"] [data-wallet-id="metamask"]').tap();
      const open = inModal(page, 'a.button:has-text("Open MetaMask")');
      await open.waitFor();
      const href = (await open.getAttribute('href'))!;
      assert.match(href, /^metamask:\/\/wc\?uri=wc%3A[0-9a-f]{64}%402%3F/);
      assert.equal(await inModal(page, '.walletconnect .status').textContent(), 'Continue in MetaMask');
      assert.equal(await inModal(page, '[part="qr-code"]').count(), 0);
      assert.deepEqual(await seriousA11yViolations(page), [], 'axe: ConnectingWalletConnect (phone)');

      await peer.pair(decodeURIComponent(new URL(href).searchParams.get('uri')!));
      assert.equal(((await waitForEvent(page, 'wallet-connect')) as { address: string }).address, ACCOUNT_0);
      assert.deepEqual(demo.errors, []);
    });

    it('opens the wallet by itself once per choice: a URI renewed after 4 minutes is not followed again', async () => {
      const browser = e2e.browser;
      context = await browser.newContext(PHONE);
      const demo = await openDemo({ stack: e2e.stack, browser, stop: async () => {} }, context);
      const { page } = demo;
      await page.clock.install();
      // MetaMask by its universal link, so each time the page goes there is a request the test can count;
      // the 204 answer keeps the page where it is.
      await withMobileLinks(page, e2e.stack.directoryUrl, { metamask: 'https://wallet.example/ul' });
      const { opened, next: nextOpen } = await countWalletOpens(page);

      await openModal(page);
      await inModal(page, '[data-wallet-id="all-wallets"]').tap();
      await inModal(page, '[part="directory-list"] [data-wallet-id="metamask"]').tap();
      const button = inModal(page, 'a.button:has-text("Open MetaMask")');
      await button.waitFor();
      const first = (await button.getAttribute('href'))!;
      assert.match(first, /^https:\/\/wallet\.example\/ul\/wc\?uri=wc%3A/);
      await nextOpen(1);
      assert.deepEqual(opened, [first]);

      await page.clock.fastForward('04:01');
      assert.deepEqual(await waitForEvent(page, 'wallet-error'), { code: 'PAIRING_EXPIRED', message: 'The QR code expired. A new one is shown.' });
      await page.waitForFunction((old) => {
        const link = document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelector('a.button');
        return link !== null && link.getAttribute('href') !== old;
      }, first);
      const renewed = (await button.getAttribute('href'))!;
      // The visitor's own tap on Open is the next navigation; the renewal made none before it.
      await page.evaluate(() => {
        const link = document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelector('a.button')!;
        link.setAttribute('href', `${link.getAttribute('href')!}&tapped=1`);
      });
      await button.tap();
      await nextOpen(2);
      assert.deepEqual(opened, [first, `${renewed}&tapped=1`]);

      // Choosing the wallet again is a new choice: it opens by itself again.
      await inModal(page, '[part="back-button"]').tap();
      await inModal(page, '[part="directory-list"] [data-wallet-id="metamask"]').tap();
      await nextOpen(3);
      assert.equal(opened.length, 3);
      assert.deepEqual(demo.errors, []);
    });
  });
});
