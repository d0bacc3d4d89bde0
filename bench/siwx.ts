/**
 * The "Sign in with the wallet" section of `npm run bench`: against the local stack (its Auth.js backend at
 * /api/auth on the demo's origin), in headless Chromium on the demo page with its "Sign in with wallet" box
 * ticked and the dev wallet in approve mode, a fresh browser context per run, for EVM and for Solana:
 * - the click on the namespace in the chooser → `wallet-connect`;
 * - → SIWXSignMessage's Sign button in the DOM (the sign-in chunk loaded, `GET session` answered);
 * - Sign clicked by the page the moment it shows (no human in the loop) → `wallet-session` authenticated
 *   (nonce, the wallet's signature, `POST callback/credentials`, `GET session`);
 * and the sign-in chunks of dist/ (the flow and the SIWXSignMessage view), each said loaded or not in the runs.
 * Figures are printed, never asserted; no axe.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { TIMEOUT, chooseDevWallet, chunkNames, openBenchDemo, step, withStack } from './demo-page.js';
import { bytes, kb, ms, type Stats, stats, table } from './format.js';
import { SNAPSHOT_DIST } from './paths.js';
import { type FileSize, chunkSize, sumSizes } from './sizes.js';

type Namespace = 'eip155' | 'solana';
const CHOOSER_LABELS: Record<Namespace, string> = { eip155: 'Ethereum and EVM networks', solana: 'Solana' };

export interface SiwxRun {
  /** ms from the click on the namespace in the chooser until the page's wallet-connect event. */
  connect: number;
  /** ms from the same click until SIWXSignMessage's Sign button is in the DOM. */
  signShown: number;
  /** ms from the same click until wallet-session { status: 'authenticated' }. */
  authenticated: number;
  /** /dist/chunks/*.js loaded from the click on #open until authenticated. */
  chunks: string[];
}

export interface SiwxFigures {
  runs: number;
  byNamespace: Record<Namespace, { connect: Stats; signShown: Stats; authenticated: Stats; signToAuthenticated: Stats; loaded: string[] }>;
  siwxChunks: { files: FileSize[]; total: FileSize };
  problems: string[];
}

// Plain JS in a string (see bench/account.ts: no tsx helpers in the page, no eval under the demo's CSP).
const watch = (label: string) => `(() => {
  const bench = (window.__siwx = {});
  const root = document.querySelector('wallet-connect-modal').shadowRoot;
  const since = () => performance.now() - bench.chooseAt;
  root.addEventListener('click', (event) => {
    if (bench.chooseAt !== undefined) return;
    const button = event.composedPath().find((n) => n.getAttribute && (n.getAttribute('part') || '').split(' ').includes('wallet-button'));
    if (!button || !button.textContent.includes(${JSON.stringify(label)})) return;
    bench.chooseAt = performance.now();
    const poll = () => {
      const sign = root.querySelector('[data-view="SIWXSignMessage"] [data-action="sign"]');
      if (sign) { bench.signShown = since(); sign.click(); } else requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  }, { capture: true });
  document.addEventListener('wallet-connect', () => { if (bench.chooseAt !== undefined && bench.connect === undefined) bench.connect = since(); });
  document.addEventListener('wallet-session', (event) => {
    if (bench.chooseAt !== undefined && event.detail.status === 'authenticated' && bench.authenticated === undefined) bench.authenticated = since();
  });
})()`;

async function siwxRun(browser: Browser, url: string, namespace: Namespace, problems: string[]): Promise<SiwxRun> {
  const context = await browser.newContext();
  try {
    const { page, requests } = await openBenchDemo(context, url, problems);
    await page.check('#siwx', { timeout: TIMEOUT });
    await page.evaluate(watch(CHOOSER_LABELS[namespace]));
    const atOpen = requests.length;
    await step(page, `connect the dev wallet on ${namespace} and sign in`, async () => {
      await page.click('#open', { timeout: TIMEOUT });
      await chooseDevWallet(page, namespace);
      await page.waitForFunction(() => (window as unknown as { __siwx: { connect?: number } }).__siwx.connect !== undefined, null, { timeout: TIMEOUT });
      await page.waitForFunction(() => (window as unknown as { __siwx: { authenticated?: number } }).__siwx.authenticated !== undefined, null, { timeout: TIMEOUT });
    });
    const figures = (await page.evaluate('window.__siwx')) as { connect: number; signShown: number; authenticated: number };
    return { ...figures, chunks: chunkNames(requests.slice(atOpen)) };
  } finally {
    await context.close();
  }
}

/** Starts the stack, measures, prints the table, stops the stack (also on error). */
export function siwxSection(runs: number): Promise<SiwxFigures> {
  return withStack('anvil ×2, the Solana chain, seed, wallet data API, sign-in backend, demo server', {}, async (stack, browser) => {
    const problems: string[] = [];
    const byNamespace = {} as SiwxFigures['byNamespace'];
    const rows: string[][] = [];
    for (const namespace of ['eip155', 'solana'] as const) {
      const results: SiwxRun[] = [];
      console.log(`measuring sign-in (${namespace}) with the dev wallet: ${runs} runs (+1 warm-up, discarded), fresh browser context per run, ${stack.url}`);
      for (let i = -1; i < runs; i++) {
        const run = await siwxRun(browser, stack.url, namespace, problems);
        if (i >= 0) results.push(run);
        process.stdout.write(i < 0 ? 'w' : '.');
      }
      process.stdout.write('\n');
      const figures = {
        connect: stats(results.map((r) => r.connect)),
        signShown: stats(results.map((r) => r.signShown)),
        authenticated: stats(results.map((r) => r.authenticated)),
        signToAuthenticated: stats(results.map((r) => r.authenticated - r.signShown)),
        loaded: results[0]!.chunks,
      };
      byNamespace[namespace] = figures;
      const row = (what: string, s: Stats) => [`${namespace}: ${what}`, ms(s.median), ms(s.min), ms(s.max)];
      rows.push(
        row('click in the chooser → wallet-connect', figures.connect),
        row('click → SIWXSignMessage Sign shown', figures.signShown),
        row('click → wallet-session authenticated', figures.authenticated),
        row('Sign → authenticated (nonce, signature, POST, GET session)', figures.signToAuthenticated),
      );
    }
    console.log(`\nSign in with the wallet (dev wallet in approve mode, Sign clicked when shown; median (min–max) of ${runs} runs)\n`);
    console.log(table(['metric', 'median', 'min', 'max'], rows));
    const names = readdirSync(join(SNAPSHOT_DIST, 'chunks')).filter((name) => /siwx/i.test(name) && name.endsWith('.js')).sort();
    const files = names.map(chunkSize);
    const total = sumSizes(files, `sign-in chunks (${files.length})`);
    const loadedBy = (name: string) => (['eip155', 'solana'] as const).filter((ns) => byNamespace[ns].loaded.includes(name)).join(' + ') || 'not loaded';
    console.log(
      `\n${table(
        ['sign-in chunk in dist/ (brotli q11)', 'raw', 'gzip', 'brotli', 'brotli KB', 'loaded by the sign-in on'],
        [...files, total].map((f, i) => [f.file, bytes(f.raw), bytes(f.gzip), bytes(f.brotli), kb(f.brotli), names[i] ? loadedBy(names[i]) : '']),
      )}`,
    );
    const uniqueProblems = [...new Set(problems)];
    if (uniqueProblems.length) {
      console.log('page errors / console errors seen on the demo page:');
      for (const line of uniqueProblems) console.log(`  ${line}`);
    }
    return { runs, byNamespace, siwxChunks: { files, total }, problems: uniqueProblems };
  });
}
