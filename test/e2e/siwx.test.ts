import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ACCOUNT_0, connectDevWallet, events, inModal, seriousA11yViolationsEverywhere, useE2E, waitForEvent, widgetState } from './harness.js';
import { serveRecipe } from './authjs-recipes.js';
import { siwxHelpers } from './siwx-support.js';

/** EVM: sign in with the dev wallet against the stack's real Auth.js backend (server/auth/). */
describe('sign in with the wallet (siwx-url, EVM) against the stack backend', () => {
  const e2e = useE2E();

  const { useSiwx, signView, signPrompt, backendSession, refuseToSign } = siwxHelpers(() => e2e.stack.authUrl);

  async function signedIn(page: Page, attributes: Record<string, string> = {}) {
    await useSiwx(page, attributes);
    await connectDevWallet(page);
    await signView(page).locator('[data-action="sign"]').click();
    await signPrompt(page, 'approve').click();
    await waitForEvent(page, 'wallet-session');
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
  }
  const switchTo31338 = async (page: Page) => {
    const switching = page.evaluate(() => document.querySelector('wallet-connect-modal')!.switchNetwork('eip155:31338'));
    await page.locator('dev-wallet-prompt [data-kind="switch"] [data-action="approve"]').click();
    await switching;
    await waitForEvent(page, 'wallet-network-change');
  };

  it('a network change signs out (wallet-session unauthenticated, no backend session) and asks to sign in again', async () => {
    const { page } = await e2e.open();
    await signedIn(page);
    await switchTo31338(page);
    assert.deepEqual(await waitForEvent(page, 'wallet-session', 2), { status: 'unauthenticated' });
    await page.waitForFunction(async (url) => (await (await fetch(`${url}/session`)).json()) === null, e2e.stack.authUrl);
    await signView(page).waitFor();
  });

  it('an account change in the wallet signs out and asks the new account to sign in', async () => {
    const { page } = await e2e.open();
    await signedIn(page);
    await page.evaluate(() => (window as unknown as { devWallet: { setAccount(i: number): void } }).devWallet.setAccount(1));
    await waitForEvent(page, 'wallet-account-change');
    assert.deepEqual(await waitForEvent(page, 'wallet-session', 2), { status: 'unauthenticated' });
    await signView(page).waitFor();
    assert.equal(await backendSession(page), null);
  });

  it('siwx-keep-session="network-change" keeps the session through a network change', async () => {
    const { page } = await e2e.open();
    await signedIn(page, { 'siwx-keep-session': 'network-change' });
    await switchTo31338(page);
    // The sign-out would have been synchronous with the connection's change, before the event was dispatched.
    assert.equal((await widgetState(page)).session?.address, ACCOUNT_0);
    assert.deepEqual((await events(page, 'wallet-session')).map((e) => (e.detail as { status: string }).status), ['authenticated']);
    assert.equal(((await backendSession(page)) as { address: string }).address, ACCOUNT_0);
  });

  it('the backend unreachable after connecting: the init-failure toast, the wallet disconnected, back on Connect', async () => {
    const { page } = await e2e.open();
    await page.route(`${e2e.stack.authUrl}/session`, (route) => route.abort());
    await useSiwx(page);
    await connectDevWallet(page);
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.state.status === 'disconnected');
    await inModal(page, '[part~="toast"]').filter({ hasText: 'A problem occurred while trying initialize authentication' }).waitFor();
    assert.equal((await widgetState(page)).view, 'Connect');
    // Back on Connect where the visitor sees it: the dialog open on the Connect view.
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
    assert.deepEqual((await events(page, 'wallet-error')).map((e) => e.detail), [{ code: 'SIWX_INIT_FAILED', message: 'A problem occurred while trying initialize authentication' }]);
  });

  it('connect → SIWXSignMessage → sign → wallet-session authenticated, GET session names the address; a reload keeps it without a signature', async () => {
    const { page } = await e2e.open();
    await useSiwx(page);
    const started = Date.now();
    await connectDevWallet(page);
    await signView(page).waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Sign In');
    assert.deepEqual(await seriousA11yViolationsEverywhere(page), [], 'axe: SIWXSignMessage');
    await signView(page).locator('[data-action="sign"]').click();
    await signPrompt(page, 'approve').click();
    const detail = (await waitForEvent(page, 'wallet-session')) as { status: string; session: { address: string; chainId: string } };
    const wallTime = Date.now() - started;
    assert.equal(detail.status, 'authenticated');
    assert.deepEqual({ address: detail.session.address, chainId: detail.session.chainId }, { address: ACCOUNT_0, chainId: 'eip155:31337' });
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
    const session = (await backendSession(page)) as { address: string; chainId: string };
    assert.deepEqual({ address: session.address, chainId: session.chainId }, { address: ACCOUNT_0, chainId: 'eip155:31337' });
    console.log(`# connect → authenticated wall time with the dev wallet (prompts clicked by the test): ${wallTime} ms`);

    await page.reload();
    await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined && 'devWallet' in window);
    await useSiwx(page);
    const again = (await waitForEvent(page, 'wallet-session')) as { status: string };
    assert.equal(again.status, 'authenticated');
    assert.equal((await widgetState(page)).session?.address, ACCOUNT_0);
    assert.equal(await page.locator('dev-wallet-prompt [data-kind="sign"]').count(), 0, 'no new signature asked');
  });

  for (const recipe of ['spruce', 'reown'] as const) {
    it(`a site's own Auth.js backend written as the ${recipe} SIWE recipe: signed in (the session normalised), kept after a reload, no email-capture call`, async () => {
      const { page } = await e2e.open();
      const origin = new URL(e2e.stack.url).origin;
      const url = await serveRecipe(page, recipe, origin, e2e.stack.chains[0]!.rpcUrl);
      const asked: string[] = [];
      page.on('request', (request) => { if (request.url().startsWith(url)) asked.push(`${request.method()} ${new URL(request.url()).pathname.slice(new URL(url).pathname.length)}`); });
      const setUrl = () => page.evaluate((base) => document.querySelector('wallet-connect-modal')!.setAttribute('siwx-url', base), url);
      await setUrl();
      await connectDevWallet(page);
      await signView(page).locator('[data-action="sign"]').click();
      await signPrompt(page, 'approve').click();
      const detail = (await waitForEvent(page, 'wallet-session')) as { status: string; session: { address: string; chainId: string; expires: string } };
      assert.equal(detail.status, 'authenticated');
      assert.deepEqual({ address: detail.session.address.toLowerCase(), chainId: detail.session.chainId }, { address: ACCOUNT_0.toLowerCase(), chainId: 'eip155:31337' });
      await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
      assert.deepEqual(await events(page, 'wallet-error'), []);
      assert.deepEqual(asked.filter((line) => line.includes('email-capture')), [], 'no email-capture call without siwx-email-capture');

      await page.reload();
      await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined && 'devWallet' in window);
      await setUrl();
      const again = (await waitForEvent(page, 'wallet-session')) as { status: string; session: { chainId: string } };
      assert.equal(again.status, 'authenticated');
      assert.equal(again.session.chainId, 'eip155:31337');
      assert.equal(await page.locator('dev-wallet-prompt [data-kind="sign"]').count(), 0, 'no new signature asked');
    });
  }

  it('the wallet refuses to sign: the toast "Error signing message", still on SIWXSignMessage, no session', async () => {
    const { page } = await e2e.open();
    await useSiwx(page);
    await connectDevWallet(page);
    await signView(page).waitFor();
    await refuseToSign(page);
  });

  it('Cancel without siwx-required closes and keeps the wallet; with it, "Canceling will disconnect you." and the wallet is disconnected', async () => {
    const { page } = await e2e.open();
    await useSiwx(page);
    await connectDevWallet(page);
    await signView(page).waitFor();
    assert.equal(await signView(page).locator('[data-siwx="cancel-disconnects"]').count(), 0);
    await signView(page).locator('[data-action="cancel"]').click();
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
    assert.equal((await widgetState(page)).status, 'connected');
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.disconnect());

    await useSiwx(page, { 'siwx-required': '' });
    await connectDevWallet(page);
    await signView(page).waitFor();
    assert.equal(await signView(page).locator('[data-siwx="cancel-disconnects"]').textContent(), 'Canceling will disconnect you.');
    await page.keyboard.press('Escape');
    assert.equal(await signView(page).count(), 1, 'Escape does not dismiss while required and sessionless');
    await signView(page).locator('[data-action="cancel"]').click();
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.state.status === 'disconnected');
    assert.equal(await backendSession(page), null);
  });
});
