import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ACCOUNT_1, connectDevWallet, events, inModal, openModal, seriousA11yViolations, useE2E, waitForEvent, widgetState } from './harness.js';
import { chooseToken } from './send-support.js';

const WAITING = 'Waiting for confirmation';
const CONFIRMED = 'Transaction confirmed';

describe('after a send: the result view, pending transactions in Activity and across a reload', () => {
  const e2e = useE2E();
  const rpcUrl = () => e2e.stack.chains.find((c) => c.chainId === 31337)!.rpcUrl;
  const rpc = async (method: string, params: unknown[] = []) => {
    const response = await fetch(rpcUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    const body = (await response.json()) as { result?: unknown; error?: unknown };
    if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
    return body.result;
  };
  /** Runs `body` with anvil's automine off (the transaction stays pending until `mine`), restoring it after. */
  async function withoutAutomine(body: () => Promise<void>) {
    await rpc('evm_setAutomine', [false]);
    try {
      await body();
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
  }
  const mine = () => rpc('evm_mine');

  async function reviewNative(page: Page, amount = '0.01') {
    await openModal(page);
    await inModal(page, '[data-action="send"]').click();
    await chooseToken(page, 'eip155:31337:native');
    await inModal(page, 'input[name="amount"]').fill(amount);
    await inModal(page, 'input[name="receiver"]').fill(ACCOUNT_1);
    await inModal(page, 'button[type="submit"]').click();
    await inModal(page, '[part="title"]:has-text("Review Send")').waitFor();
  }
  const approveSend = (page: Page) => page.locator('dev-wallet-prompt [data-kind="send"] [data-action="approve"]').click();

  it('shows the result: pending with the hash, then confirmed; no explorer link on anvil; Done returns to Activity', async () => {
    const { page, context } = await e2e.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await connectDevWallet(page);
    await withoutAutomine(async () => {
      await reviewNative(page);
      await inModal(page, '[data-action="confirm-send"]').click();
      await approveSend(page);
      const pending = (await waitForEvent(page, 'wallet-transaction')) as { hash: string };
      await inModal(page, '.send-result[data-status="pending"]').waitFor();
      assert.equal(await inModal(page, '[part="title"]').textContent(), 'Transaction');
      assert.equal(await inModal(page, '.send-result .status').textContent(), WAITING);
      assert.equal(await inModal(page, '.send-result [data-hash]').getAttribute('data-hash'), pending.hash);
      assert.equal(await inModal(page, '.send-result .review-amount').textContent(), '0.01 ETH');
      // Anvil has no block explorer: no link.
      assert.equal(await inModal(page, '.send-result a[data-explorer]').count(), 0);
      assert.deepEqual(await seriousA11yViolations(page), [], 'axe: SendResult');
      await inModal(page, '[data-action="copy-hash"]').click();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), pending.hash);

      await mine();
      await inModal(page, '.send-result[data-status="confirmed"]').waitFor();
      assert.equal(await inModal(page, '.send-result .status').textContent(), CONFIRMED);
      assert.deepEqual(await waitForEvent(page, 'wallet-transaction', 2), { status: 'confirmed', hash: pending.hash, chainId: 'eip155:31337', kind: 'native-transfer' });
      await inModal(page, '[data-action="done"]').click();
      assert.equal(await inModal(page, '[part="title"]').textContent(), 'Account');
      assert.equal(await inModal(page, '[role="tab"][data-tab="activity"]').getAttribute('aria-selected'), 'true');
    });
  });

  it('a pending transaction heads Activity, survives a reload, and the host still gets wallet-transaction confirmed', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    await withoutAutomine(async () => {
      await reviewNative(page, '0.02');
      await inModal(page, '[data-action="confirm-send"]').click();
      await approveSend(page);
      const { hash } = (await waitForEvent(page, 'wallet-transaction')) as { hash: string };
      await inModal(page, '.send-result[data-status="pending"]').waitFor();
      await inModal(page, '[data-action="done"]').click();
      const first = inModal(page, '.activity-list [data-transaction]').first();
      await first.waitFor();
      assert.equal(await first.getAttribute('data-transaction'), hash);
      assert.equal(await first.getAttribute('data-pending'), '');
      assert.match((await first.textContent())!, /Pending/);

      await page.reload();
      // The element upgrades when its script has loaded; the dev wallet restores the connection without a prompt.
      await page.waitForFunction(() => document.querySelector('wallet-connect-modal')?.state?.status === 'connected');
      await openModal(page);
      await inModal(page, '[role="tab"][data-tab="activity"]').click();
      const row = inModal(page, `.activity-list [data-transaction="${hash}"][data-pending]`);
      await row.waitFor();
      assert.equal(await inModal(page, '.activity-list [data-transaction]').first().getAttribute('data-transaction'), hash);
      await mine();
      assert.deepEqual(await waitForEvent(page, 'wallet-transaction'), { status: 'confirmed', hash, chainId: 'eip155:31337', kind: 'native-transfer' });
      // Once confirmed it is no longer pending: it is dropped from the stored list.
      await page.waitForFunction(() => !Object.keys(localStorage).some((key) => key.endsWith('pending-transactions')));
    });
  });

  it('closing is not cancelling: a send approved after the modal closed is tracked, announced with a toast and wallet-transaction', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    await reviewNative(page, '0.03');
    await inModal(page, '[data-action="confirm-send"]').click();
    await page.locator('dev-wallet-prompt [data-kind="send"]').waitFor();
    const opened = (await events(page, 'wallet-open')).length;
    // The dev wallet's prompt makes the page inert for the pointer: press our ✕ from inside the page.
    await inModal(page, '[part="close-button"]').evaluate((button) => (button as HTMLButtonElement).click());
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.state.open);
    await approveSend(page);
    const pending = (await waitForEvent(page, 'wallet-transaction')) as { hash: string; status: string };
    assert.equal(pending.status, 'pending');
    assert.deepEqual(await waitForEvent(page, 'wallet-transaction', 2), { status: 'confirmed', hash: pending.hash, chainId: 'eip155:31337', kind: 'native-transfer' });
    await inModal(page, `[part="toast"]:has-text("${CONFIRMED}")`).waitFor({ state: 'visible' });
    assert.equal((await widgetState(page)).open, false, 'the modal stays closed');
    assert.equal((await events(page, 'wallet-open')).length, opened, 'not reopened');
  });
});
