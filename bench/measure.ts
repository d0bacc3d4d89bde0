/**
 * Drives headless Chromium over the bench pages: a fresh browser context per run, figures read from
 * window.__bench (set by the page's bench script, see bench/pages.ts) and from CDP for the heap.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import type { PageSpec } from './pages.js';

export interface RunResult {
  /** ms from navigation start until the element is defined and has its shadow root. */
  usable: number;
  /** ms from the click listener until the dialog's title is in the DOM and two frames have passed. */
  open: number;
  /** ms from the same click until the view is painted: the title and no loading state in the dialog, two frames later. */
  view: number;
  /** MB (2^20 bytes) used by the JS heap after open, after a forced GC. */
  heapMb: number;
  /** URLs requested between navigation and the click, beyond the page, its entry, its bench script, favicons. */
  requestsBeforeOpen: string[];
  /** URLs requested between the click and the painted dialog. */
  requestsOnOpen: string[];
  /** URLs of another origin than the page's requested before the click (the privacy rule: none). */
  foreignBeforeOpen: string[];
  /** The widget's chunks (/dist/chunks/, /base/chunks/ for a baseline) requested before the click, and between the click and the painted view. */
  chunksBeforeOpen: number;
  chunksOnOpen: number;
  /** Page errors, console errors and failed requests seen during a run that still completed. */
  problems: string[];
}

interface ChromiumModule {
  chromiumPath(): string;
  chromiumArgs: string[];
}

export async function launch(): Promise<Browser> {
  // scripts/chromium.mjs has no type declarations; a computed specifier keeps tsc from resolving it.
  const specifier = new URL('../scripts/chromium.mjs', import.meta.url).href;
  const { chromiumPath, chromiumArgs } = (await import(specifier)) as ChromiumModule;
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
}

const TIMEOUT = 15_000;

const isChunk = (url: string) => /^\/(dist|base)\/chunks\//.test(new URL(url).pathname);

export async function measureRun(browser: Browser, origin: string, spec: PageSpec): Promise<RunResult> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  page.on('request', (request) => requests.push(request.url()));
  page.on('websocket', (socket) => requests.push(socket.url()));

  const expected = new Set([spec.path, spec.entry, spec.script].map((path) => origin + path));
  const unexpected = (urls: string[]) => urls.filter((url) => !expected.has(url) && !/\/favicon\.ico$/.test(new URL(url).pathname));

  try {
    await step(page, problems, `load ${spec.path}`, () => page.goto(origin + spec.path, { waitUntil: 'load', timeout: TIMEOUT }));
    await step(page, problems, `wait for <${spec.tag}> to be defined with a shadow root`, () =>
      page.waitForFunction('window.__bench && window.__bench.usable !== undefined', null, { timeout: TIMEOUT }),
    );
    // Give late requests (timers, idle callbacks) a chance to show up before we count them.
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT }).catch(() => {});
    const beforeClick = requests.length;
    await step(page, problems, 'click #open', () => page.click('#open', { timeout: TIMEOUT }));
    await step(page, problems, `wait for the open dialog's <h2> in <${spec.tag}>'s shadow root`, () =>
      page.waitForFunction('(window.__bench.open !== undefined && window.__bench.view !== undefined) || window.__bench.errors.length > 0', null, { timeout: TIMEOUT }),
    );
    const bench = (await page.evaluate('window.__bench')) as { usable: number; open?: number; view?: number; errors: string[] };
    if (bench.open === undefined) throw failure(`open() threw`, [...bench.errors, ...problems]);
    const afterOpen = requests.length;

    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    await cdp.detach();

    return {
      usable: bench.usable,
      open: bench.open,
      view: bench.view ?? bench.open,
      heapMb: usedSize / 2 ** 20,
      requestsBeforeOpen: unexpected(requests.slice(0, beforeClick)),
      requestsOnOpen: requests.slice(beforeClick, afterOpen),
      foreignBeforeOpen: requests.slice(0, beforeClick).filter((url) => new URL(url).origin !== origin),
      chunksBeforeOpen: requests.slice(0, beforeClick).filter(isChunk).length,
      chunksOnOpen: requests.slice(beforeClick, afterOpen).filter(isChunk).length,
      problems,
    };
  } finally {
    await context.close();
  }
}

async function step(page: Page, problems: string[], what: string, action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    const bench = await page.evaluate('window.__bench').catch(() => undefined);
    const details = [`${(error as Error).message.split('\n')[0]}`, `window.__bench = ${JSON.stringify(bench)}`, ...problems];
    throw failure(`${what} failed`, details);
  }
}

function failure(what: string, details: string[]): Error {
  return new Error(`${what}\n${details.map((line) => `    ${line}`).join('\n')}`);
}
