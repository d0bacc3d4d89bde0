/**
 * The "Names" section of `npm run bench`: against the local stack (ENS on the local chain, the wallet data API),
 * in headless Chromium on the demo page (features=names), with the dev wallet in approve mode, a fresh browser
 * context and a fresh account (one name per address) per run:
 * - availability: the visitor types a free name in Get a name → "… is available" painted (the 300 ms typing
 *   pause included), and the service's own answer time for the check (`GET /v1/profile/account/{name}` from Node);
 * - registration: click on Register → the signature (approved at once) → the name painted in the Account view;
 * and the Names chunk's size. Figures are printed, never asserted.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC } from '../server/chain/clients.js';
import { TIMEOUT, chooseDevWallet, openBenchDemo, step, withStack } from './demo-page.js';
import { bytes, kb, ms, type Stats, stats, table } from './format.js';
import { SNAPSHOT_DIST } from './paths.js';
import { type FileSize, chunkSize } from './sizes.js';

export interface NamesFigures {
  runs: number;
  /** Typing the last character → "available" painted (debounce included). */
  availability: Stats;
  /** The service's answer time for one availability check, from Node. */
  serviceCheck: Stats;
  /** Click on Register → the name painted in the Account view. */
  registerToShown: Stats;
  chunks: FileSize[];
  problems: string[];
}

// Plain JS in a string (see bench/account.ts: no tsx helpers in the page, no eval under the demo's CSP).
const WATCH = `(() => {
  const bench = (window.__names = {});
  const root = document.querySelector('wallet-connect-modal').shadowRoot;
  const painted = (key, from) => requestAnimationFrame(() => requestAnimationFrame(() => { bench[key] = performance.now() - from; }));
  root.addEventListener('input', (event) => {
    if (event.target.id !== 'name-input') return;
    const at = performance.now();
    bench.typedAt = at;
    const poll = () => {
      if (bench.typedAt !== at) return;
      if (root.querySelector('#name-status[data-state="available"]')) painted('availability', at);
      else requestAnimationFrame(poll);
    };
    poll();
  }, { capture: true });
  root.addEventListener('click', (event) => {
    if (!event.composedPath().some((n) => n.dataset && n.dataset.action === 'register')) return;
    const at = performance.now();
    const name = root.querySelector('#name-input').value + '.reown.id';
    const poll = () => {
      if ([...root.querySelectorAll('[part="profile-name"]')].some((p) => p.textContent === name)) painted('registered', at);
      else requestAnimationFrame(poll);
    };
    poll();
  }, { capture: true });
})()`;

async function namesRun(browser: Browser, url: string, index: number, label: string, problems: string[]): Promise<{ availability: number; registered: number }> {
  const context = await browser.newContext();
  try {
    const { page } = await openBenchDemo(context, url, problems);
    await page.evaluate(WATCH);
    await step(page, 'connect the dev wallet on EVM, on a fresh account', async () => {
      await page.click('#open', { timeout: TIMEOUT });
      await chooseDevWallet(page, 'eip155');
      await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.state.namespace === 'eip155', null, { timeout: TIMEOUT });
      await page.evaluate(`window.devWallet.setAccount(${index})`);
      const address = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).address;
      await page.waitForFunction((a) => document.querySelector('wallet-connect-modal')!.state.address === a, address, { timeout: TIMEOUT });
      if (!(await page.evaluate(() => document.querySelector('wallet-connect-modal')!.hasAttribute('open')))) await page.click('#open', { timeout: TIMEOUT });
      await page.click('wallet-connect-modal [data-action="get-name"]', { timeout: TIMEOUT });
    });
    await step(page, 'type a free name and wait for "available"', async () => {
      await page.fill('wallet-connect-modal #name-input', label, { timeout: TIMEOUT });
      await page.waitForFunction(() => (window as unknown as { __names: { availability?: number } }).__names.availability !== undefined, null, { timeout: TIMEOUT });
    });
    await step(page, 'register and wait for the name in the Account view', async () => {
      await page.click('wallet-connect-modal [data-action="register"]', { timeout: TIMEOUT });
      await page.waitForFunction(() => (window as unknown as { __names: { registered?: number } }).__names.registered !== undefined, null, { timeout: TIMEOUT });
    });
    return (await page.evaluate('window.__names')) as { availability: number; registered: number };
  } finally {
    await context.close();
  }
}

/** Starts the stack, measures, prints the tables, stops the stack (also on error). */
export function namesSection(runs: number): Promise<NamesFigures> {
  return withStack('anvil ×2 with ENS, seed, wallet data API, demo server', {}, async (stack, browser) => {
    const problems: string[] = [];
    const results: { availability: number; registered: number }[] = [];
    const tag = Date.now().toString(36);
    console.log(`measuring Names with the dev wallet: ${runs} runs (+1 warm-up, discarded), a fresh context and account per run, ${stack.url}`);
    for (let i = -1; i < runs; i++) {
      // Accounts 10 and up: none of them has a name (the seed names accounts 0 and 1).
      const run = await namesRun(browser, stack.url, 11 + i, `bench-${tag}-${i + 1}`, problems);
      if (i >= 0) results.push(run);
      process.stdout.write(i < 0 ? 'w' : '.');
    }
    process.stdout.write('\n');

    const checks: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const res = await fetch(`${stack.apiUrl.replace(/\/$/, '')}/v1/profile/account/free-${tag}-${i}.reown.id?apiVersion=2&projectId=bench&st=bench&sv=bench`);
      await res.arrayBuffer();
      checks.push(performance.now() - t);
    }
    const availability = stats(results.map((r) => r.availability));
    const registerToShown = stats(results.map((r) => r.registered));
    const serviceCheck = stats(checks);
    const chunks = readdirSync(join(SNAPSHOT_DIST, 'chunks')).filter((name) => /^(RegisterAccountName|names)[-.]/.test(name)).sort().map(chunkSize);

    console.log(`\nNames (ENS on the local chain, dev wallet in approve mode; median (min–max) of ${runs} runs)\n`);
    console.log(
      table(
        ['metric', 'median', 'min', 'max'],
        [
          ['last key typed → "available" painted (300 ms pause included)', ms(availability.median), ms(availability.min), ms(availability.max)],
          ['the service\'s availability answer (from Node)', ms(serviceCheck.median), ms(serviceCheck.min), ms(serviceCheck.max)],
          ['click Register → name shown in Account', ms(registerToShown.median), ms(registerToShown.min), ms(registerToShown.max)],
        ],
      ),
    );
    console.log(`\n${table(['Names chunk (brotli q11)', 'raw', 'gzip', 'brotli', 'brotli KB'], chunks.map((f) => [f.file, bytes(f.raw), bytes(f.gzip), bytes(f.brotli), kb(f.brotli)]))}`);
    const uniqueProblems = [...new Set(problems)];
    if (uniqueProblems.length) {
      console.log('page errors / console errors seen on the demo page:');
      for (const line of uniqueProblems) console.log(`  ${line}`);
    }
    return { runs, availability, serviceCheck, registerToShown, chunks, problems: uniqueProblems };
  });
}
