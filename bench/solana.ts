/**
 * The "Solana" section of `npm run bench`: against the local stack (its litesvm chain and wallet data API), in
 * headless Chromium on the demo page (which lists EVM and Solana side by side), with the dev wallet in approve
 * mode, a fresh browser context per run:
 * - click on "Solana" in the namespace chooser (after the dev wallet's entry) → `wallet-connect` in the page;
 * - the first Account open after that: click on #open → the base58 address painted, → the SOL balance painted;
 * and the Solana chunks: the ones those steps load, and every chunk in dist/ that is Solana code (discovery and
 * connector, base58, the chooser and SwitchActiveChain views, and any @solana/web3.js or spl-token chunk).
 * Figures are printed, never asserted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { TIMEOUT, chooseDevWallet, chunkNames, openBenchDemo, step, withStack } from './demo-page.js';
import { bytes, kb, ms, type Stats, stats, table } from './format.js';
import { SNAPSHOT_DIST } from './paths.js';
import { type FileSize, chunkSize, sumSizes } from './sizes.js';

const SOLANA_WALLET_ID = 'solana:Dev Wallet';

export interface SolanaRun {
  /** ms from the click on "Solana" in the chooser until the page's wallet-connect event. */
  connect: number;
  /** ms from the click on #open (connected) until the Account view's address is in the DOM, plus two frames. */
  address: number;
  /** ms from the same click until the SOL balance is shown, plus two frames. */
  balance: number;
  /** /dist/chunks/*.js loaded from the dev wallet's entry click to wallet-connect, then by the Account open. */
  connectChunks: string[];
  accountChunks: string[];
}

export interface SolanaFigures {
  runs: number;
  connect: Stats;
  accountView: { address: Stats; balance: Stats };
  loaded: { connect: FileSize[]; account: FileSize[] };
  solanaChunks: { files: FileSize[]; total: FileSize };
  problems: string[];
}

// Plain JS in a string (see bench/account.ts: no tsx helpers in the page, no eval under the demo's CSP).
const WATCH = `(() => {
  const bench = (window.__solana = {});
  const root = document.querySelector('wallet-connect-modal').shadowRoot;
  const painted = (key) => requestAnimationFrame(() => requestAnimationFrame(() => { bench[key] = performance.now() - bench.openAt; }));
  root.addEventListener('click', (event) => {
    if (bench.chooseAt === undefined && event.composedPath().some((n) => n.dataset && n.dataset.walletId === ${JSON.stringify(SOLANA_WALLET_ID)})) bench.chooseAt = performance.now();
  }, { capture: true });
  document.addEventListener('wallet-connect', () => { if (bench.chooseAt !== undefined && bench.connect === undefined) bench.connect = performance.now() - bench.chooseAt; });
  document.getElementById('open').addEventListener('click', () => {
    if (bench.connect === undefined || bench.openAt !== undefined) return;
    bench.openAt = performance.now();
    let address = false;
    let balance = false;
    const poll = () => {
      const text = root.querySelector('[part="address"]')?.textContent;
      if (!address && text && text.trim()) { address = true; painted('address'); }
      if (!balance && root.querySelector('[part="balance"] [data-balance]')) { balance = true; painted('balance'); }
      if (!address || !balance) requestAnimationFrame(poll);
    };
    poll();
  }, { capture: true });
})()`;

async function solanaRun(browser: Browser, url: string, problems: string[]): Promise<SolanaRun> {
  const context = await browser.newContext();
  try {
    const { page, requests } = await openBenchDemo(context, url, problems);
    await page.evaluate(WATCH);
    const beforeConnect = requests.length;
    await step(page, 'connect the dev wallet on Solana (entry, chooser)', async () => {
      await page.click('#open', { timeout: TIMEOUT });
      await chooseDevWallet(page, 'solana');
      await page.waitForFunction(
        () => {
          const el = document.querySelector('wallet-connect-modal') as (HTMLElement & { state: { namespace?: string } }) | null;
          return el?.state.namespace === 'solana' && !el.hasAttribute('open') && (window as unknown as { __solana: { connect?: number } }).__solana.connect !== undefined;
        },
        null,
        { timeout: TIMEOUT },
      );
    });
    const beforeAccount = requests.length;
    await step(page, 'open the Account view and wait for its address and SOL balance', async () => {
      await page.click('#open', { timeout: TIMEOUT });
      await page.waitForFunction(
        () => {
          const bench = (window as unknown as { __solana: { address?: number; balance?: number } }).__solana;
          return bench.address !== undefined && bench.balance !== undefined;
        },
        null,
        { timeout: TIMEOUT },
      );
    });
    const figures = (await page.evaluate('window.__solana')) as { connect: number; address: number; balance: number };
    return {
      connect: figures.connect,
      address: figures.address,
      balance: figures.balance,
      connectChunks: chunkNames(requests.slice(beforeConnect, beforeAccount)),
      accountChunks: chunkNames(requests.slice(beforeAccount)),
    };
  } finally {
    await context.close();
  }
}

