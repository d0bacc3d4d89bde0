/**
 * The "Sign In With Farcaster" section of `npm run bench`: in headless Chromium on the demo page (auth-url and
 * features=socials) against the local stack's secure service and Farcaster auth relay, how long
 * - from the click on Farcaster until the channel's QR code shows (the frame asks the service, which opens a
 *   channel on the relay), and
 * - from the approval posted to the relay (what `npm run fc-approve` does as a Farcaster client) until both
 *   `wallet-connect` events (EVM and Solana) fired. The widget asks every second (SPEC's polling interval), so
 *   this figure is bounded below by the wait for the next ask (0–1 s) plus verification and the connections.
 * Timed from the test driver (Node).
 */
import type { Browser } from 'playwright-core';
import { approveChannel } from '../devstack/farcaster-relay/approve.js';
import type { Stack } from '../devstack/stack.js';
import { TIMEOUT, openBenchDemo, step, withStack } from './demo-page.js';
import { ms, type Stats, stats, table } from './format.js';

export interface FarcasterLoginFigures {
  runs: number;
  /** ms from the click on the Farcaster button until the QR code is visible. */
  qrShown: Stats;
  /** ms from the approval posted to the relay until the EVM and Solana connections are reported. */
  connected: Stats;
  problems: string[];
}

async function farcasterRun(browser: Browser, stack: Stack, fid: number, problems: string[]): Promise<{ shown: number; connected: number }> {
  const context = await browser.newContext();
  try {
    const { page } = await openBenchDemo(context, stack.url, problems);
    await page.evaluate("window.__connects = 0; document.querySelector('wallet-connect-modal').addEventListener('wallet-connect', () => { window.__connects += 1; })");
    await step(page, 'open Connect with the social buttons', async () => {
      await page.click('#open', { timeout: TIMEOUT });
      await page.locator('wallet-connect-modal [data-social="farcaster"]').waitFor({ timeout: TIMEOUT });
    });
    let shown = 0;
    let connected = 0;
    await step(page, 'Farcaster until the QR code shows, then approve until connected', async () => {
      const start = performance.now();
      await page.click('wallet-connect-modal [data-social="farcaster"]', { timeout: TIMEOUT });
      await page.locator('wallet-connect-modal .farcaster[data-state="qr"] [part="qr-code"]').waitFor({ timeout: TIMEOUT });
      shown = performance.now() - start;
      const url = (await page.locator('wallet-connect-modal [data-action="farcaster-open"]').getAttribute('href', { timeout: TIMEOUT }))!;
      const approvedAt = performance.now();
      await approveChannel({ relayUrl: stack.farcasterRelayUrl, request: url, fid });
      await page.waitForFunction(() => (window as unknown as { __connects: number }).__connects >= 2, null, { timeout: TIMEOUT, polling: 5 });
      connected = performance.now() - approvedAt;
    });
    return { shown, connected };
  } finally {
    await context.close();
  }
}

/** Starts the stack, measures `runs` fresh contexts and sign-ins (+1 warm-up), prints the table, stops the stack. */
export function farcasterLoginSection(runs: number): Promise<FarcasterLoginFigures> {
  return withStack('anvil ×2, Solana, secure login service, Farcaster auth relay, demo server', {}, async (stack, browser) => {
    const problems: string[] = [];
    const results: { shown: number; connected: number }[] = [];
    console.log(`measuring Sign In With Farcaster: ${runs} runs (+1 warm-up, discarded), a new browser context per run`);
    for (let i = -1; i < runs; i++) {
      // The local IdRegistry has fids 1–3; a fid signs in again as the same user (a new context, a new session).
      const run = await farcasterRun(browser, stack, ((i + 1) % 3) + 1, problems);
      if (i >= 0) results.push(run);
      process.stdout.write(i < 0 ? 'w' : '.');
    }
    process.stdout.write('\n');
    const qrShown = stats(results.map((r) => r.shown));
    const connected = stats(results.map((r) => r.connected));
    console.log(`\nSign In With Farcaster (local stack and relay; median (min–max) of ${runs} runs)\n`);
    console.log(table(['metric', 'median', 'min', 'max'], [
      ['click Farcaster → QR code shown', ms(qrShown.median), ms(qrShown.min), ms(qrShown.max)],
      ['approved in the client → connected (EVM + Solana; asks every 1 s)', ms(connected.median), ms(connected.min), ms(connected.max)],
    ]));
    const unique = [...new Set(problems)];
    for (const line of unique) console.log(`  ${line}`);
    return { runs, qrShown, connected, problems: unique };
  });
}
