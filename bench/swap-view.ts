/**
 * The "Swap view" section of `npm run bench`: in headless Chromium on the demo page against the local stack, with
 * the dev wallet connected, how long the Swap view takes from the click on Account's Swap entry to its form (its
 * chunk loads then), and from typing an amount (ETH → LTK chosen) to the quoted output painted (gas price, then
 * the quote from the pools). The service's own latency is bench/swap.ts's.
 */
import type { Browser } from 'playwright-core';
import { TIMEOUT, connectDevWallet, openBenchDemo, step, withStack } from './demo-page.js';
import { ms, type Stats, stats, table } from './format.js';

export interface SwapViewFigures {
  runs: number;
  /** ms from the click on the Swap entry until the form's "You pay" button is painted. */
  formShown: Stats;
  /** ms from the amount's input event until the quoted output is painted. */
  quoteShown: Stats;
  problems: string[];
}

// Plain JS in a string (see bench/account.ts): the clocks start on the click / input event, in the capture phase,
// and each figure is taken two frames after its element appears.
const WATCH = `(() => {
  const bench = (window.__swap = {});
  const root = document.querySelector('wallet-connect-modal').shadowRoot;
  const painted = (key, start) => requestAnimationFrame(() => requestAnimationFrame(() => { bench[key] = performance.now() - start; }));
  const watch = (key, start, found) => { const poll = () => (found() ? painted(key, start) : requestAnimationFrame(poll)); poll(); };
  root.addEventListener('click', (event) => {
    if (bench.clickAt !== undefined || !event.composedPath().some((n) => n.dataset && n.dataset.action === 'swap')) return;
    bench.clickAt = performance.now();
    watch('form', bench.clickAt, () => root.querySelector('#swap-from'));
  }, { capture: true });
  root.addEventListener('input', (event) => {
    if (bench.inputAt !== undefined || event.composedPath()[0].id !== 'swap-amount') return;
    bench.inputAt = performance.now();
    watch('quote', bench.inputAt, () => root.querySelector('.swap-output[data-output]'));
  }, { capture: true });
})()`;

async function swapViewRun(browser: Browser, url: string, ltk: string, problems: string[]): Promise<{ form: number; quote: number }> {
  const context = await browser.newContext();
  try {
    const { page } = await openBenchDemo(context, url, problems);
    await step(page, 'connect the dev wallet and open Account', async () => {
      // Connecting closes the modal; it opens again on Account.
      await connectDevWallet(page);
      await page.click('#open', { timeout: TIMEOUT });
      await page.locator('wallet-connect-modal [data-action="swap"]').waitFor({ timeout: TIMEOUT });
    });
    await page.evaluate(WATCH);
    await step(page, 'open Swap, choose LTK, type 0.1', async () => {
      await page.click('wallet-connect-modal [data-action="swap"]', { timeout: TIMEOUT });
      await page.locator('wallet-connect-modal #swap-from[data-token="ETH"]').waitFor({ timeout: TIMEOUT });
      await page.click('wallet-connect-modal #swap-to', { timeout: TIMEOUT });
      await page.click(`wallet-connect-modal [data-token-key="${ltk}"]`, { timeout: TIMEOUT });
      await page.fill('wallet-connect-modal #swap-amount', '0.1', { timeout: TIMEOUT });
      await page.waitForFunction(() => (window as unknown as { __swap: { quote?: number; form?: number } }).__swap.quote !== undefined, null, { timeout: TIMEOUT });
    });
    return (await page.evaluate('window.__swap')) as { form: number; quote: number };
  } finally {
    await context.close();
  }
}

/** Starts the stack, measures `runs` fresh contexts (+1 warm-up), prints the table, stops the stack. */
export function swapViewSection(runs: number): Promise<SwapViewFigures> {
  return withStack('anvil ×2, seed, wallet data API, demo server', {}, async (stack, browser) => {
    const chain = stack.seeded.find((c) => c.chainId === 31337)!;
    const ltk = `eip155:31337:${chain.tokens.find((t) => t.symbol === 'LTK')!.address.toLowerCase()}`;
    const problems: string[] = [];
    const results: { form: number; quote: number }[] = [];
    console.log(`measuring the Swap view: ${runs} runs (+1 warm-up, discarded), fresh browser context per run`);
    for (let i = -1; i < runs; i++) {
      const run = await swapViewRun(browser, stack.url, ltk, problems);
      if (i >= 0) results.push(run);
      process.stdout.write(i < 0 ? 'w' : '.');
    }
    process.stdout.write('\n');
    const formShown = stats(results.map((r) => r.form));
    const quoteShown = stats(results.map((r) => r.quote));
    console.log(`\nSwap view (local stack; median (min–max) of ${runs} runs)\n`);
    console.log(table(['metric', 'median', 'min', 'max'], [
      ['click Swap → form painted (chunk load)', ms(formShown.median), ms(formShown.min), ms(formShown.max)],
      ['amount typed → quote shown', ms(quoteShown.median), ms(quoteShown.min), ms(quoteShown.max)],
    ]));
    const unique = [...new Set(problems)];
    for (const line of unique) console.log(`  ${line}`);
    return { runs, formShown, quoteShown, problems: unique };
  });
}
