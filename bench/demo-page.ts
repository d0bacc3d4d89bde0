/**
 * What the stack sections of `npm run bench` (account.ts, solana.ts) share: the local stack started and stopped
 * around a measurement (Ctrl-C included), a fresh browser page on the demo that records its problems and
 * requests, and named steps whose failure says where it stopped.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type Stack, type StackOptions, startStack } from '../devstack/stack.js';
import { launch } from './measure.js';

const DEV_WALLET_ID = 'injected:dev.wallet-connect-modal.devwallet';
export const TIMEOUT = 15_000;

/** Starts the stack (saying what and how long), runs `measure` with a browser, then stops both, also on error. */
export async function withStack<T>(what: string, options: StackOptions, measure: (stack: Stack, browser: Browser) => Promise<T>): Promise<T> {
  process.stdout.write(`\nstarting the local stack (${what})... `);
  const t = Date.now();
  const stack = await startStack(options);
  // Ctrl-C / kill: stop the chains and the servers before leaving.
  const onSignal = (signal: NodeJS.Signals) => void stack.stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let browser: Browser | undefined;
  try {
    console.log(`${((Date.now() - t) / 1000).toFixed(1)} s`);
    browser = await launch();
    return await measure(stack, browser);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await browser?.close().catch(() => undefined);
    await stack.stop();
  }
}

/**
 * A new page in `context` on the demo at `url`, once the widget is defined and the dev wallet installed (in
 * approve mode). Page errors, console errors and failed requests go to `problems`; `requests` lists every URL.
 */
export async function openBenchDemo(context: BrowserContext, url: string, problems: string[]): Promise<{ page: Page; requests: string[] }> {
  // The widget's Wallet Standard discovery (loaded on open, the demo lists Solana) says it is ready with this event.
  await context.addInitScript("window.addEventListener('wallet-standard:app-ready', () => { window.__walletStandardReady = true; })");
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await step(page, 'load the demo page', async () => {
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT });
    await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined && 'devWallet' in window, null, { timeout: TIMEOUT });
    await page.evaluate("window.devWallet.setMode('approve')");
  });
  return { page, requests };
}

const CHOOSER_LABELS = { eip155: 'Ethereum and EVM networks', solana: 'Solana' } as const;

/**
 * In the open Connect view: the dev wallet's entry, once the Solana discovery has run (before, the entry is its EVM
 * side alone), then `namespace` in the chooser that follows (the demo lists EVM and Solana networks).
 */
export async function chooseDevWallet(page: Page, namespace: 'eip155' | 'solana'): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __walletStandardReady?: boolean }).__walletStandardReady === true, null, { timeout: TIMEOUT });
  await page.click(`wallet-connect-modal [data-wallet-id="${DEV_WALLET_ID}"]`, { timeout: TIMEOUT });
  await page.click(`wallet-connect-modal [part~="wallet-button"]:has-text("${CHOOSER_LABELS[namespace]}")`, { timeout: TIMEOUT });
}

/** Opens the modal, chooses the dev wallet's `namespace` side, and waits for it connected with the modal closed. */
export async function connectDevWallet(page: Page, namespace: 'eip155' | 'solana' = 'eip155'): Promise<void> {
  await page.click('#open', { timeout: TIMEOUT });
  await chooseDevWallet(page, namespace);
  await page.waitForFunction(
    () => {
      const el = document.querySelector('wallet-connect-modal') as (HTMLElement & { state: { status: string } }) | null;
      return el?.state.status === 'connected' && !el.hasAttribute('open');
    },
    null,
    { timeout: TIMEOUT },
  );
}

/** Runs one step of a run; a failure names the step and the element's state. */
export async function step(page: Page, what: string, action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    const state = await page.evaluate("JSON.stringify(document.querySelector('wallet-connect-modal')?.state, (_k, v) => (typeof v === 'bigint' ? String(v) : v))").catch(() => '?');
    throw new Error(`bench: ${what} failed: ${(error as Error).message.split('\n')[0]} (element state: ${state})`);
  }
}

/** The widget's chunks (file names under /dist/chunks/) among `urls`, once each, sorted. */
export const chunkNames = (urls: readonly string[]): string[] =>
  [...new Set(urls.map((u) => new URL(u).pathname).filter((p) => /^\/dist\/chunks\/[^/]+\.js$/.test(p)).map((p) => p.slice('/dist/chunks/'.length)))].sort();
