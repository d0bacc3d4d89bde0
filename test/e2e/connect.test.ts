import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPublicClient, http } from 'viem';
import {
  ACCOUNT_0, ACCOUNT_1, DEV_WALLET_ID,
  chooseDevWallet, connectDevWallet, devWalletEntry, events, inModal, openModal, seriousA11yViolations, useE2E, waitForEvent, widgetState,
} from './harness.js';

const connector = { id: DEV_WALLET_ID, name: 'Dev Wallet', type: 'injected' };

describe('connect a browser-extension wallet (dev wallet) on the local chain', () => {
  const e2e = useE2E();

  it('lists the announced wallet, connects through its prompt and fires wallet-connect with the exact detail', async () => {
    // A visitor with no motion preference: the panel's height moves between views, and each press waits for it.
    const { page } = await e2e.open({ motion: 'no-preference' });
    await openModal(page);
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Connect Wallet');
    assert.deepEqual(await waitForEvent(page, 'wallet-open'), { view: 'Connect' });
    assert.equal((await devWalletEntry(page).textContent())?.trim(), 'Dev WalletInstalled');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Connect');

    await chooseDevWallet(page, 'eip155');
    await inModal(page, '.connecting[data-state="pending"]').waitFor();
    assert.equal(await inModal(page, '.connecting .status').textContent(), 'Continue in Dev Wallet');
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Dev Wallet');
    assert.equal((await widgetState(page)).status, 'connecting');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: ConnectingExternal');

    await page.locator('dev-wallet-prompt [data-kind="connect"] [data-action="approve"]').click();
    const detail = await waitForEvent(page, 'wallet-connect');
    assert.deepEqual(detail, { address: ACCOUNT_0, caipAddress: `eip155:31337:${ACCOUNT_0}`, chainId: 'eip155:31337', namespace: 'eip155', connector });
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
    assert.deepEqual(await waitForEvent(page, 'wallet-close'), { view: 'ConnectingExternal' });
    const state = await widgetState(page);
    assert.equal(state.status, 'connected');
    assert.equal(state.caipAddress, `eip155:31337:${ACCOUNT_0}`);
    assert.equal(state.supported, true);

    // The host uses the connected provider itself.
    const chainId = await page.evaluate(() => document.querySelector('wallet-connect-modal')!.getProvider('eip155')!.request({ method: 'eth_chainId' }));
    assert.equal(chainId, '0x7a69');
  });

  it('shows the account: truncated address, full address on copy, network, and the balance the chain reports', async () => {
    const { page, context } = await e2e.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await connectDevWallet(page);
    await openModal(page);
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Account');
    assert.equal(await inModal(page, '[part="address"]').textContent(), '0xf39F…2266');
    const chain = e2e.stack.chains.find((c) => c.chainId === 31337)!;
    const onChain = await createPublicClient({ transport: http(chain.rpcUrl) }).getBalance({ address: ACCOUNT_0 });
    const shown = inModal(page, '[part="balance"] [data-balance]');
    await shown.waitFor();
    assert.equal(await shown.getAttribute('data-balance'), onChain.toString());
    assert.match((await shown.textContent())!, / ETH$/);
    assert.equal((await inModal(page, '[data-action="switch-network"] .list-label').textContent()), 'Local Chain A');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Account');

    await inModal(page, '[data-action="copy"]').click();
    await inModal(page, '[part="toast"]').waitFor();
    assert.equal(await inModal(page, '[part="toast"]').textContent(), 'Address copied');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), ACCOUNT_0);
  });

  it('shows "Connection rejected" with a retry when the wallet refuses, and the retry connects', async () => {
    const { page } = await e2e.open();
    await openModal(page);
    await chooseDevWallet(page);
    await page.locator('dev-wallet-prompt [data-kind="connect"] [data-action="reject"]').click();
    await inModal(page, '.connecting[data-state="error"]').waitFor();
    assert.equal(await inModal(page, '.connecting .status').textContent(), 'Connection rejected');
    assert.deepEqual(await waitForEvent(page, 'wallet-error'), { code: 'CONNECTION_REJECTED', message: 'Connection rejected' });
    assert.equal((await widgetState(page)).status, 'disconnected');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: ConnectingExternal (error)');

    await inModal(page, 'button:has-text("Try again")').click();
    await page.locator('dev-wallet-prompt [data-kind="connect"] [data-action="approve"]').click();
    assert.equal((await waitForEvent(page, 'wallet-connect') as { address: string }).address, ACCOUNT_0);
  });

  it('abandons the attempt cleanly when the visitor goes back while the wallet is asking', async () => {
    const { page } = await e2e.open();
    await openModal(page);
    await chooseDevWallet(page);
    await page.locator('dev-wallet-prompt [data-kind="connect"]').waitFor();
    // The dev wallet's prompt is a modal dialog above ours (a real extension asks in its own window), so the
    // page is inert for the pointer while it asks: press our back button from inside the page instead.
    await inModal(page, '[part="back-button"]').evaluate((button) => (button as HTMLButtonElement).click());
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Connect Wallet');
    assert.equal((await widgetState(page)).status, 'disconnected');
    // The wallet approving afterwards does not connect the abandoned attempt. The connection would follow the
    // wallet's answer to eth_chainId, which the connector asks right after the accounts: wait for that answer.
    await page.locator('dev-wallet-prompt [data-kind="connect"] [data-action="approve"]').click();
    await page.waitForFunction(() => {
      const methods = (window as unknown as { devWallet: { log: { method: string }[] } }).devWallet.log.map((l) => l.method);
      return methods.indexOf('eth_chainId', methods.indexOf('eth_requestAccounts')) > methods.indexOf('eth_requestAccounts');
    });
    assert.equal((await widgetState(page)).status, 'disconnected');
    assert.deepEqual(await events(page, 'wallet-connect'), []);
  });

  it("Escape in the wallet's prompt refuses, and focus comes back inside the modal (on Retry), not to the page body", async () => {
    const { page } = await e2e.open();
    await openModal(page);
    await chooseDevWallet(page);
    await page.locator('dev-wallet-prompt [data-kind="connect"]').waitFor();
    await page.keyboard.press('Escape');
    await inModal(page, '[part="body"] [role="alert"]').waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'WALLET-CONNECT-MODAL', undefined, { timeout: 3000 }).catch(() => {});
    const focused = await page.evaluate(() => {
      const host = document.activeElement;
      const inner = host?.shadowRoot?.activeElement;
      return { host: host?.tagName, inner: inner?.textContent };
    });
    assert.deepEqual(focused, { host: 'WALLET-CONNECT-MODAL', inner: 'Try again' });
  });

  it('closing is not cancelling: a connection the wallet approves after the modal closed is made, and the modal stays closed', async () => {
    const { page } = await e2e.open();
    await openModal(page);
    await chooseDevWallet(page);
    await page.locator('dev-wallet-prompt [data-kind="connect"]').waitFor();
    // The prompt makes the page inert for the pointer: press our ✕ from inside the page.
    await inModal(page, '[part="close-button"]').evaluate((button) => (button as HTMLButtonElement).click());
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.state.open);
    assert.equal((await widgetState(page)).status, 'connecting');
    await page.locator('dev-wallet-prompt [data-kind="connect"] [data-action="approve"]').click();
    assert.deepEqual(await waitForEvent(page, 'wallet-connect'), { address: ACCOUNT_0, caipAddress: `eip155:31337:${ACCOUNT_0}`, chainId: 'eip155:31337', namespace: 'eip155', connector });
    const state = await widgetState(page);
    assert.equal(state.status, 'connected');
    assert.equal(state.open, false);
    assert.equal((await events(page, 'wallet-open')).length, 1, 'not reopened');
  });

  it('restores the connection after a reload without a prompt, and disconnect forgets it', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    await page.reload();
    await page.waitForFunction(() => 'devWallet' in window);
    const detail = await waitForEvent(page, 'wallet-connect');
    assert.deepEqual(detail, { address: ACCOUNT_0, caipAddress: `eip155:31337:${ACCOUNT_0}`, chainId: 'eip155:31337', namespace: 'eip155', connector });
    const log = await page.evaluate(() => (window as unknown as { devWallet: { log: { method: string }[] } }).devWallet.log.map((l) => l.method));
    assert.ok(!log.includes('eth_requestAccounts'), `no connection prompt after reload (wallet saw ${log.join(', ')})`);
    assert.ok(log.includes('eth_accounts'));
    assert.equal(await page.locator('dev-wallet-prompt').count(), 0);

    await openModal(page);
    await inModal(page, '[data-action="disconnect"]').click();
    assert.deepEqual(await waitForEvent(page, 'wallet-disconnect'), { namespace: 'eip155' });
    assert.equal((await widgetState(page)).status, 'disconnected');
    await page.reload();
    await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined && 'devWallet' in window);
    // A remembered connection is restored from the moment the element connects (status `reconnecting` at
    // once, then eth_accounts): after disconnect there is none to restore, so nothing started.
    assert.equal((await widgetState(page)).status, 'disconnected');
    const afterReload = await page.evaluate(() => (window as unknown as { devWallet: { log: { method: string }[] } }).devWallet.log.map((l) => l.method));
    assert.ok(!afterReload.includes('eth_accounts'), `no restore attempt (wallet saw ${afterReload.join(', ')})`);
    assert.deepEqual(await events(page, 'wallet-connect'), []);
  });

  it('follows account changes made in the wallet', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    await page.evaluate(() => (window as unknown as { devWallet: { setAccount(i: number): void } }).devWallet.setAccount(1));
    assert.deepEqual(await waitForEvent(page, 'wallet-account-change'), { address: ACCOUNT_1, caipAddress: `eip155:31337:${ACCOUNT_1}`, namespace: 'eip155' });
    assert.equal((await widgetState(page)).address, ACCOUNT_1);
  });
});
