import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { afterEach, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { startWalletPeer, type WalletPeer } from '../../devstack/wc-wallet/index.js';
import { connectDevWallet, cspViolations, inModal, openModal, useE2E, waitForEvent } from './harness.js';
import { showWalletConnectQr, waitForStoredSession } from './walletconnect-support.js';

interface TimerRecord {
  kind: string;
  ms: number;
  state: 'pending' | 'ran' | 'cleared';
  stack: string;
}

/**
 * An init script that records every timer the widget's own code (the entry file and its chunks) schedules:
 * whether it ran, was cleared, or is still pending. Not a wait: it tells what is scheduled, at any moment.
 * Plain JavaScript text (a function would be serialised with the test compiler's helpers).
 */
const RECORD_WIDGET_TIMERS = `(() => {
  const timers = (window.__widgetTimers = []);
  const ours = () => {
    const stack = new Error().stack || '';
    return /\\/dist\\/(wallet-connect-modal\\.js|chunks\\/)/.test(stack) ? stack.split('\\n').slice(2, 7).map((l) => l.trim()).join(' | ') : undefined;
  };
  const live = new Map();
  for (const [set, clear, kind] of [['setTimeout', 'clearTimeout', 'timeout'], ['setInterval', 'clearInterval', 'interval']]) {
    const realSet = window[set];
    const realClear = window[clear];
    window[set] = function (fn, ms, ...args) {
      const stack = ours();
      if (!stack || typeof fn !== 'function') return realSet.call(window, fn, ms, ...args);
      // nanostores' own housekeeping: a store read while no one listens unmounts itself 1 s later. No request.
      if (ms === 1000 && /\\.active&&!\\w+\\.lc/.test(String(fn))) return realSet.call(window, fn, ms, ...args);
      const record = { kind, ms: ms || 0, state: 'pending', stack };
      timers.push(record);
      const id = realSet.call(window, function (...a) { record.state = 'ran'; return fn.apply(this, a); }, ms, ...args);
      live.set(id, record);
      return id;
    };
    window[clear] = function (id) {
      const record = live.get(id);
      if (record && record.state === 'pending') record.state = 'cleared';
      return realClear.call(window, id);
    };
  }
})();`;

/** The built chunk `file` (dist/chunks/) and every chunk it imports statically, by file name. */
function withStaticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(`dist/chunks/${file}`, 'utf8');
  for (const [, dependency] of code.matchAll(/(?:from|import)\s*"\.\/([\w-]+\.js)"/g)) withStaticImports(dependency!, seen);
  return seen;
}

const widgetTimers = (page: Page) => page.evaluate(() => (window as unknown as { __widgetTimers: TimerRecord[] }).__widgetTimers);

