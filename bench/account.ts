/**
 * The "Account data" section of `npm run bench`: against the real local stack (devstack/stack.ts), the wallet
 * data API's latency from Node, and in headless Chromium on the demo page, how long the Account view takes
 * to paint its address and its tokens the first time it is opened after connecting the dev wallet, and
 * which chunks that open loads.
 */
import type { Browser } from 'playwright-core';
import { TIMEOUT, chunkNames, connectDevWallet, openBenchDemo, step, withStack } from './demo-page.js';
import { bytes, kb, ms, percentile, type Stats, stats, table } from './format.js';
import { type FileSize, chunkSize, sumSizes } from './sizes.js';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CHAIN = 'eip155:31337';
const COMMON = 'projectId=bench&st=bench&sv=bench';
const API_WARMUP = 3;
const API_CALLS = 30;

export interface ApiLatency extends Stats {
  label: string;
  path: string;
  p90: number;
}

export interface AccountRun {
  /** ms from the click on #open until the Account view's address is in the DOM, plus two frames. */
  address: number;
  /** ms from the same click until the token list has a row, plus two frames. */
  tokens: number;
  /** /dist/chunks/*.js files requested between the click and the token list (file names). */
  chunks: string[];
  /** Requests to the wallet data API in the same interval (paths). */
  apiCalls: string[];
}

export interface AccountFigures {
  runs: number;
  api: ApiLatency[];
  accountView: { address: Stats; tokens: Stats };
  chunks: { files: FileSize[]; total: FileSize; sameInEveryRun: boolean };
  apiCallsOnOpen: string[];
  problems: string[];
}

// Registered before the click: a capture-phase listener on #open starts the clock, a rAF loop watches the
// shadow root, and each figure is taken two frames after its element appears. Plain JS in a string, so
// tsx's helpers (__name) never leak into the page; page.evaluate runs it over CDP, outside the demo's CSP
// (which is also why the waitForFunction predicates are functions: string predicates need eval).
const WATCH_ACCOUNT_OPEN = `(() => {
  const bench = (window.__account = {});
  const root = document.querySelector('wallet-connect-modal').shadowRoot;
  const painted = (key) => requestAnimationFrame(() => requestAnimationFrame(() => { bench[key] = performance.now() - bench.clickAt; }));
  document.getElementById('open').addEventListener('click', () => {
    if (bench.clickAt !== undefined) return;
    bench.clickAt = performance.now();
    let address = false;
    let tokens = false;
    const poll = () => {
      const text = root.querySelector('[part="address"]')?.textContent;
      if (!address && text && text.trim()) { address = true; painted('address'); }
      if (!tokens && root.querySelector('.token-list [data-token]')) { tokens = true; painted('tokens'); }
      if (!address || !tokens) requestAnimationFrame(poll);
    };
    poll();
  }, { capture: true });
})()`;

