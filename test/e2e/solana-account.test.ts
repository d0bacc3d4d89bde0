import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { readSolBalance } from '../../src/services/solana-rpc.js';
import { ensureSolanaNetwork, inModal, openModal, seriousA11yViolations, useE2E } from './harness.js';

/** Connects the dev wallet's Solana side: Connect filtered to Solana, the dev wallet, its Approve. */
async function connectDevSolana(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ namespace: 'solana' }));
  await inModal(page, '[data-wallet-id^="solana:"]').first().click();
  await page.locator('dev-wallet-prompt [data-kind="connect"] [data-action="approve"]').click();
  await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.state.namespace === 'solana');
}

/** The Account view's Tokens tab, rows keyed by symbol → the quantity text shown. */
async function shownTokens(page: Page): Promise<Record<string, string>> {
  await inModal(page, '.token-list').waitFor();
  const rows = await inModal(page, '.token-list [data-token]').all();
  return Object.fromEntries(await Promise.all(rows.map(async (row) => [await row.getAttribute('data-token'), await row.locator('[data-quantity]').textContent()])));
}

describe('a Solana account connected with the dev wallet (Wallet Standard) against the local Solana chain', () => {
  const e2e = useE2E();

  it('connected through the Connect view: the base58 address (truncated, whole on copy) and the SOL balance equal to the chain, to the lamport', async () => {
    const { page } = await e2e.open();
    const solana = e2e.stack.solana;
    const owner = solana.seeded!.accounts[0]!;
    await ensureSolanaNetwork(page, solana);
    await connectDevSolana(page);
    await openModal(page);
    const address = inModal(page, '[part="address"]');
    await address.waitFor();
    assert.equal(await address.getAttribute('data-address'), owner);
    assert.equal(await address.textContent(), `${owner.slice(0, 6)}…${owner.slice(-4)}`);
    const balance = inModal(page, '[part="balance"] [data-balance]');
    await balance.waitFor();
    assert.equal(await balance.getAttribute('data-balance'), String(await readSolBalance(solana.rpcUrl, owner)));
    assert.match((await inModal(page, '[part="balance"]').textContent())!, /^Balance: [\d,.]+ SOL$/);
    assert.equal(await inModal(page, '[data-action="switch-network"] .list-label').textContent(), 'Solana Local');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Solana Account');
  });

  it('SPL tokens from the API without the 0-decimal and spam ones, and the activity without spam or 0-decimal airdrops, linked to explorer.solana.com', async () => {
    const { page } = await e2e.open();
    const solana = e2e.stack.solana;
    const dev = solana.seeded!.dev;
    await ensureSolanaNetwork(page, solana);
    await connectDevSolana(page);
    await openModal(page);
    const tokens = await shownTokens(page);
    assert.equal(dev.tokens.USDS, 2_750_000_000n, 'the seeded USDS (6 decimals)');
    assert.equal(tokens.USDS, '2,750 USDS');
    assert.equal(tokens.ZERO, undefined, 'the 0-decimal token is left out');
    assert.equal(tokens.SPAM, undefined, 'the spam collectible is left out');
    assert.ok(tokens.SOL?.endsWith(' SOL'), `a SOL row: ${JSON.stringify(tokens)}`);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Solana Account with tokens');

    await inModal(page, '[role="tab"][data-tab="activity"]').click();
    await inModal(page, '.activity-list [data-transaction]').first().waitFor();
    await inModal(page, '.activity-list[aria-busy="false"]').waitFor();
    const amounts = await inModal(page, '.activity-list [data-amount]').allTextContents();
    // The seeded history of 8: the spam airdrop and the ZERO mint (0 decimals, sent by someone else) are left out.
    assert.deepEqual(amounts, ['−0.25 SOL', '−250 USDS', '−0.5 SOL', '+1,000 USDS', '+2,000 USDS', '+2 SOL']);
    const bob = solana.seeded!.accounts[2]!;
    const counterparties = await inModal(page, '.activity-list [data-counterparty]').allTextContents();
    assert.equal(counterparties[0], `To ${bob.slice(0, 6)}…${bob.slice(-4)}`);
    const link = await inModal(page, '.activity-list [data-explorer-link]').first().getAttribute('href');
    assert.equal(link, `https://explorer.solana.com/tx/${solana.seeded!.history.at(-1)!.signature}?cluster=custom&customUrl=${encodeURIComponent(solana.rpcUrl)}`);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Solana Activity');
  });
});
