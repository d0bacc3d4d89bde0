import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { solanaDevKeypair } from '../../demo/dev-wallet/solana-keys.js';
import { LOCAL_SOLANA_CHAIN_ID } from '../../server/solana/constants.js';
import { ACCOUNT_0, connectDevWallet, events, inModal, useE2E, waitForEvent, widgetState } from './harness.js';
import { siwxHelpers } from './siwx-support.js';

const SOL_ADDRESS = solanaDevKeypair(0).address;

/**
 * Solana sign-in with the dev wallet's Wallet Standard side, Sign when the backend went away after the
 * view opened, and a session revoked at the backend noticed by the 5-minute refetch (the page's clock driven).
 */
describe('sign in with the wallet: Solana, init failure at Sign, server-side revocation', () => {
  const e2e = useE2E();

  const { useSiwx, signView, signPrompt, backendSession, refuseToSign } = siwxHelpers(() => e2e.stack.authUrl);
  const closed = (page: Page) => page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));

  it('Solana: connect → SIWXSignMessage → sign → wallet-session authenticated, GET session names the base58 address; a reload keeps it', async () => {
    const { page } = await e2e.open();
    await useSiwx(page);
    await connectDevWallet(page, 'solana');
    await signView(page).waitFor();
    await signView(page).locator('[data-action="sign"]').click();
    // The dev wallet shows what it signs: the CAIP-122 "Sign in with Solana" text.
    const prompt = page.locator('dev-wallet-prompt [data-kind="sign"]');
    await prompt.waitFor();
    assert.match((await prompt.textContent()) ?? '', /wants you to sign in with your Solana account:/);
    await signPrompt(page, 'approve').click();
    const detail = (await waitForEvent(page, 'wallet-session')) as { status: string; session: { address: string; chainId: string } };
    assert.equal(detail.status, 'authenticated');
    assert.deepEqual({ address: detail.session.address, chainId: detail.session.chainId }, { address: SOL_ADDRESS, chainId: LOCAL_SOLANA_CHAIN_ID });
    await closed(page);
    const session = (await backendSession(page)) as { address: string; chainId: string };
    assert.deepEqual({ address: session.address, chainId: session.chainId }, { address: SOL_ADDRESS, chainId: LOCAL_SOLANA_CHAIN_ID });

    await page.reload();
    await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined && 'devWallet' in window);
    await useSiwx(page);
    assert.equal(((await waitForEvent(page, 'wallet-session')) as { status: string }).status, 'authenticated');
    assert.equal((await widgetState(page)).session?.address, SOL_ADDRESS);
    assert.equal(await page.locator('dev-wallet-prompt [data-kind="sign"]').count(), 0, 'no new signature asked');
  });

  it('EVM and Solana connected, signed in with Solana (active): a reload with the demo\'s box ticked restores both and the session, no SIWXSignMessage left open', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ namespace: 'solana' }));
    await inModal(page, '[data-wallet-id="solana:Dev Wallet"]').click();
    await page.locator('dev-wallet-prompt [data-kind="connect"] [data-action="approve"]').click();
    await waitForEvent(page, 'wallet-connect', 2);
    assert.equal((await widgetState(page)).namespace, 'solana');
    await page.locator('#siwx').check();
    await signView(page).locator('[data-action="sign"]').click();
    await signPrompt(page, 'approve').click();
    assert.equal(((await waitForEvent(page, 'wallet-session')) as { session: { address: string } }).session.address, SOL_ADDRESS);
    await closed(page);

    await page.reload();
    await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined && 'devWallet' in window);
    assert.equal(await page.locator('#siwx').isChecked(), true, 'the box is remembered');
    const again = (await waitForEvent(page, 'wallet-session')) as { status: string; session: { address: string } };
    assert.deepEqual([again.status, again.session.address], ['authenticated', SOL_ADDRESS]);
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.state.connections.length === 2);
    await closed(page);
    const state = await widgetState(page);
    assert.deepEqual([state.namespace, state.session?.address], ['solana', SOL_ADDRESS]);
    assert.equal(await page.locator('dev-wallet-prompt [data-kind="sign"]').count(), 0, 'no new signature asked');
  });

  it('Solana: the wallet refuses to sign: the toast "Error signing message", still on SIWXSignMessage, no session', async () => {
    const { page } = await e2e.open();
    await useSiwx(page);
    await connectDevWallet(page, 'solana');
    await refuseToSign(page);
  });

  it('Sign with the backend gone since the view opened: the init-failure toast, the wallet disconnected, back on Connect', async () => {
    const { page } = await e2e.open();
    await useSiwx(page);
    await connectDevWallet(page);
    await signView(page).waitFor();
    await page.route(`${e2e.stack.authUrl}/csrf`, (route) => route.abort());
    await signView(page).locator('[data-action="sign"]').click();
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.state.status === 'disconnected');
    await inModal(page, '[part~="toast"]').filter({ hasText: 'A problem occurred while trying initialize authentication' }).waitFor();
    assert.equal((await widgetState(page)).view, 'Connect');
    assert.deepEqual((await events(page, 'wallet-error')).map((e) => e.detail), [{ code: 'SIWX_INIT_FAILED', message: 'A problem occurred while trying initialize authentication' }]);
    assert.equal(await page.locator('dev-wallet-prompt [data-kind="sign"]').count(), 0, 'the wallet was asked nothing');
  });

  it('a session revoked at the backend: the 5-minute refetch makes it unauthenticated, and with siwx-required SIWXSignMessage shows again', async () => {
    const { page } = await e2e.open({ clock: true });
    await useSiwx(page, { 'siwx-required': '' });
    await connectDevWallet(page);
    await signView(page).locator('[data-action="sign"]').click();
    await signPrompt(page, 'approve').click();
    assert.equal(((await waitForEvent(page, 'wallet-session')) as { status: string }).status, 'authenticated');
    await closed(page);
    assert.equal(await e2e.stack.auth.store.revokeSessions(ACCOUNT_0, 'eip155:31337'), 1);
    // Just short of the interval: nothing asked yet (the backend still holds nothing, the widget does not know).
    await page.clock.fastForward(5 * 60_000 - 1_000);
    assert.equal((await widgetState(page)).session?.address, ACCOUNT_0);
    await page.clock.fastForward(1_000);
    assert.deepEqual(await waitForEvent(page, 'wallet-session', 2), { status: 'unauthenticated' });
    await signView(page).waitFor();
    assert.equal((await widgetState(page)).status, 'connected');
  });
});
