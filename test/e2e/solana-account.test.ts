import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { readSolBalance } from '../../src/services/solana-rpc.js';
import { inModal, openModal, seriousA11yViolations, useE2E } from './harness.js';

/** The demo page with the local Solana chain among its networks (its RPC in rpc-urls), as a site owner would set it. */
async function addSolana(page: Page, chainId: string, rpcUrl: string): Promise<void> {
  await page.evaluate(([id, url]) => {
    const el = document.querySelector('wallet-connect-modal')!;
    el.setAttribute('networks', `${el.getAttribute('networks')},${id}`);
    el.setAttribute('rpc-urls', JSON.stringify({ ...JSON.parse(el.getAttribute('rpc-urls') ?? '{}'), [id]: url }));
  }, [chainId, rpcUrl] as const);
}

/** Connects the dev wallet's Solana side: Connect filtered to Solana, the dev wallet, its Approve. */
async function connectDevSolana(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ namespace: 'solana' }));
  await inModal(page, '[data-wallet-id^="solana:"]').first().click();
  await page.locator('dev-wallet-prompt [data-kind="connect"] [data-action="approve"]').click();
  await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.state.namespace === 'solana');
}

describe('a Solana account connected with the dev wallet (Wallet Standard) against the local Solana chain', () => {
  const e2e = useE2E();

  it('connected through the Connect view: the base58 address (truncated, whole on copy) and the SOL balance equal to the chain, to the lamport', async () => {
    const { page } = await e2e.open();
    const solana = e2e.stack.solana;
    const owner = solana.seeded!.accounts[0]!;
    await addSolana(page, solana.chainId, solana.rpcUrl);
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
});