describe('privacy and CSP on the demo page', () => {
  const e2e = useE2E();
  let peer: WalletPeer | undefined;
  afterEach(async () => {
    await peer?.stop();
    peer = undefined;
  });

  it('makes no request of its own before the modal is opened, and no RPC call until it needs one', async () => {
    const { page, requests } = await e2e.open({ clock: true });
    await page.waitForLoadState('networkidle');
    // The views' chunk is fetched at idle (requestIdleCallback, which the fake clock may hold until it runs).
    const viewsChunk = /\/dist\/chunks\/modal-view-[\w-]+\.js$/;
    const viewsFetched = requests.some((url) => viewsChunk.test(url)) ? Promise.resolve() : page.waitForRequest(viewsChunk);
    // Every timer the page set runs: ten minutes pass on the fake clock. A request they start is issued before
    // the marker request below, which is waited for.
    await page.clock.runFor(10 * 60_000);
    await Promise.all([page.waitForRequest((request) => request.url().endsWith('/favicon.ico?after-timers')), page.evaluate(() => void fetch('/favicon.ico?after-timers').catch(() => undefined))]);
    await page.clock.resume();
    await viewsFetched;
    const origin = new URL(e2e.stack.url).origin;
    const pageAssets = new Set([`${origin}/`, `${origin}/dist/wallet-connect-modal.js`, `${origin}/dist/dev-wallet.js`, `${origin}/demo/demo.js`, `${origin}/demo/demo.css`]);
    const widgetChunk = (name: string) => new RegExp(`^${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/dist/chunks/${name}-[\\w-]+\\.js$`);
    // The demo has a <wallet-connect-button>: its code is a chunk of its own, from the widget's origin, with the
    // chunks it imports (React, which the modal's views share with it since they left the entry file).
    const buttonChunk = widgetChunk('wallet-connect-button');
    const buttonFile = readdirSync('dist/chunks').find((file) => /^wallet-connect-button-[\w-]+\.js$/.test(file))!;
    const buttonCode = new Set([...withStaticImports(buttonFile)].map((file) => `${origin}/dist/chunks/${file}`));
    const widgetRequests = () => requests.filter((url) => !pageAssets.has(url) && !buttonCode.has(url) && !/\/favicon\.ico(\?after-timers)?$/.test(url));
    assert.ok(requests.some((url) => buttonChunk.test(url)), `the button's chunk loaded: ${requests.join(', ')}`);
    // Before open, at idle after load, the widget fetches its views' chunk (and what it imports) so the first open
    // shows the view at once: its own chunks from its own origin, nothing else.
    const beforeOpen = widgetRequests();
    assert.ok(beforeOpen.some((url) => widgetChunk('modal-view').test(url)), `the views' chunk loaded at idle: ${beforeOpen.join(', ')}`);
    assert.deepEqual(beforeOpen.filter((url) => !widgetChunk('[\\w-]+?').test(url)), [], `only the widget's own chunks before open: ${beforeOpen.join(', ')}`);
    // Opening the Connect view asks nothing of the network either. The demo lists a Solana network, so the open
    // loads the widget's own Wallet Standard discovery code (loaded on open; it makes no request):
    // its chunk and the chunks it imports, from the widget's origin, and nothing else.
    const discovery = page.waitForRequest(widgetChunk('solana-wallets'));
    await openModal(page);
    await discovery;
    await page.waitForFunction(() => (window as unknown as { __walletStandardReady: boolean }).__walletStandardReady);
    const onOpen = widgetRequests();
    assert.ok(onOpen.length > 0);
    assert.deepEqual(onOpen.filter((url) => !widgetChunk('[\\w-]+?').test(url)), [], `only the widget's own chunks: ${onOpen.join(', ')}`);
  });

  /**
   * A returning visitor: the page reloads with the stored connection. Until the modal is opened, the page may
   * load the widget's own files from its origin and nothing else (for WalletConnect, also the relay socket of
   * the stored session), and no timer of the widget's runs. Opening then makes the reads, which shows the
   * requests recorded before were not merely late.
   */
  async function reloadAsReturningVisitor(page: Page, requests: string[], sockets: string[]) {
    await page.context().addInitScript(RECORD_WIDGET_TIMERS);
    requests.length = 0;
    sockets.length = 0;
    await page.reload();
    await waitForEvent(page, 'wallet-connect');
    await page.waitForLoadState('networkidle');
    const origin = new URL(e2e.stack.url).origin;
    const notOwn = requests.filter((url) => !(url.startsWith(`${origin}/dist/`) || url.startsWith(`${origin}/demo/`) || url === `${origin}/` || url.endsWith('/favicon.ico')));
    return { notOwn, timers: await widgetTimers(page), origin };
  }

  it('a returning visitor with a browser wallet: no request but the widget\'s own files and no timer of its own before open', async (t) => {
    const { page, requests } = await e2e.open();
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await connectDevWallet(page);
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));

    const { notOwn, timers, origin } = await reloadAsReturningVisitor(page, requests, sockets);
    assert.deepEqual(notOwn, [], 'requests before open');
    // The restore path's waterfall, for the record (issue 28): how many of the widget's chunks load before open.
    t.diagnostic(`restore path: ${new Set(requests.filter((url) => url.startsWith(`${origin}/dist/chunks/`))).size} chunks before open`);
    assert.deepEqual(sockets, [], 'sockets before open');
    assert.deepEqual(timers.filter((t) => t.state !== 'cleared'), [], 'widget timers that ran or are pending before open');

    const before = await openReadsAccount(page, requests);
    assert.equal(requests.slice(0, before).some((url) => !url.startsWith(origin)), false);
  });

  /**
   * Opens the modal on Account and checks that opening is what reads the account: the wallet data API is
   * called now, not before. Returns how many requests there were before the open.
   */
  async function openReadsAccount(page: Page, requests: string[]): Promise<number> {
    const before = requests.length;
    const apiCall = page.waitForRequest((request) => request.url().startsWith(e2e.stack.apiUrl));
    await openModal(page);
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Account');
    await apiCall;
    assert.ok(requests.slice(before).some((url) => url.startsWith(e2e.stack.apiUrl)));
    return before;
  }

  it('a returning WalletConnect visitor: only the widget\'s own files and the relay socket before open', async () => {
    const { page, requests } = await e2e.open();
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    peer = await startWalletPeer({ relayUrl: e2e.stack.relayUrl, chains: e2e.stack.chains });
    const uri = await showWalletConnectQr(page);
    await peer.pair(uri);
    await waitForEvent(page, 'wallet-connect');
    await waitForStoredSession(page);

    const { notOwn, timers } = await reloadAsReturningVisitor(page, requests, sockets);
    assert.deepEqual(notOwn, [], 'requests before open');
    assert.deepEqual(sockets.map((url) => new URL(url).origin), [new URL(e2e.stack.relayUrl).origin], 'the stored session\'s relay socket only');
    // The timers that run are the WalletConnect SDK's, for that socket (its heartbeat, request timeouts): none elsewhere.
    assert.deepEqual(timers.filter((t) => t.state !== 'cleared' && !/\/dist\/chunks\/walletconnect-[\w-]+\.js/.test(t.stack.split(' | ')[1] ?? '')), [], 'widget timers outside the WalletConnect chunk');

    await openReadsAccount(page, requests);
  });

  it('runs under the strict CSP without a single violation', async () => {
    const { page, errors } = await e2e.open();
    const response = await page.request.get(e2e.stack.url);
    assert.match(response.headers()['content-security-policy']!, /script-src 'self'; style-src 'self'/);
    await openModal(page);
    assert.deepEqual(await cspViolations(page), []);
    assert.deepEqual(errors, []);
  });
});
