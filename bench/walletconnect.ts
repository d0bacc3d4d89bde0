/**
 * The "WalletConnect" section of `npm run bench`: against the local stack's relay, with a real wallet peer
 * (devstack/wc-wallet, WalletKit in this process), in headless Chromium on the demo page:
 * - click on the WalletConnect entry → QR code painted (cold: the chunk loads, the client starts, the relay
 *   socket opens, the proposal is published);
 * - the wallet pairing and approving → `wallet-connect` in the page;
 * - request round trip: `personal_sign` through the host's provider, answered by the wallet;
 * and which chunks the WalletConnect flow loads, with their sizes.
 */
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { startStack } from '../devstack/stack.js';
import { startWalletPeer } from '../devstack/wc-wallet/index.js';
import { bytes, kb, ms, percentile, type Stats, stats, table } from './format.js';
import { launch } from './measure.js';
import { type FileSize, chunkSize, sumSizes } from './sizes.js';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TIMEOUT = 15_000;
const REQUESTS_PER_RUN = 5;

export interface WalletConnectRun {
  /** ms from the click on the WalletConnect entry until the QR code is in the DOM, plus two frames. */
  qr: number;
  /** ms from the wallet's pair() call (after scanning) until the page's wallet-connect event. */
  approve: number;
  /** ms for each personal_sign round trip, measured in the page. */
  requests: number[];
  chunks: string[];
}

export interface WalletConnectFigures {
  runs: number;
  qr: Stats;
  approve: Stats;
  request: Stats & { p90: number };
  chunks: { files: FileSize[]; total: FileSize };
  problems: string[];
}

const WATCH_QR = `(() => {
  const bench = (window.__wc = {});
  const root = document.querySelector('wallet-connect-modal').shadowRoot;
  root.addEventListener('click', (event) => {
    if (bench.clickAt !== undefined || !event.composedPath().some((n) => n.dataset && n.dataset.walletId === 'walletconnect')) return;
    bench.clickAt = performance.now();
    const poll = () => {
      if (root.querySelector('[part="qr-code"] path')) requestAnimationFrame(() => requestAnimationFrame(() => { bench.qr = performance.now() - bench.clickAt; }));
      else requestAnimationFrame(poll);
    };
    poll();
  }, { capture: true });
  document.addEventListener('wallet-connect', () => { bench.connectedAt = Date.now(); });
})()`;

async function scan(page: Page): Promise<string> {
  const png = PNG.sync.read(await page.locator('wallet-connect-modal [part="qr-code"]').screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height);
  if (!code) throw new Error('walletconnect bench: the QR code could not be decoded');
  return code.data;
}

async function walletConnectRun(browser: Browser, url: string, relayUrl: string, chains: { chainId: number; rpcUrl: string }[], problems: string[]): Promise<WalletConnectRun> {
  const context = await browser.newContext();
  const peer = await startWalletPeer({ relayUrl, chains });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
    });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT });
    await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined, null, { timeout: TIMEOUT });
    await page.evaluate(WATCH_QR);
    const before = requests.length;
    await page.click('#open', { timeout: TIMEOUT });
    await page.click('wallet-connect-modal [data-wallet-id="walletconnect"]', { timeout: TIMEOUT });
    await page.waitForFunction(() => (window as unknown as { __wc: { qr?: number } }).__wc.qr !== undefined, null, { timeout: TIMEOUT });
    const uri = await scan(page);
    const pairedAt = Date.now();
    await peer.pair(uri);
    await page.waitForFunction(() => (window as unknown as { __wc: { connectedAt?: number } }).__wc.connectedAt !== undefined, null, { timeout: TIMEOUT });
    const figures = (await page.evaluate('window.__wc')) as { qr: number; connectedAt: number };
    const times = (await page.evaluate(`(async () => {
      const provider = document.querySelector('wallet-connect-modal').getProvider('eip155');
      const times = [];
      for (let i = 0; i < ${REQUESTS_PER_RUN}; i++) {
        const start = performance.now();
        await provider.request({ method: 'personal_sign', params: ['0x6869', '${ACCOUNT}'] });
        times.push(performance.now() - start);
      }
      return times;
    })()`)) as number[];
    const chunks = requests
      .slice(before)
      .map((u) => new URL(u).pathname)
      .filter((p) => /^\/dist\/chunks\/[^/]+\.js$/.test(p))
      .map((p) => p.slice('/dist/chunks/'.length));
    return { qr: figures.qr, approve: figures.connectedAt - pairedAt, requests: times, chunks: [...new Set(chunks)].sort() };
  } finally {
    await peer.stop();
    await context.close();
  }
}

/** Starts the stack, measures, prints the table, stops the stack (also on error). */
export async function walletConnectSection(runs: number): Promise<WalletConnectFigures> {
  process.stdout.write('\nstarting the local stack for WalletConnect (anvil ×2, relay, directory, demo server)... ');
  const t = Date.now();
  const stack = await startStack({ seed: false });
  let browser: Browser | undefined;
  try {
    console.log(`${((Date.now() - t) / 1000).toFixed(1)} s`);
    browser = await launch();
    const problems: string[] = [];
    const results: WalletConnectRun[] = [];
    console.log(`measuring WalletConnect: ${runs} runs (+1 warm-up, discarded), fresh browser context and wallet per run, ${REQUESTS_PER_RUN} requests each`);
    for (let i = -1; i < runs; i++) {
      const run = await walletConnectRun(browser, stack.url, stack.relayUrl, stack.chains, problems);
      if (i >= 0) results.push(run);
      process.stdout.write(i < 0 ? 'w' : '.');
    }
    process.stdout.write('\n');
    const qr = stats(results.map((r) => r.qr));
    const approve = stats(results.map((r) => r.approve));
    const all = results.flatMap((r) => r.requests);
    const request = { ...stats(all), p90: percentile(all, 90) };
    const names = [...new Set(results.flatMap((r) => r.chunks))].sort();
    const files = names.map(chunkSize);
    const total = sumSizes(files, `chunks loaded by the WalletConnect flow (${files.length})`);

    console.log(`\nWalletConnect (local relay, WalletKit peer; median (min–max) of ${runs} runs; requests: ${all.length})\n`);
    console.log(
      table(
        ['metric', 'median', 'p90', 'min', 'max'],
        [
          ['click → QR code painted', ms(qr.median), '', ms(qr.min), ms(qr.max)],
          ['wallet pair + approve → wallet-connect', ms(approve.median), '', ms(approve.min), ms(approve.max)],
          ['personal_sign round trip', ms(request.median), ms(request.p90), ms(request.min), ms(request.max)],
        ],
      ),
    );
    console.log(
      `\n${table(
        ['chunk loaded by the WalletConnect flow', 'raw', 'gzip', 'brotli', 'brotli KB'],
        [...files, total].map((f) => [f.file, bytes(f.raw), bytes(f.gzip), bytes(f.brotli), kb(f.brotli)]),
      )}`,
    );
    const uniqueProblems = [...new Set(problems)];
    if (uniqueProblems.length) {
      console.log('page errors / console errors seen:');
      for (const line of uniqueProblems) console.log(`  ${line}`);
    }
    return { runs, qr, approve, request, chunks: { files, total }, problems: uniqueProblems };
  } finally {
    await browser?.close().catch(() => undefined);
    await stack.stop();
  }
}