// The Solana code among the chunks: by the module name rollup gives the chunk, or, for @solana/web3.js and
// @solana/spl-token (whose chunk names are their internal file names), by strings only they contain.
const SOLANA_NAME = /solana|base58|NamespaceChooser|SwitchActiveChain|wallet-standard/i;
const SOLANA_CODE = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'Sysvar1111111111111111111111111111111111111', 'standard:connect'];

/** Every chunk in the snapshot of dist/chunks that is Solana code, with its sizes. */
export function solanaChunkSizes(): FileSize[] {
  const dir = join(SNAPSHOT_DIST, 'chunks');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .filter((name) => SOLANA_NAME.test(name) || SOLANA_CODE.some((marker) => readFileSync(join(dir, name), 'utf8').includes(marker)))
    .sort()
    .map(chunkSize);
}

/** Starts the stack, measures, prints the tables, stops the stack (also on error). */
export function solanaSection(runs: number): Promise<SolanaFigures> {
  return withStack('anvil ×2, the Solana chain, seed, wallet data API, demo server', {}, async (stack, browser) => {
    const problems: string[] = [];
    const results: SolanaRun[] = [];
    console.log(`measuring Solana with the dev wallet: ${runs} runs (+1 warm-up, discarded), fresh browser context per run, ${stack.url}`);
    for (let i = -1; i < runs; i++) {
      const run = await solanaRun(browser, stack.url, problems);
      if (i >= 0) results.push(run);
      process.stdout.write(i < 0 ? 'w' : '.');
    }
    process.stdout.write('\n');

    const connect = stats(results.map((r) => r.connect));
    const address = stats(results.map((r) => r.address));
    const balance = stats(results.map((r) => r.balance));
    const loaded = { connect: results[0]!.connectChunks.map(chunkSize), account: results[0]!.accountChunks.map(chunkSize) };
    const files = solanaChunkSizes();
    const total = sumSizes(files, `Solana chunks (${files.length})`);
    const sizeRows = (list: FileSize[]) => list.map((f) => [f.file, bytes(f.raw), bytes(f.gzip), bytes(f.brotli), kb(f.brotli)]);

    console.log(`\nSolana (local litesvm chain, dev wallet in approve mode; median (min–max) of ${runs} runs)\n`);
    console.log(
      table(
        ['metric', 'median', 'min', 'max'],
        [
          ['click "Solana" in the chooser → Solana wallet connected', ms(connect.median), ms(connect.min), ms(connect.max)],
          ['click → Solana Account view first paint (address)', ms(address.median), ms(address.min), ms(address.max)],
          ['click → SOL balance shown', ms(balance.median), ms(balance.min), ms(balance.max)],
        ],
      ),
    );
    console.log(`\n${table(['Solana chunk in dist/ (brotli q11)', 'raw', 'gzip', 'brotli', 'brotli KB'], sizeRows([...files, total]))}`);
    const web3 = files.filter((f) => !SOLANA_NAME.test(f.file));
    console.log(web3.length ? `of which @solana/web3.js / spl-token code: ${web3.map((f) => f.file).join(', ')}` : 'no @solana/web3.js or spl-token chunk in dist/');
    console.log(`chunks loaded by the Solana connect: ${loaded.connect.map((f) => `${f.file.slice('dist/chunks/'.length)} (${kb(f.brotli)})`).join(', ') || 'none'}`);
    console.log(`chunks loaded by the first Solana Account open: ${loaded.account.map((f) => `${f.file.slice('dist/chunks/'.length)} (${kb(f.brotli)})`).join(', ') || 'none'}`);
    const uniqueProblems = [...new Set(problems)];
    if (uniqueProblems.length) {
      console.log('page errors / console errors seen on the demo page:');
      for (const line of uniqueProblems) console.log(`  ${line}`);
    }
    return { runs, connect, accountView: { address, balance }, loaded, solanaChunks: { files, total }, problems: uniqueProblems };
  });
}
