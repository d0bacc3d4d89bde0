// End to end: the dev wallet's Wallet Standard (Solana) side and its EIP-6963 side in one Connect view,
// in Debian Chromium against the local stack. The demo page lists the local Solana network beside the two EVM ones.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { solanaDevKeypair } from '../../demo/dev-wallet/solana-keys.js';
import { LOCAL_SOLANA_CHAIN_ID } from '../../server/solana/constants.js';
import { ACCOUNT_0, DEV_WALLET_ID, type DemoPage, ensureSolanaNetwork, events, inModal, openModal, seriousA11yViolations, useE2E, waitForEvent, widgetState } from './harness.js';

const SOL_ADDRESS = solanaDevKeypair(0).address;
const SOLANA_ID = 'solana:Dev Wallet';
const prompt = (page: Page, action: 'approve' | 'reject') => page.locator(`dev-wallet-prompt [data-kind="connect"] [data-action="${action}"]`).click();
const namespaces = async (page: Page) => (await widgetState(page)).connections.map((c) => c.namespace);

describe('Solana Wallet Standard connect (dev wallet)', () => {
  const e2e = useE2E();

  /** The demo with the local Solana network configured (it already is: then this changes nothing). */
  async function openWithSolana(): Promise<DemoPage> {
    const demo = await e2e.open();
    await ensureSolanaNetwork(demo.page, e2e.stack.solana);
    return demo;
  }

  it('no request before open; the dev wallet is one entry, the chooser connects Solana with wallet-connect and state', async () => {
    const { page, requests } = await openWithSolana();
    const widgetRequests = () => requests.filter((url) => !url.includes('/dist/') && !url.includes('/demo'));
    const atLoad = widgetRequests().length;
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.networks.length === 3);
    await openModal(page);
    await inModal(page, `[data-wallet-id="${DEV_WALLET_ID}"]`).waitFor();
    assert.equal(await inModal(page, '[part~="wallet-button"]').filter({ hasText: 'Dev Wallet' }).count(), 1, 'one entry for the wallet on both namespaces');
    // The chooser's code came with the list, so the press shows it without a fetch in between.
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/chunks\/NamespaceChooser-[\w-]+\.js$/.test(e.name)));
    const beforePress = requests.length;
    await inModal(page, `[data-wallet-id="${DEV_WALLET_ID}"]`).click();
    await inModal(page, `[data-wallet-id="${SOLANA_ID}"]`).waitFor();
    assert.deepEqual(requests.slice(beforePress).filter((url) => url.includes('NamespaceChooser')), [], 'no fetch for the chooser after the press');
    assert.deepEqual(await seriousA11yViolations(page), [], 'the chooser is axe clean');
    await inModal(page, `[data-wallet-id="${SOLANA_ID}"]`).click();
    await prompt(page, 'approve');
    const detail = await waitForEvent(page, 'wallet-connect');
    assert.deepEqual(detail, {
      address: SOL_ADDRESS,
      caipAddress: `${LOCAL_SOLANA_CHAIN_ID}:${SOL_ADDRESS}`,
      chainId: LOCAL_SOLANA_CHAIN_ID,
      namespace: 'solana',
      connector: { id: SOLANA_ID, name: 'Dev Wallet', type: 'injected' },
    });
    const state = await widgetState(page);
    assert.equal(state.namespace, 'solana');
    assert.deepEqual(state.connections.map((c) => c.caipAddress), [`${LOCAL_SOLANA_CHAIN_ID}:${SOL_ADDRESS}`]);
    assert.equal(await page.evaluate(() => document.querySelector('wallet-connect-modal')!.getProvider('solana')!.publicKey), SOL_ADDRESS);
    // Wallet Standard discovery and connecting made no request of their own (the page's own files aside).
    assert.deepEqual(widgetRequests().slice(atLoad).filter((url) => !url.includes('/chunks/')), []);
  });

  it('a refusal shows "Connection rejected"; Try again connects', async () => {
    const { page } = await openWithSolana();
    await openModal(page);
    await inModal(page, `[data-wallet-id="${DEV_WALLET_ID}"]`).click();
    await inModal(page, `[data-wallet-id="${SOLANA_ID}"]`).click();
    await prompt(page, 'reject');
    await inModal(page, '[role="alert"]').filter({ hasText: 'Connection rejected' }).waitFor();
    assert.deepEqual(await waitForEvent(page, 'wallet-error'), { code: 'CONNECTION_REJECTED', message: 'Connection rejected' });
    assert.equal((await widgetState(page)).status, 'disconnected');
    assert.deepEqual(await seriousA11yViolations(page), []);
    await inModal(page, 'button').filter({ hasText: 'Try again' }).click();
    await prompt(page, 'approve');
    await waitForEvent(page, 'wallet-connect');
    assert.equal((await widgetState(page)).namespace, 'solana');
  });

  it('EVM and Solana at once: SwitchActiveChain, both connections, reload restores both, disconnect one then the other', async () => {
    const { page } = await openWithSolana();
    await openModal(page);
    await inModal(page, `[data-wallet-id="${DEV_WALLET_ID}"]`).click();
    await inModal(page, `[data-wallet-id="${DEV_WALLET_ID}"]`).filter({ hasText: 'Ethereum and EVM networks' }).click();
    await prompt(page, 'approve');
    await waitForEvent(page, 'wallet-connect');

    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ view: 'SwitchNetwork' }));
    await inModal(page, '[part~="network-button"]').filter({ hasText: 'Solana Local' }).click();
    await inModal(page, '[role="status"]').filter({ hasText: 'Switch to Solana?' }).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), [], 'SwitchActiveChain is axe clean');
    await inModal(page, 'button').filter({ hasText: 'Connect a Solana wallet' }).click();
    await inModal(page, `[data-wallet-id="${SOLANA_ID}"]`).waitFor();
    assert.equal(await inModal(page, `[data-wallet-id="${DEV_WALLET_ID}"]`).count(), 0, 'Connect filtered to Solana: no EVM side of the dev wallet');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Connect filtered to Solana');
    await inModal(page, `[data-wallet-id="${SOLANA_ID}"]`).click();
    await prompt(page, 'approve');
    await waitForEvent(page, 'wallet-connect', 2);
    const connects = (await events(page, 'wallet-connect')).map((e) => e.detail as { namespace: string; address: string });
    assert.deepEqual(connects.map((c) => [c.namespace, c.address]), [['eip155', ACCOUNT_0], ['solana', SOL_ADDRESS]]);
    assert.deepEqual(await namespaces(page), ['eip155', 'solana']);

    // Reload: both come back without a prompt.
    await page.reload();
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')?.state?.connections.length === 2);
    assert.equal(await page.locator('dev-wallet-prompt [data-kind="connect"]').count(), 0, 'no prompt on restore');

    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.disconnect('solana'));
    assert.equal((await widgetState(page)).namespace, 'eip155');
    assert.deepEqual(await namespaces(page), ['eip155']);
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.disconnect('eip155'));
    assert.equal((await widgetState(page)).status, 'disconnected');
    assert.deepEqual((await events(page, 'wallet-disconnect')).map((e) => e.detail), [{ namespace: 'solana' }, { namespace: 'eip155' }]);
  });
});
