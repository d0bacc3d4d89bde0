// Shared set-up for the end-to-end tests: the real local stack (two anvil chains + the demo server),
// Debian Chromium driven by playwright-core, and recorders for the events, requests and CSP reports.
import assert from 'node:assert/strict';
import { after, afterEach, before } from 'node:test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import { type Browser, type BrowserContext, type Frame, type Page, chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { type Stack, type StackOptions, startStack } from '../../devstack/stack.js';

export const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const DEV_WALLET_ID = 'injected:dev.wallet-connect-modal.devwallet';

export interface RecordedEvent {
  type: string;
  detail: unknown;
}

export interface E2E {
  stack: Stack;
  browser: Browser;
  stop(): Promise<void>;
}

export async function startE2E(stackOptions?: StackOptions): Promise<E2E> {
  const stack = await startStack(stackOptions);
  try {
    const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
    return { stack, browser, stop: async () => { await browser.close(); await stack.stop(); } };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

/**
 * Registers a suite's hooks: one stack and browser for the suite, a fresh context per test, and after each
 * test the checks every page must pass (no CSP violation, no page or console error).
 */
export function useE2E(stackOptions?: StackOptions) {
  let e2e: E2E | undefined;
  let demo: DemoPage | undefined;
  // The next test's context with its blank page, made while this test runs: a new context's first page starts a
  // renderer process, 0.3 to 0.7 s that otherwise open() waits for (and each context is still a fresh one).
  let spare: Promise<BrowserContext> | undefined;
  const blankContext = async () => {
    const context = await e2e!.browser.newContext();
    await context.newPage();
    return context;
  };
  before(async () => { e2e = await startE2E(stackOptions); });
  after(async () => {
    await spare?.then((context) => context.close()).catch(() => undefined);
    await e2e?.stop();
  });
  afterEach(async () => {
    if (!demo) return;
    const current = demo;
    demo = undefined;
    try {
      assert.deepEqual(await cspViolations(current.page), [], 'no CSP violation');
      assert.deepEqual(current.errors, [], 'no page or console error');
    } finally {
      await closeContext(current.context);
    }
  });
  return {
    get stack(): Stack { return e2e!.stack; },
    get browser(): Browser { return e2e!.browser; },
    /**
     * The demo page in a fresh context; closed and checked after the test. The visitor asks for reduced motion
     * unless `motion` says otherwise: the panel's 200 ms height change between views made each press that follows a
     * view change wait for the panel to stand still (Playwright presses only a control that has stopped moving).
     */
    async open(options?: DemoOptions): Promise<DemoPage> {
      const context = await (spare ?? blankContext());
      spare = undefined;
      demo = await openDemo(e2e!, context, { motion: 'reduce', ...options }, context.pages()[0]);
      spare = blankContext();
      spare.catch(() => undefined); // a failure surfaces when the next test takes it
      return demo;
    },
  };
}

/**
 * Closes a context whose pages may still be inside a route handler (a `route.fetch()` answered while the
 * test ends): the handlers are dropped first, so none is left reading a response the closing disposed of.
 */
export async function closeContext(context: BrowserContext): Promise<void> {
  await Promise.all(context.pages().map((page) => page.unrouteAll({ behavior: 'ignoreErrors' })));
  await context.close();
}

export interface DemoPage {
  page: Page;
  context: BrowserContext;
  /** Every request the page made, in order. */
  requests: string[];
  /** Page errors and console errors. */
  errors: string[];
}

export interface DemoOptions {
  /** Playwright's fake clock from the first script on: time flows until the test pauses or advances it. */
  clock?: boolean;
  /** Runs on the fresh context before the page loads (routes that must see the widget's first requests). */
  beforeLoad?: (context: BrowserContext) => Promise<unknown>;
  /** The visitor's `prefers-reduced-motion` (default: the browser's, no preference). */
  motion?: 'reduce' | 'no-preference';
}

/**
 * A fresh context (empty storage) on the demo page, recording events and CSP violations from the start. `blank`: a
 * page of `context` that has not navigated yet, to load the demo in (else a new page is opened).
 */
export async function openDemo(e2e: Pick<E2E, 'browser' | 'stack'> & Partial<E2E>, context?: BrowserContext, { clock = false, beforeLoad, motion }: DemoOptions = {}, blank?: Page): Promise<DemoPage> {
  context ??= await e2e.browser.newContext();
  if (clock) await context.clock.install();
  await beforeLoad?.(context);
  await context.addInitScript(() => {
    const w = window as unknown as { __events: RecordedEvent[]; __csp: string[] };
    w.__events = [];
    w.__csp = [];
    for (const type of ['wallet-open', 'wallet-close', 'wallet-connect', 'wallet-disconnect', 'wallet-account-change', 'wallet-network-change', 'wallet-session', 'wallet-transaction', 'wallet-error', 'wallet-name']) {
      document.addEventListener(type, (event) => w.__events.push({ type, detail: (event as CustomEvent).detail }));
    }
    document.addEventListener('securitypolicyviolation', (event) => w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`));
    // The widget's Wallet Standard discovery (loaded on open when a Solana network is configured) announces
    // itself with this event, and has taken in the registered wallets by the time it returns.
    // (Defined from the start, so suites that compare window's properties before and after see no new one.)
    const flags = window as unknown as { __walletStandardReady: boolean };
    flags.__walletStandardReady = false;
    window.addEventListener('wallet-standard:app-ready', () => { flags.__walletStandardReady = true; });
  });
  if (blank && blank.url() !== 'about:blank') throw new Error(`openDemo: the page to load the demo in is at ${blank.url()}, not a blank one`);
  const page = blank ?? (await context.newPage());
  if (motion) await page.emulateMedia({ reducedMotion: motion });
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(String(error)));
  // Chromium logs every failed response as a console error; the tests that cause those assert them directly.
  page.on('console', (message) => { if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text()); });
  await page.goto(e2e.stack.url);
  await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined && 'devWallet' in window);
  return { page, context, requests, errors };
}

export const events = (page: Page, type?: string) =>
  page.evaluate((t) => (window as unknown as { __events: RecordedEvent[] }).__events.filter((e) => !t || e.type === t), type);

/** Waits for the n-th (1-based) event of `type` and returns its detail. */
export async function waitForEvent(page: Page, type: string, nth = 1): Promise<unknown> {
  await page.waitForFunction(([t, n]) => (window as unknown as { __events: RecordedEvent[] }).__events.filter((e) => e.type === t).length >= (n as number), [type, nth] as const);
  return (await events(page, type))[nth - 1]!.detail;
}

export const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
export const widgetState = (page: Page) => page.evaluate(() => document.querySelector('wallet-connect-modal')!.state);

/** A locator inside the widget's shadow root (playwright's CSS engine pierces open shadow roots). */
export const inModal = (page: Page, selector: string) => page.locator(`wallet-connect-modal ${selector}`);

export async function openModal(page: Page): Promise<void> {
  await page.click('#open');
  await inModal(page, 'dialog[open] [part="title"]').waitFor();
}

/**
 * Makes sure the page's widget lists the local Solana chain, with its RPC in rpc-urls, as a site owner would set
 * it. The demo page already does (`npm start` shows EVM and Solana side by side), so on it this changes nothing;
 * on a page without it, both attributes gain the chain.
 */
export async function ensureSolanaNetwork(page: Page, solana: { chainId: string; rpcUrl: string }): Promise<void> {
  await page.evaluate(({ chainId, rpcUrl }) => {
    const el = document.querySelector('wallet-connect-modal')!;
    const networks = (el.getAttribute('networks') ?? '').split(',').map((n) => n.trim()).filter(Boolean);
    const rpcUrls = JSON.parse(el.getAttribute('rpc-urls') ?? '{}') as Record<string, string>;
    if (!(chainId in rpcUrls)) el.setAttribute('rpc-urls', JSON.stringify({ ...rpcUrls, [chainId]: rpcUrl }));
    if (!networks.includes(chainId)) el.setAttribute('networks', [...networks, chainId].join(','));
  }, solana);
}

/** The dev wallet's entry on the Connect view: one entry for both namespaces (EIP-6963 and Wallet Standard). */
export const devWalletEntry = (page: Page) => inModal(page, `[data-wallet-id="${DEV_WALLET_ID}"]`);

/** The namespace chooser's labels (SPEC strings), shown when a wallet on both namespaces is chosen. */
const CHOOSER_LABELS = { eip155: 'Ethereum and EVM networks', solana: 'Solana' } as const;

/**
 * Presses the dev wallet's entry on the Connect view and, when the page has a `solana:` network too (the demo
 * does), picks `namespace` in the chooser that follows; the wallet's prompt is then showing.
 */
export async function chooseDevWallet(page: Page, namespace: 'eip155' | 'solana' = 'eip155'): Promise<void> {
  const bothNamespaces = await page.evaluate(() => /(^|,)\s*solana:/.test(document.querySelector('wallet-connect-modal')!.getAttribute('networks') ?? ''));
  // Until the Solana discovery has run, the entry is the wallet's EVM side alone (it would connect without asking).
  if (bothNamespaces) await page.waitForFunction(() => (window as unknown as { __walletStandardReady?: boolean }).__walletStandardReady === true);
  await devWalletEntry(page).click();
  if (!bothNamespaces) return;
  await inModal(page, '.hint').filter({ hasText: 'Dev Wallet works on more than one kind of network. Which one do you want to connect?' }).waitFor().catch(async (error: unknown) => {
    const shown = await page.evaluate(() => document.querySelector('wallet-connect-modal')?.shadowRoot?.querySelector('dialog')?.innerText.replace(/\s+/g, ' ').trim().slice(0, 300)).catch(() => undefined);
    const prompt = await page.locator('dev-wallet-prompt').innerText().catch(() => '');
    throw new Error(`no namespace chooser; the modal showed: ${JSON.stringify(shown)}; the wallet's prompt: ${JSON.stringify(prompt.slice(0, 200))}`, { cause: error });
  });
  await inModal(page, '[part~="wallet-button"]').filter({ hasText: CHOOSER_LABELS[namespace] }).click();
}

/** Connects the dev wallet through the modal (on `namespace`), approving its prompt with its own Approve button. */
export async function connectDevWallet(page: Page, namespace: 'eip155' | 'solana' = 'eip155'): Promise<void> {
  await openModal(page);
  await chooseDevWallet(page, namespace);
  await page.locator('dev-wallet-prompt [data-kind="connect"] [data-action="approve"]').click();
  await page.waitForFunction((ns) => document.querySelector('wallet-connect-modal')!.state.namespace === ns, namespace);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeGlobal {
  runPartial(context: unknown, options: object): Promise<unknown>;
  finishRun(partials: unknown[], options: object): Promise<AxeResults>;
  utils: { getFrameContexts(context: unknown): { frameSelector: unknown; frameContext: unknown }[]; shadowSelect(selector: unknown): Element | null };
}

/** axe's partial results for `frame` and, depth first, the frames inside its part of the page (null where one failed). */
async function axePartials(frame: Frame, context: unknown): Promise<unknown[]> {
  if (!(await frame.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object'))) await frame.evaluate(AXE_SOURCE);
  const frames = await frame.evaluate((c) => (window as unknown as { axe: AxeGlobal }).axe.utils.getFrameContexts(c), context);
  const partials = [await frame.evaluate((c) => (window as unknown as { axe: AxeGlobal }).axe.runPartial(c, { resultTypes: ['violations'] }), context)];
  for (const { frameSelector, frameContext } of frames) {
    const element = (await frame.evaluateHandle((s) => (window as unknown as { axe: AxeGlobal }).axe.utils.shadowSelect(s), frameSelector)).asElement();
    const child = await element?.contentFrame();
    partials.push(...(child ? await axePartials(child, frameContext).catch(() => [null]) : [null]));
  }
  return partials;
}

/**
 * axe-core on the page as it is, with all rules, its frames (the secure frame's cross-origin document) included the
 * way @axe-core/playwright includes them: each frame's partial result gathered through the browser's automation
 * (never by messages between the frames), then merged in the page. `include` limits it to a selector of the top
 * document. axe is put into each document once; the library's `analyze()` also opens a blank page (a new renderer)
 * for every merge, about 1 s of a test's time each, for the same rules and findings.
 */
export async function axeViolations(page: Page, include?: string): Promise<Result[]> {
  const context = { include: include ? [include] : [], exclude: [] };
  const partials = await axePartials(page.mainFrame(), context);
  const results = await page.evaluate((p) => (window as unknown as { axe: AxeGlobal }).axe.finishRun(p, { resultTypes: ['violations'] }), partials);
  return results.violations;
}

/** axe-core on the widget as it is; only serious and critical findings count. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page, 'wallet-connect-modal'))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * axe-core's serious and critical findings on the widget in both themes at both sizes (1280×800, a 390×844 phone),
 * each prefixed with where it was found; the page's theme attribute and viewport are put back after.
 */
export async function seriousA11yViolationsEverywhere(page: Page): Promise<string[]> {
  const viewport = page.viewportSize();
  const theme = await page.evaluate(() => document.querySelector('wallet-connect-modal')!.getAttribute('theme'));
  const findings: string[] = [];
  try {
    for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      for (const mode of ['light', 'dark']) {
        await page.evaluate((m) => document.querySelector('wallet-connect-modal')!.setAttribute('theme', m), mode);
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        findings.push(...(await seriousA11yViolations(page)).map((finding) => `${size.width}×${size.height} ${mode}: ${finding}`));
      }
    }
  } finally {
    if (viewport) await page.setViewportSize(viewport);
    await page.evaluate((t) => (t === null ? document.querySelector('wallet-connect-modal')!.removeAttribute('theme') : document.querySelector('wallet-connect-modal')!.setAttribute('theme', t)), theme);
  }
  return findings;
}
