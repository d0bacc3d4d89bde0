import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createPublicClient, erc20Abi, formatUnits, http } from 'viem';
import { ACCOUNT_0, ACCOUNT_1, connectDevWallet, inModal, openModal, seriousA11yViolations, useE2E, waitForEvent } from './harness.js';
import { chooseToken, fieldMessage } from './send-support.js';

/** The Account view's Tokens tab, rows keyed by symbol → the quantity text shown. */
async function shownTokens(page: Page): Promise<Record<string, string>> {
  await inModal(page, '.token-list').waitFor();
  const rows = await inModal(page, '.token-list [data-token]').all();
  return Object.fromEntries(await Promise.all(rows.map(async (row) => [await row.getAttribute('data-token'), await row.locator('[data-quantity]').textContent()])));
}

describe('account data from the wallet data API, and sending on EVM', () => {
  const e2e = useE2E();
  const chain = () => e2e.stack.seeded.find((s) => s.chainId === 31337)!;
  const token = (symbol: string) => chain().tokens.find((t) => t.symbol === symbol)!;
  const client = () => createPublicClient({ transport: http(e2e.stack.chains.find((c) => c.chainId === 31337)!.rpcUrl) });
  const onChain = async (symbol: string, owner: `0x${string}`) => client().readContract({ address: token(symbol).address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  const grouped = (value: bigint, decimals: number) => new Intl.NumberFormat('en', { maximumFractionDigits: 4 }).format(formatUnits(value, decimals) as unknown as number);

  it('shows the name, the total value and token balances equal to the chain, without the 0-decimal token', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    await openModal(page);
    await inModal(page, '[part="profile-name"]').waitFor();
    assert.equal(await inModal(page, '[part="profile-name"]').textContent(), 'dev.eth');
    const tokens = await shownTokens(page);
    assert.equal(tokens.LUSD, `${grouped(await onChain('LUSD', ACCOUNT_0), 6)} LUSD`);
    assert.equal(tokens.LTK, `${grouped(await onChain('LTK', ACCOUNT_0), 18)} LTK`);
    assert.equal(tokens.ZERO, undefined, 'the 0-decimal token is filtered out');
    assert.ok(tokens.ETH?.endsWith(' ETH'));
    const total = Number(await inModal(page, '[part="total-value"]').getAttribute('data-total-usd'));
    assert.ok(total > 1350 + 1250 * 2.5, `total ${total} counts LUSD, LTK and ETH`);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Account with tokens');
  });

  it('lists the activity of the active chain, pages on scroll, and drops spam-only airdrops and the 0-decimal mint', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    await openModal(page);
    // The history is exhausted when the service answers a page with no next cursor (14 seeded, 2 spam airdrops).
    let exhausted = false;
    const lastPage = page
      .waitForResponse(async (response) => response.url().includes('/history') && ((await response.json()) as { next: unknown }).next === null)
      .then(() => { exhausted = true; });
    await inModal(page, '[role="tab"][data-tab="activity"]').click();
    await inModal(page, '.activity-list [data-transaction]').first().waitFor();
    const rowCount = () => inModal(page, '.activity-list [data-transaction]').count();
    // Scroll the list's end into view, each time until a page more is in or the last page has come.
    for (let i = 0; i < 10 && !exhausted; i++) {
      const before = await rowCount();
      await inModal(page, '.sentinel').scrollIntoViewIfNeeded();
      await Promise.race([
        lastPage,
        page.waitForFunction((n) => document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelectorAll('.activity-list [data-transaction]').length > n, before),
      ]);
    }
    await lastPage;
    await inModal(page, '.activity-list[aria-busy="false"]').waitFor();
    const ids = await inModal(page, '.activity-list [data-transaction]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-transaction')));
    assert.equal(new Set(ids).size, ids.length, 'no duplicates across pages');
    // 14 seeded: 2 spam airdrops and the ZERO mint (only a 0-decimal token, sent by the deployer) are left out.
    assert.equal(ids.length, 11, `11 transactions (got ${ids.length})`);
    const titles = await inModal(page, '.activity-list .row-title').allTextContents();
    assert.ok(titles.includes('Received') && titles.includes('Sent'));
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Activity');
  });

  it('checks the Send form with the exact messages, each under its field and gone once the field is edited', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    await openModal(page);
    await inModal(page, '[data-action="send"]').click();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Send');
    const review = inModal(page, 'button[type="submit"]');
    await review.click();
    assert.equal(await fieldMessage(page, 'amount'), 'An amount and receiver address are required');
    assert.equal(await fieldMessage(page, 'token'), 'A token is required');
    await inModal(page, 'input[name="amount"]').fill('1');
    await inModal(page, '#send-amount-error').waitFor({ state: 'detached' });
    await inModal(page, 'input[name="receiver"]').fill(ACCOUNT_1);
    await review.click();
    // Only the token is missing: only its message.
    assert.equal(await fieldMessage(page, 'token'), 'A token is required');
    assert.equal(await inModal(page, '.field-error').count(), 1);
    await chooseToken(page, `eip155:31337:${token('LUSD').address}`);
    assert.equal(await inModal(page, '.field-error').count(), 0, 'choosing the token clears its message');
    await inModal(page, 'input[name="amount"]').fill('1.0000001');
    await review.click();
    assert.equal(await fieldMessage(page, 'amount'), 'LUSD has at most 6 decimals');
    await inModal(page, 'input[name="amount"]').fill('1000000');
    await review.click();
    await inModal(page, '#send-amount-error:has-text("Insufficient LUSD balance")').waitFor();
    await inModal(page, 'input[name="amount"]').fill('1');
    await inModal(page, 'input[name="receiver"]').fill('0x1234');
    await review.click();
    assert.equal(await fieldMessage(page, 'receiver'), 'Enter a valid address or name');
    await inModal(page, 'input[name="receiver"]').fill('nobody.eth');
    await review.click();
    // The name is looked up first, so the message comes a moment later.
    await inModal(page, '#send-receiver-error:has-text("No address found for nobody.eth")').waitFor();
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Send with an error');
  });

  it('sends a token to an ENS name through the dev wallet: events pending → confirmed, the chain and Activity agree', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    const before = await onChain('LTK', ACCOUNT_1);
    await openModal(page);
    await inModal(page, '[data-action="send"]').click();
    await chooseToken(page, `eip155:31337:${token('LTK').address}`);
    await inModal(page, 'input[name="amount"]').fill('10.5');
    await inModal(page, 'input[name="receiver"]').fill('alice.eth');
    await inModal(page, 'button[type="submit"]').click();
    await inModal(page, '[part="title"]:has-text("Review Send")').waitFor();
    assert.equal(await inModal(page, '.review-amount').textContent(), '10.5 LTK');
    assert.equal(await inModal(page, '[data-to]').textContent(), 'alice.eth (0x7099…79C8)');
    await inModal(page, '[data-fee]').waitFor();
    assert.match((await inModal(page, '[data-fee]').textContent())!, /^0\.\d+ ETH$/);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: SendReview');

    await inModal(page, '[data-action="confirm-send"]').click();
    await page.locator('dev-wallet-prompt [data-kind="send"] [data-action="approve"]').click();
    const pending = (await waitForEvent(page, 'wallet-transaction')) as { hash: string };
    assert.deepEqual(pending, { status: 'pending', hash: pending.hash, chainId: 'eip155:31337', kind: 'erc20-transfer' });
    assert.match(pending.hash, /^0x[0-9a-f]{64}$/);
    assert.deepEqual(await waitForEvent(page, 'wallet-transaction', 2), { status: 'confirmed', hash: pending.hash, chainId: 'eip155:31337', kind: 'erc20-transfer' });
    assert.equal((await onChain('LTK', ACCOUNT_1)) - before, 10_500_000_000_000_000_000n);
    // The result view says so; Done goes back to Account's Activity tab, where the new transaction comes in
    // once the API has indexed it.
    await inModal(page, '.send-result[data-status="confirmed"]').waitFor();
    await inModal(page, '[data-action="done"]').click();
    await inModal(page, `.activity-list [data-transaction="${pending.hash}"]`).waitFor({ timeout: 10_000 });
    await inModal(page, '[role="tab"][data-tab="tokens"]').click();
    assert.equal((await shownTokens(page)).LTK, `${grouped(await onChain('LTK', ACCOUNT_0), 18)} LTK`);
  });

  for (const [label, fault] of [['stopped', 'abort'], ['answering 500', 500], ['answering 429', 429]] as const) {
    it(`says each failure once, in place, with Retry, when the service is ${label}`, async () => {
      const { page } = await e2e.open();
      const api = new URL(e2e.stack.apiUrl).origin;
      await page.route(`${api}/v1/account/**`, (route) => (fault === 'abort' ? route.abort('connectionrefused') : route.fulfill({ status: fault, body: '{}' })));
      await connectDevWallet(page);
      await openModal(page);
      const notice = inModal(page, '.tab-panel [data-retry-notice]');
      await notice.waitFor();
      assert.equal(await notice.locator('[role="alert"]').textContent(), 'Token Balance Unavailable');
      assert.equal(await page.locator('wallet-connect-modal').getByText('Token Balance Unavailable').count(), 1, 'once: no toast as well');
      assert.equal(await notice.locator('[data-action="retry"]').isDisabled(), true, 'blocked for 30 s');
      const error = (await waitForEvent(page, 'wallet-error')) as { code: string };
      assert.equal(error.code, fault === 'abort' ? 'SERVICE_UNAVAILABLE' : fault === 500 ? 'SERVER_ERROR' : 'RATE_LIMITED');
      await inModal(page, '[role="tab"][data-tab="activity"]').click();
      await inModal(page, '.tab-panel [data-retry-notice] [role="alert"]:has-text("Failed to fetch transactions")').waitFor();
      assert.equal(await page.locator('wallet-connect-modal').getByText('No activity yet').count(), 0, 'an error is not an empty history');
      assert.equal(await page.locator('wallet-connect-modal').getByText('Failed to fetch transactions').count(), 1);
    });
  }
});
