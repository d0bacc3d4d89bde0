/**
 * The "Email login" section of `npm run bench`: in headless Chromium on the demo page (auth-url and
 * features=email) against the local stack's secure service and mail capture, how long
 * - from the click on Continue (email typed) until the code's mail is in the capture (the frame asks the
 *   service, the service mails through SMTP, the capture parses it), and
 * - from the code typed (the sixth digit sends it) until both `wallet-connect` events (EVM and Solana) fired.
 * Both are timed from the test driver (Node), so each includes a Playwright round trip of a few ms.
 */
import type { Browser, Page } from 'playwright-core';
import { codeIn } from '../devstack/mail-capture.js';
import type { Stack } from '../devstack/stack.js';
import { TIMEOUT, openBenchDemo, step, withStack } from './demo-page.js';
import { ms, type Stats, stats, table } from './format.js';

export interface EmailLoginFigures {
  runs: number;
  /** ms from the click on Continue until the mail with the code is captured. */
  codeMailed: Stats;
  /** ms from typing the code until the EVM and Solana connections are reported. */
  connected: Stats;
  problems: string[];
}

/**
 * On the demo `page` (email login on): types `email`, Continue, then the code from the captured mail. Resolves with
 * the two timings once both `wallet-connect` events (EVM and Solana) fired.
 */
export async function logInByEmail(page: Page, stack: Stack, email: string): Promise<{ mailed: number; connected: number }> {
  await page.evaluate("window.__connects = 0; document.querySelector('wallet-connect-modal').addEventListener('wallet-connect', () => { window.__connects += 1; })");
  const modal = (selector: string) => page.locator(`wallet-connect-modal ${selector}`);
  await step(page, 'open Connect with the email field', async () => {
    await page.click('#open', { timeout: TIMEOUT });
    await modal('#auth-email').waitFor({ timeout: TIMEOUT });
    await modal('#auth-email').fill(email);
  });
  const mails = () => stack.login.mail!.messages().filter((m) => m.to.includes(email));
  let mailed = 0;
  let code = '';
  await step(page, 'Continue until the code is mailed', async () => {
    const start = performance.now();
    await modal('[data-action="email-continue"]').click({ timeout: TIMEOUT });
    while (mails().length === 0) {
      if (performance.now() - start > TIMEOUT) throw new Error('no mail');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    mailed = performance.now() - start;
    code = codeIn(mails()[0]!)!;
  });
  let connected = 0;
  await step(page, 'type the code until connected', async () => {
    await modal('#auth-code').waitFor({ timeout: TIMEOUT });
    const start = performance.now();
    await modal('#auth-code').fill(code, { timeout: TIMEOUT });
    await page.waitForFunction(() => (window as unknown as { __connects: number }).__connects >= 2, null, { timeout: TIMEOUT, polling: 5 });
    connected = performance.now() - start;
  });
  return { mailed, connected };
}

async function emailLoginRun(browser: Browser, stack: Stack, email: string, problems: string[]): Promise<{ mailed: number; connected: number }> {
  const context = await browser.newContext();
  try {
    const { page } = await openBenchDemo(context, stack.url, problems);
    return await logInByEmail(page, stack, email);
  } finally {
    await context.close();
  }
}

/** Starts the stack, measures `runs` fresh contexts and addresses (+1 warm-up), prints the table, stops the stack. */
export function emailLoginSection(runs: number): Promise<EmailLoginFigures> {
  return withStack('anvil ×2, Solana, secure login service, mail capture, demo server', {}, async (stack, browser) => {
    const problems: string[] = [];
    const results: { mailed: number; connected: number }[] = [];
    console.log(`measuring email login: ${runs} runs (+1 warm-up, discarded), a new address and browser context per run`);
    for (let i = -1; i < runs; i++) {
      const run = await emailLoginRun(browser, stack, `bench${Date.now()}-${i + 1}@example.test`, problems);
      if (i >= 0) results.push(run);
      process.stdout.write(i < 0 ? 'w' : '.');
    }
    process.stdout.write('\n');
    const codeMailed = stats(results.map((r) => r.mailed));
    const connected = stats(results.map((r) => r.connected));
    console.log(`\nEmail login (local stack; median (min–max) of ${runs} runs)\n`);
    console.log(table(['metric', 'median', 'min', 'max'], [
      ['Continue → code mailed (captured)', ms(codeMailed.median), ms(codeMailed.min), ms(codeMailed.max)],
      ['code typed → connected (EVM + Solana)', ms(connected.median), ms(connected.min), ms(connected.max)],
    ]));
    const unique = [...new Set(problems)];
    for (const line of unique) console.log(`  ${line}`);
    return { runs, codeMailed, connected, problems: unique };
  });
}
