/**
 * The "Social login" section of `npm run bench`: in headless Chromium on the demo page (auth-url and
 * features=socials) against the local stack's secure service and its stand-in OIDC provider, how long
 * - from the click on Google until the provider's login form shows in the popup (the popup opens on the secure
 *   origin, which starts code + PKCE and redirects), and
 * - from the visitor's consent (Continue at the provider) until both `wallet-connect` events (EVM and Solana)
 *   fired (code exchange, the ticket to the widget, the frame's session, the connections).
 * The visitor's own time at the provider (typing a login) is not counted. Timed from the test driver (Node).
 */
import type { Browser } from 'playwright-core';
import type { Stack } from '../devstack/stack.js';
import { TIMEOUT, openBenchDemo, step, withStack } from './demo-page.js';
import { ms, type Stats, stats, table } from './format.js';

export interface SocialLoginFigures {
  runs: number;
  /** ms from the click on the Google button until the provider's login form is visible in the popup. */
  providerShown: Stats;
  /** ms from the consent click until the EVM and Solana connections are reported. */
  connected: Stats;
  problems: string[];
}

async function socialLoginRun(browser: Browser, stack: Stack, login: string, problems: string[]): Promise<{ shown: number; connected: number }> {
  const context = await browser.newContext();
  try {
    // The stand-in's pages import a web font; offline that request only stalls.
    await context.route('https://fonts.googleapis.com/**', (route) => route.abort());
    const { page } = await openBenchDemo(context, stack.url, problems);
    await page.evaluate("window.__connects = 0; document.querySelector('wallet-connect-modal').addEventListener('wallet-connect', () => { window.__connects += 1; })");
    await step(page, 'open Connect with the social buttons', async () => {
      await page.click('#open', { timeout: TIMEOUT });
      await page.locator('wallet-connect-modal [data-social="google"]').waitFor({ timeout: TIMEOUT });
    });
    let shown = 0;
    let connected = 0;
    await step(page, 'Google until the provider shows, then log in and consent until connected', async () => {
      const start = performance.now();
      const [popup] = await Promise.all([page.waitForEvent('popup', { timeout: TIMEOUT }), page.click('wallet-connect-modal [data-social="google"]', { timeout: TIMEOUT })]);
      await popup.locator('input[name=login]').waitFor({ timeout: TIMEOUT });
      shown = performance.now() - start;
      await popup.fill('input[name=login]', login);
      await popup.fill('input[name=password]', 'any');
      await popup.click('button[type=submit]');
      const consent = popup.locator('button:has-text("Continue")');
      await consent.waitFor({ timeout: TIMEOUT });
      const consentAt = performance.now();
      await consent.click({ timeout: TIMEOUT });
      await page.waitForFunction(() => (window as unknown as { __connects: number }).__connects >= 2, null, { timeout: TIMEOUT, polling: 5 });
      connected = performance.now() - consentAt;
    });
    return { shown, connected };
  } finally {
    await context.close();
  }
}

/** Starts the stack, measures `runs` fresh contexts and logins (+1 warm-up), prints the table, stops the stack. */
export function socialLoginSection(runs: number): Promise<SocialLoginFigures> {
  return withStack('anvil ×2, Solana, secure login service, stand-in OIDC provider, demo server', {}, async (stack, browser) => {
    const problems: string[] = [];
    const results: { shown: number; connected: number }[] = [];
    console.log(`measuring social login: ${runs} runs (+1 warm-up, discarded), a new login and browser context per run`);
    for (let i = -1; i < runs; i++) {
      const run = await socialLoginRun(browser, stack, `bench${Date.now()}${i + 1}`, problems);
      if (i >= 0) results.push(run);
      process.stdout.write(i < 0 ? 'w' : '.');
    }
    process.stdout.write('\n');
    const providerShown = stats(results.map((r) => r.shown));
    const connected = stats(results.map((r) => r.connected));
    console.log(`\nSocial login (local stack, stand-in provider; median (min–max) of ${runs} runs)\n`);
    console.log(table(['metric', 'median', 'min', 'max'], [
      ['click Google → provider login shown', ms(providerShown.median), ms(providerShown.min), ms(providerShown.max)],
      ['consent → connected (EVM + Solana)', ms(connected.median), ms(connected.min), ms(connected.max)],
    ]));
    // The font request the stand-in makes is aborted on purpose: not a problem of ours.
    const unique = [...new Set(problems)].filter((line) => !line.includes('fonts.googleapis.com'));
    for (const line of unique) console.log(`  ${line}`);
    return { runs, providerShown, connected, problems: unique };
  });
}
