// Get a name with the dev wallet against the stack: the Names view, one signature, the name
// written to ENS on the local chain by the wallet data API, shown in the Account view and announced to the
// host; sending to it by name; a refused signature and a name taken between check and registration.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createPublicClient, http, parseEther } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC } from '../../server/chain/clients.js';
import { ACCOUNT_0, connectDevWallet, events, inModal, openModal, seriousA11yViolations, seriousA11yViolationsEverywhere, useE2E, waitForEvent } from './harness.js';
import { chooseToken } from './send-support.js';

const account = (index: number) => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });

describe('Get a name with the dev wallet (features=names)', () => {
  const e2e = useE2E();
  const client = () => createPublicClient({ transport: http(e2e.stack.chains.find((c) => c.chainId === 31337)!.rpcUrl) });

  /** Connects the dev wallet, moves it to account `index` (no name), and opens Get a name. */
  async function namesView(page: Page, index: number) {
    await connectDevWallet(page);
    await page.evaluate((i) => (window as unknown as { devWallet: { setAccount(i: number): void } }).devWallet.setAccount(i), index);
    await waitForEvent(page, 'wallet-account-change');
    if (!(await page.evaluate(() => document.querySelector('wallet-connect-modal')!.state.open))) await openModal(page);
    await inModal(page, '[data-action="get-name"]').click();
    await inModal(page, '[data-view="RegisterAccountName"]').waitFor();
  }
  const status = (page: Page) => inModal(page, '#name-status');
  const typeAndWait = async (page: Page, label: string, expected: string) => {
    await inModal(page, '#name-input').fill(label);
    await status(page).filter({ hasText: expected }).waitFor();
  };
  const signPrompt = (page: Page, action: 'approve' | 'reject') => page.locator(`dev-wallet-prompt [data-kind="sign"] [data-action="${action}"]`).click();

  it('registers a name: one signature, no transaction; Account, the host event and the chain have it; another account sends to it by name', async () => {
    const { page, requests } = await e2e.open();
    const visitor = account(4);
    await namesView(page, 4);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: empty');
    await typeAndWait(page, 'visitor-four', 'visitor-four.reown.id is available');
    assert.deepEqual(await seriousA11yViolationsEverywhere(page), [], 'axe: available');
    await inModal(page, '[data-action="register"]').click();
    await signPrompt(page, 'approve');
    assert.deepEqual(await waitForEvent(page, 'wallet-name'), { name: 'visitor-four.reown.id', address: visitor.address, caipAddress: `eip155:31337:${visitor.address}` });
    await inModal(page, '[part="profile-name"]').filter({ hasText: 'visitor-four.reown.id' }).waitFor();
    // The host's own page (the account button outside the modal) shows it too.
    await page.locator('wallet-connect-button').filter({ hasText: 'visitor-four.reown.id' }).waitFor();
    const methods = (await page.evaluate('window.devWallet.log.map((entry) => entry.method)')) as string[];
    assert.ok(methods.includes('personal_sign'));
    assert.ok(!methods.includes('eth_sendTransaction'), 'no transaction');
    assert.equal(await inModal(page, '[data-action="get-name"]').count(), 0, 'no Get a name once named');
    // The identity cache holds the name: it was not asked again (no 5-minute wait, no stale "no name").
    assert.equal(requests.filter((url) => url.includes(`/v1/identity/${visitor.address}`)).length, 1);
    const ens = e2e.stack.seeded.find((s) => s.chainId === 31337)!.ens;
    assert.equal(await client().getEnsAddress({ name: 'visitor-four.reown.id', universalResolverAddress: ens.universalResolver }), visitor.address);

    // The dev account (account 0) sends to the name; the review shows the address it resolved to.
    await page.evaluate(() => (window as unknown as { devWallet: { setAccount(i: number): void } }).devWallet.setAccount(0));
    await waitForEvent(page, 'wallet-account-change', 2);
    await inModal(page, '[part="profile-name"]').filter({ hasText: 'dev.eth' }).waitFor();
    const before = await client().getBalance({ address: visitor.address });
    await inModal(page, '[data-action="send"]').click();
    await chooseToken(page, 'eip155:31337:native');
    await inModal(page, 'input[name="amount"]').fill('0.5');
    await inModal(page, 'input[name="receiver"]').fill('visitor-four.reown.id');
    await inModal(page, 'button[type="submit"]').click();
    const to = inModal(page, `[data-to="${visitor.address}"]`);
    await to.waitFor();
    assert.equal(await to.textContent(), `visitor-four.reown.id (${visitor.address.slice(0, 6)}…${visitor.address.slice(-4)})`);
    await inModal(page, '[data-action="confirm-send"]').click();
    await page.locator('dev-wallet-prompt [data-kind="send"] [data-action="approve"]').click();
    const sent = await waitForEvent(page, 'wallet-transaction');
    assert.equal((sent as { status: string }).status, 'pending');
    await page.waitForFunction(() => (window as unknown as { __events: { type: string; detail: { status: string } }[] }).__events.some((e) => e.type === 'wallet-transaction' && e.detail.status === 'confirmed'));
    assert.equal((await client().getBalance({ address: visitor.address })) - before, parseEther('0.5'));
    assert.notEqual(visitor.address, ACCOUNT_0);
  });

  it('a refused signature: a clear message in the view and a wallet-error; nothing registered, Register offered again', async () => {
    const { page } = await e2e.open();
    await namesView(page, 5);
    await typeAndWait(page, 'visitor-five', 'visitor-five.reown.id is available');
    await inModal(page, '[data-action="register"]').click();
    await signPrompt(page, 'reject');
    const alert = inModal(page, '[role="alert"][data-name-error]');
    await alert.waitFor();
    assert.equal(await alert.textContent(), 'The signature was declined in the wallet.');
    assert.deepEqual(await waitForEvent(page, 'wallet-error'), { code: 'USER_REJECTED', message: 'The signature was declined in the wallet.' });
    assert.equal(await inModal(page, '[data-action="register"]').isEnabled(), true);
    assert.deepEqual(await events(page, 'wallet-name'), []);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: refused');
    const res = await fetch(`${e2e.stack.apiUrl.replace(/\/$/, '')}/v1/profile/account/visitor-five.reown.id?projectId=p&st=t&sv=t`);
    assert.equal(res.status, 404, 'nothing registered');
  });

  it('a name taken between the check and the registration: the reason, a wallet-error, and free names to pick', async () => {
    const { page } = await e2e.open();
    await namesView(page, 6);
    await typeAndWait(page, 'grabbed', 'grabbed.reown.id is available');
    // Someone else registers it meanwhile, straight through the API.
    const other = account(7);
    const message = JSON.stringify({ name: 'grabbed.reown.id', attributes: {}, timestamp: Math.floor(Date.now() / 1000) });
    const res = await fetch(`${e2e.stack.apiUrl.replace(/\/$/, '')}/v1/profile/account`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ coin_type: (0x80000000 | 31337) >>> 0, address: other.address, message, signature: await other.signMessage({ message }) }),
    });
    assert.equal(res.status, 200);
    await inModal(page, '[data-action="register"]').click();
    await signPrompt(page, 'approve');
    const alert = inModal(page, '[role="alert"][data-name-error]');
    await alert.waitFor();
    assert.equal(await alert.textContent(), 'grabbed.reown.id was just taken. Choose another name.');
    assert.deepEqual(await waitForEvent(page, 'wallet-error'), { code: 'NAME_TAKEN', message: 'grabbed.reown.id was just taken. Choose another name.' });
    await status(page).filter({ hasText: 'grabbed.reown.id is taken' }).waitFor();
    const suggestions = await inModal(page, '[data-suggestion]').allTextContents();
    assert.ok(suggestions.length > 0 && suggestions.every((s) => /^[a-z0-9-]+\.reown\.id$/.test(s) && s !== 'grabbed.reown.id' && s.includes('grabbed')), suggestions.join());
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: taken, with suggestions');
    assert.equal(await inModal(page, '[data-action="register"]').isEnabled(), false);
  });

  it('Get a name is absent on Solana', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page, 'solana');
    await openModal(page);
    await inModal(page, '[data-action="switch-network"]').waitFor();
    await inModal(page, '[part="balance"] [data-balance]').waitFor();
    assert.equal(await inModal(page, '[data-action="get-name"]').count(), 0);
  });
});
