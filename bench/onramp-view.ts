/**
 * The "Buy view" section of `npm run bench`: in headless Chromium on the demo page against the local stack (the
 * on-ramp sandbox included), with the dev wallet connected, how long Buy with card takes from the click on
 * Account's Buy entry to its form (its chunk and the service's options), and to the provider's quote painted for
 * the default amount. The service's own quote latency is in bench/swap.ts's table.
 */
import type { Browser } from 'playwright-core';
import { TIMEOUT, connectDevWallet, openBenchDemo, step, withStack } from './demo-page.js';
import { ms, type Stats, stats, table } from './format.js';

export interface OnRampViewFigures {
  runs: number;
  /** ms from the click on the Buy entry until the form's amount field is painted. */
  formShown: Stats;
  /** ms from the same click until the provider's quote is painted. */
  quoteShown: Stats;
  problems: string[];
}

// Plain JS in a string (see bench/account.ts): the clock starts on the click, in the capture phase, and each
// figure is taken two frames after its element appears.
const WATCH = `(() => {
  const bench = (window.__buy = {});
  const root = document.querySelector('wallet-connect-modal').shadowRoot;
  const painted = (key, start) => requestAnimationFrame(() => requestAnimationFrame(() => { bench[key] = performance.now() - start; }));
  const watch = (key, start, found) => { const poll = () => (found() ? painted(key, start) : requestAnimationFrame(poll)); poll(); };
  root.addEventListener('click', (event) => {
    if (bench.clickAt !== undefined || !event.composedPath().some((n) => n.dataset && n.dataset.action === 'buy')) return;
    bench.clickAt = performance.now();
    watch('form', bench.clickAt, () => root.querySelector('#onramp-amount'));
    watch('quote', bench.clickAt, () => root.querySelector('.onramp-quote[data-quote="quote"]'));
  }, { capture: true });
})()`;

async function onRampViewRun(browser: Browser, url: string, problems: string[]): Promise<{ form: number; quote: number }> {
  const context = await browser.newContext();
  try {
    const { page } = await openBenchDemo(context, url, problems);
    await step(page, 'connect the dev wallet and open Account', async () => {
      // Connecting closes the modal; it opens again on Account.
      await connectDevWallet(page);
      await page.click('#open', { timeout: TIMEOUT });
      await page.locator('wallet-connect-modal [data-action="buy"]').waitFor({ timeout: TIMEOUT });
    });
    await page.evaluate(WATCH);
    await step(page, 'open Buy and wait for the quote', async () => {
      await page.click('wallet-connect-modal [data-action="buy"]', { timeout: TIMEOUT });
      await page.waitForFunction(() => (window as unknown as { __buy: { quote?: number } }).__buy.quote !== undefined, null, { timeout: TIMEOUT });
    });
    return (await page.evaluate('window.__buy')) as { form: number; quote: number };
  } finally {
    await context.close();
  }
}

/** Starts the stack, measures `runs` fresh contexts (+1 warm-up), prints the table, stops the stack. */
export function onRampViewSection(runs: number): Promise<OnRampViewFigures> {
  return withStack('anvil ×2, seed, wallet data API, on-ramp sandbox, demo server', {}, async (stack, browser) => {
    const problems: string[] = [];
    const results: { form: number; quote: number }[] = [];
    console.log(`measuring the Buy view: ${runs} runs (+1 warm-up, discarded), fresh browser context per run`);
    for (let i = -1; i < runs; i++) {
      const run = await onRampViewRun(browser, stack.url, problems);
      if (i >= 0) results.push(run);
      process.stdout.write(i < 0 ? 'w' : '.');
    }
    process.stdout.write('\n');
    const formShown = stats(results.map((r) => r.form));
    const quoteShown = stats(results.map((r) => r.quote));
    console.log(`\nBuy view (local stack; median (min–max) of ${runs} runs)\n`);
    console.log(table(['metric', 'median', 'min', 'max'], [
      ['click Buy → form painted (chunk + options)', ms(formShown.median), ms(formShown.min), ms(formShown.max)],
      ['click Buy → provider quote painted', ms(quoteShown.median), ms(quoteShown.min), ms(quoteShown.max)],
    ]));
    const unique = [...new Set(problems)];
    for (const line of unique) console.log(`  ${line}`);
    return { runs, formShown, quoteShown, problems: unique };
  });
}
