import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { DEFAULT_WALLETS, createDirectoryApp } from '../../server/directory/app.js';
import { generateWallets } from '../../server/directory/records.js';
import { startWalletPeer, type WalletPeer } from '../../devstack/wc-wallet/index.js';
import { ACCOUNT_0, closeContext, type DemoPage, inModal, openDemo, openModal, useE2E, waitForEvent } from './harness.js';
import { PHONE, countWalletOpens, withMobileLinks } from './phone-support.js';

/** The directory with 100 more wallets that phones can open (so the list is longer than the screen). */
async function withManyPhoneWallets(page: Page, directoryUrl: string) {
  const generated = generateWallets(100, 1000).map(({ chains: _chains, ...wallet }) => ({ ...wallet, mobile: { universal: 'https://wallet.example/generated' } }));
  const app = createDirectoryApp({ wallets: [...DEFAULT_WALLETS, ...generated] });
  await page.route(`${directoryUrl}**`, async (route) => {
    const response = await app.fetch(new Request(route.request().url(), { method: route.request().method() }));
    await route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) });
  });
}

const uriOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('uri')!);

describe('on a phone (390×844, touch, iPhone user agent)', () => {
  const e2e = useE2E();
  let context: BrowserContext | undefined;
  let demo: DemoPage | undefined;
  let peer: WalletPeer | undefined;
  afterEach(async () => {
    await peer?.stop();
    peer = undefined;
    if (demo) assert.deepEqual(demo.errors, [], 'no page or console error');
    demo = undefined;
    if (context) await closeContext(context);
    context = undefined;
  });
  const openPhone = async () => {
    context = await e2e.browser.newContext(PHONE);
    demo = await openDemo({ stack: e2e.stack, browser: e2e.browser, stop: async () => {} }, context);
    return demo.page;
  };

  it('the WalletConnect entry leads to the wallet list, never to a QR code of the phone’s own screen', async () => {
    const page = await openPhone();
    await openModal(page);
    const entry = inModal(page, '[data-wallet-id="walletconnect"]');
    assert.equal(await entry.locator('.tag').count(), 0, 'no "QR code" tag on a phone');
    await entry.tap();
    await inModal(page, '[part="directory-list"] [data-wallet-id="metamask"]').waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'All Wallets');
    assert.equal(await inModal(page, '[part="qr-code"]').count(), 0);
    assert.doesNotMatch((await inModal(page, 'dialog').textContent())!, /Scan this QR code/);
  });

  it('backing out of one wallet and choosing another opens only the new one, once, with its own fresh link', async () => {
    const page = await openPhone();
    await withMobileLinks(page, e2e.stack.directoryUrl, { metamask: 'https://wallet.example/metamask', rainbow: 'https://wallet.example/rainbow' });
    const { opened, next } = await countWalletOpens(page);
    peer = await startWalletPeer({ relayUrl: e2e.stack.relayUrl, chains: e2e.stack.chains });

    await openModal(page);
    await inModal(page, '[data-wallet-id="all-wallets"]').tap();
    await inModal(page, '[part="directory-list"] [data-wallet-id="metamask"]').tap();
    await next(1);
    assert.match(opened[0]!, /^https:\/\/wallet\.example\/metamask\/wc\?uri=wc%3A/);

    await inModal(page, '[part="back-button"]').tap();
    await inModal(page, '[part="directory-list"] [data-wallet-id="rainbow"]').tap();
    const button = inModal(page, 'a.button:has-text("Open Rainbow")');
    await button.waitFor();
    await next(2);
    const fresh = (await button.getAttribute('href'))!;
    assert.equal(opened[1], fresh, 'the second navigation is Rainbow with the URI on screen');
    assert.notEqual(uriOf(fresh), uriOf(opened[0]!), 'a pairing of its own, not the one made for MetaMask');

    // The wallet pairs with the URI it was opened with; until then (and after) nothing else was opened.
    await peer.pair(uriOf(fresh));
    assert.equal(((await waitForEvent(page, 'wallet-connect')) as { address: string }).address, ACCOUNT_0);
    assert.deepEqual(opened, [opened[0], fresh]);
  });

  it('"You may need to install it first" comes with the wallet’s App Store link on an iPhone', async () => {
    const page = await openPhone();
    await withMobileLinks(page, e2e.stack.directoryUrl, { metamask: 'https://wallet.example/metamask' });
    await countWalletOpens(page);
    await openModal(page);
    await inModal(page, '[data-wallet-id="all-wallets"]').tap();
    await inModal(page, '[part="directory-list"] [data-wallet-id="metamask"]').tap();
    await inModal(page, 'a.button:has-text("Open MetaMask")').waitFor();
    assert.equal(await inModal(page, '.walletconnect .hint').first().textContent(), 'If MetaMask did not open, tap the button below. You may need to install it first.');
    const store = inModal(page, 'a.install-link');
    assert.equal(await store.textContent(), 'Get MetaMask on the App Store');
    assert.equal(await store.getAttribute('href'), 'https://apps.apple.com/us/app/metamask/id1438144202');
    assert.equal(await store.getAttribute('target'), '_blank');
    assert.equal(await store.getAttribute('rel'), 'noopener noreferrer');
  });

  it('the modal is a bottom sheet: docked at the bottom, full width, its body scrolls without scrolling the page', async () => {
    const page = await openPhone();
    // A page taller than the screen, so a scroll that escapes the sheet would show.
    await page.evaluate(() => document.body.style.setProperty('min-height', '4000px'));
    await withManyPhoneWallets(page, e2e.stack.directoryUrl);
    await openModal(page);
    await inModal(page, '[data-wallet-id="all-wallets"]').tap();
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelectorAll('[part="directory-list"] [part="wallet-button"]').length >= 30);
    const box = (await inModal(page, '[part="dialog"]').boundingBox())!;
    assert.equal(Math.round(box.x), 0, 'left edge');
    assert.equal(Math.round(box.width), 390, 'full width');
    assert.equal(Math.round(box.y + box.height), 844, 'touches the bottom edge');
    const body = inModal(page, '[part="body"]');
    const style = await body.evaluate((el) => {
      const s = getComputedStyle(el);
      return { overflowY: s.overflowY, overscroll: s.overscrollBehaviorY, scrollable: el.scrollHeight > el.clientHeight };
    });
    assert.deepEqual(style, { overflowY: 'auto', overscroll: 'contain', scrollable: true });
    const corners = await inModal(page, '[part="dialog"]').evaluate((el) => {
      const s = getComputedStyle(el);
      return [s.borderTopLeftRadius, s.borderBottomLeftRadius];
    });
    assert.notEqual(corners[0], '0px', 'rounded top corners');
    assert.equal(corners[1], '0px', 'square bottom corners');

    // Scroll the sheet's body to its end and past it: the page stays where it was.
    await body.hover();
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 2000);
    await page.waitForFunction(() => {
      const el = document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelector('[part="body"]')!;
      return el.scrollTop > 0;
    });
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page did not scroll');
    // It slides up, except for visitors who ask for reduced motion.
    const animation = () => inModal(page, '[part="dialog"]').evaluate((el) => getComputedStyle(el).animationName);
    assert.equal(await animation(), 'sheet-in');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    assert.equal(await animation(), 'none');
    // Focus stays inside: the dialog is modal, so the page behind is inert.
    assert.equal(await inModal(page, 'dialog[open]').evaluate((d) => d.matches(':modal')), true);
  });
});