/** 3 warm-up calls, then `API_CALLS` sequential timed ones (headers and body). */
async function timeCalls(apiUrl: string, label: string, path: string): Promise<ApiLatency> {
  const url = new URL(path, apiUrl).href;
  const call = async () => {
    const start = performance.now();
    const response = await fetch(url);
    const body = await response.text();
    const elapsed = performance.now() - start;
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 300)}`);
    return elapsed;
  };
  for (let i = 0; i < API_WARMUP; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < API_CALLS; i++) times.push(await call());
  return { label, path, ...stats(times), p90: percentile(times, 90) };
}

/** One fresh context: load the demo, connect the dev wallet (approve mode), then time the first open. */
async function accountRun(browser: Browser, url: string, apiOrigin: string, problems: string[]): Promise<AccountRun> {
  const context = await browser.newContext();
  try {
    const { page, requests } = await openBenchDemo(context, url, problems);
    await step(page, 'connect the dev wallet', async () => {
      await connectDevWallet(page);
    });

    await page.evaluate(WATCH_ACCOUNT_OPEN);
    const before = requests.length;
    await step(page, 'open the Account view and wait for its address and tokens', async () => {
      await page.click('#open', { timeout: TIMEOUT });
      await page.waitForFunction(
        () => {
          const bench = (window as unknown as { __account: { address?: number; tokens?: number } }).__account;
          return bench.address !== undefined && bench.tokens !== undefined;
        },
        null,
        { timeout: TIMEOUT },
      );
    });
    const figures = (await page.evaluate('window.__account')) as { address: number; tokens: number };
    const during = requests.slice(before);
    return {
      address: figures.address,
      tokens: figures.tokens,
      chunks: chunkNames(during),
      apiCalls: during.map((u) => new URL(u)).filter((u) => u.origin === apiOrigin).map((u) => u.pathname),
    };
  } finally {
    await context.close();
  }
}

/** Starts the stack, measures, prints the table, stops the stack (also on error). */
export function accountSection(runs: number): Promise<AccountFigures> {
  return withStack('anvil ×2, seed, wallet data API, demo server', {}, async (stack, browser) => {
    const q = `chainId=${CHAIN}&${COMMON}`;
    const api = [
      await timeCalls(stack.apiUrl, 'balance (usd, 31337)', `v1/account/${ACCOUNT}/balance?currency=usd&${q}`),
      await timeCalls(stack.apiUrl, 'history (31337, first page)', `v1/account/${ACCOUNT}/history?${q}`),
      await timeCalls(stack.apiUrl, 'identity (cached 5 min server-side)', `v1/identity/${ACCOUNT}?${COMMON}`),
    ];

    const problems: string[] = [];
    const results: AccountRun[] = [];
    const apiOrigin = new URL(stack.apiUrl).origin;
    console.log(`measuring the Account view: ${runs} runs (+1 warm-up, discarded), fresh browser context per run, ${stack.url}`);
    for (let i = -1; i < runs; i++) {
      const run = await accountRun(browser, stack.url, apiOrigin, problems);
      if (i >= 0) results.push(run);
      process.stdout.write(i < 0 ? 'w' : '.');
    }
    process.stdout.write('\n');

    const address = stats(results.map((r) => r.address));
    const tokens = stats(results.map((r) => r.tokens));
    const firstChunks = results[0]!.chunks;
    const sameInEveryRun = results.every((r) => r.chunks.join() === firstChunks.join());
    const files = firstChunks.map(chunkSize);
    const total = sumSizes(files, `chunks loaded on that open (${files.length})`);
    const apiCallsOnOpen = [...new Set(results.flatMap((r) => r.apiCalls))];

    console.log(`\nAccount data (local stack; API: ${API_CALLS} sequential calls after ${API_WARMUP} warm-up; view: median (min–max) of ${runs} runs)\n`);
    console.log(
      table(
        ['metric', 'median', 'p90', 'min', 'max'],
        [
          ...api.map((a) => [`API ${a.label}`, ms(a.median), ms(a.p90), ms(a.min), ms(a.max)]),
          ['click → Account view first paint (address)', ms(address.median), '', ms(address.min), ms(address.max)],
          ['click → tokens shown', ms(tokens.median), '', ms(tokens.min), ms(tokens.max)],
        ],
      ),
    );
    console.log(
      `\n${table(
        ['chunk loaded by the first Account open', 'raw', 'gzip', 'brotli', 'brotli KB'],
        [...files, total].map((f) => [f.file, bytes(f.raw), bytes(f.gzip), bytes(f.brotli), kb(f.brotli)]),
      )}`,
    );
    if (!sameInEveryRun) console.log(`note: the chunks differed between runs: ${[...new Set(results.map((r) => r.chunks.join(', ')))].join(' | ')}`);
    console.log(`API calls during that open: ${apiCallsOnOpen.length ? apiCallsOnOpen.map((p) => p.replace(ACCOUNT, '<addr>')).join(', ') : 'none'}`);
    const uniqueProblems = [...new Set(problems)];
    if (uniqueProblems.length) {
      console.log('page errors / console errors seen on the demo page:');
      for (const line of uniqueProblems) console.log(`  ${line}`);
    }
    return { runs, api, accountView: { address, tokens }, chunks: { files, total, sameInEveryRun }, apiCallsOnOpen, problems: uniqueProblems };
  });
}
