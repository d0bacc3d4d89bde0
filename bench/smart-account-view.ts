/**
 * The "Smart account in the widget" section of `npm run bench`: in headless Chromium on the demo page against the
 * local stack with alto on Local Chain A, per run a new email login (a new user, so a new counterfactual smart
 * account), then
 * - Account settings' "Switch to smart account" click → `wallet-account-change` to the smart account;
 * - a host `eth_sendTransaction` from it: Approve clicked in the secure frame → the hash answered, i.e. the user
 *   operation sent through the bundler and included (the service waits for inclusion), first while it deploys the
 *   account, then again on the deployed account.
 * Timed from the test driver (Node), so each includes a Playwright round trip of a few ms.
 */
import type { Browser, Frame, Page } from 'playwright-core';
import { parseEther, toHex, type Hex } from 'viem';
import { rpcCall } from '../server/json-rpc.js';
import type { Stack } from '../devstack/stack.js';
import { TIMEOUT, openBenchDemo, step, withStack } from './demo-page.js';
import { logInByEmail } from './email-login.js';
import { ms, type Stats, stats, table } from './format.js';

export interface SmartAccountViewFigures {
  runs: number;
  /** ms from the switch click until the EVM side answers for the smart account. */
  switched: Stats;
  /** ms from Approve until the host has the hash: the first user operation, which deploys the account. */
  firstIncluded: Stats;
  /** The same on the deployed account. */
  included: Stats;
  problems: string[];
}

// Anvil's account #1: the receiver.
const RECEIVER = '0x70997970c51812dc3a010c7d83b4c4d5b0e8d23a';

async function secureFrame(page: Page, origin: string): Promise<Frame> {
  const start = performance.now();
  for (;;) {
    const found = page.frames().find((f) => f.url().startsWith(origin));
    if (found) return found;
    if (performance.now() - start > TIMEOUT) throw new Error('no secure frame');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A host transaction from the connected smart account; ms from Approve in the frame until its hash is answered. */
async function approvedSend(page: Page, stack: Stack): Promise<number> {
  await page.evaluate(
    ([to, value]) => {
      const w = window as unknown as { __sent?: Promise<unknown>; __refused?: string };
      w.__refused = undefined;
      w.__sent = document.querySelector('wallet-connect-modal')!.getProvider('eip155')!.request({ method: 'eth_sendTransaction', params: [{ to, value }] });
      w.__sent.catch((error: { code?: number; message?: string }) => (w.__refused = `${error.code}: ${error.message}`));
    },
    [RECEIVER, toHex(parseEther('0.001'))] as const,
  );
  const approve = (await secureFrame(page, stack.login.origin)).getByRole('button', { name: 'Approve' });
  // Approve shown, or the request refused before (said in the error).
  const shown = approve.waitFor({ timeout: TIMEOUT }).then(() => undefined);
  const refusal = page.waitForFunction(() => (window as unknown as { __refused?: string }).__refused, null, { timeout: TIMEOUT + 1000 }).then((h) => h.jsonValue() as Promise<string>);
  refusal.catch(() => undefined); // the loser of the race times out later
  const refused = await Promise.race([shown, refusal]);
  if (refused) throw new Error(`eth_sendTransaction refused: ${refused}`);
  const start = performance.now();
  await approve.click({ timeout: TIMEOUT });
  const hash = (await page.evaluate(() => (window as unknown as { __sent: Promise<unknown> }).__sent)) as Hex;
  const elapsed = performance.now() - start;
  const receipt = await rpcCall<{ status: Hex } | null>(stack.chains[0]!.rpcUrl, 'eth_getTransactionReceipt', [hash]);
  if (receipt?.status !== '0x1') throw new Error(`the bundle ${hash} is not included`);
  return elapsed;
}

async function smartAccountRun(browser: Browser, stack: Stack, email: string, problems: string[]): Promise<{ switched: number; first: number; later: number }> {
  const context = await browser.newContext();
  try {
    const { page } = await openBenchDemo(context, stack.url, problems);
    await logInByEmail(page, stack, email);
    const modal = (selector: string) => page.locator(`wallet-connect-modal ${selector}`);
    let switched = 0;
    let smart = '';
    await step(page, 'switch to the smart account', async () => {
      await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ view: 'Account' }));
      await modal('[data-action="account-settings"]').click({ timeout: TIMEOUT });
      await modal('[data-view="AccountSettings"] [data-account-type="eoa"]').waitFor({ timeout: TIMEOUT });
      await page.evaluate("window.__changed = []; document.querySelector('wallet-connect-modal').addEventListener('wallet-account-change', (e) => window.__changed.push(e.detail.address))");
      const start = performance.now();
      await modal('[data-action="switch-account-type"]').click({ timeout: TIMEOUT });
      const changed = await page.waitForFunction(() => (window as unknown as { __changed: string[] }).__changed[0], null, { timeout: TIMEOUT, polling: 5 });
      switched = performance.now() - start;
      smart = (await changed.jsonValue()) as string;
    });
    await rpcCall(stack.chains[0]!.rpcUrl, 'anvil_setBalance', [smart, toHex(parseEther('1'))]);
    let first = 0;
    let later = 0;
    await step(page, 'first transaction (deploys the account)', async () => (first = await approvedSend(page, stack)));
    await step(page, 'second transaction (deployed)', async () => (later = await approvedSend(page, stack)));
    return { switched, first, later };
  } finally {
    await context.close();
  }
}

/** Starts the stack with a bundler on Local Chain A, measures `runs` logins (+1 warm-up), prints the table. */
export function smartAccountViewSection(runs: number): Promise<SmartAccountViewFigures> {
  return withStack('anvil ×2, alto on chain 31337, Solana, secure login service, mail capture, demo server', { smartAccounts: { chainIds: [31337] } }, async (stack, browser) => {
    const problems: string[] = [];
    const results: { switched: number; first: number; later: number }[] = [];
    console.log(`measuring the smart account in the widget: ${runs} runs (+1 warm-up, discarded), a new login and browser context per run`);
    for (let i = -1; i < runs; i++) {
      const run = await smartAccountRun(browser, stack, `smart${Date.now()}-${i + 1}@example.test`, problems);
      if (i >= 0) results.push(run);
      process.stdout.write(i < 0 ? 'w' : '.');
    }
    process.stdout.write('\n');
    const switched = stats(results.map((r) => r.switched));
    const firstIncluded = stats(results.map((r) => r.first));
    const included = stats(results.map((r) => r.later));
    console.log(`\nSmart account in the widget (local stack, alto; median (min–max) of ${runs} runs)\n`);
    console.log(table(['metric', 'median', 'min', 'max'], [
      ['"Switch to smart account" → wallet-account-change', ms(switched.median), ms(switched.min), ms(switched.max)],
      ['Approve → hash (user op included; deploys the account)', ms(firstIncluded.median), ms(firstIncluded.min), ms(firstIncluded.max)],
      ['Approve → hash (user op included; deployed)', ms(included.median), ms(included.min), ms(included.max)],
    ]));
    const unique = [...new Set(problems)];
    for (const line of unique) console.log(`  ${line}`);
    return { runs, switched, firstIncluded, included, problems: unique };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const index = process.argv.indexOf('--runs');
  await smartAccountViewSection(index > 0 ? Number(process.argv[index + 1]) : 7);
}
