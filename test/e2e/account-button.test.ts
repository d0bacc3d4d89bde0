import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createPublicClient, http } from 'viem';
import { formatTokenAmount } from '../../src/core/format.js';
import { ACCOUNT_0, chooseDevWallet, cspViolations, inModal, useE2E, waitForEvent } from './harness.js';

const ACCOUNT_2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

/** The demo's <wallet-connect-button> (id "open"): playwright's CSS engine pierces its open shadow root. */
const accountButton = (page: Page) => page.locator('wallet-connect-button#open button[part~="button"]');
const buttonPart = (page: Page, name: string) => page.locator(`wallet-connect-button#open [part~="${name}"]`);

async function openAccountFromButton(page: Page) {
  await accountButton(page).click();
  await inModal(page, 'dialog[open] [part="title"]').waitFor();
  assert.equal(await inModal(page, '[part="title"]').textContent(), 'Account');
}

describe('the account button on the demo page', () => {
  const e2e = useE2E();

  it('connects through the button, shows the account, and the balance from the chain once the modal read it, and reads "Connect Wallet" again after disconnecting', async () => {
    const { page, errors } = await e2e.open();
    const button = accountButton(page);
    await button.waitFor();
    assert.equal(await button.textContent(), 'Connect Wallet');
    assert.equal(await button.getAttribute('aria-haspopup'), 'dialog');

    await button.click();
    await inModal(page, 'dialog[open] [part="title"]').waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Connect Wallet');
    await chooseDevWallet(page);
    await page.waitForFunction(() => document.querySelector('wallet-connect-button')!.shadowRoot!.textContent === 'Connecting…');
    await page.locator('dev-wallet-prompt [data-kind="connect"] [data-action="approve"]').click();
    await waitForEvent(page, 'wallet-connect');

    // The modal closed on connecting, before any view read the account: the button shows the short address and
    // no balance, as it starts no read of its own.
    const textOf = () => page.evaluate(() => document.querySelector('wallet-connect-button')!.shadowRoot!.querySelector('button')!.textContent);
    await page.waitForFunction(() => document.querySelector('wallet-connect-button')!.shadowRoot!.querySelector('[part~="address"]'));
    assert.equal(await textOf(), '0xf39F…2266');
    assert.equal(await button.getAttribute('title'), ACCOUNT_0);

    // Pressed while connected, it opens the Account view; what that view reads (account #0's ENS name from the
    // wallet data API, the balance from the chain) the button shows too, after the modal is closed.
    const chain = e2e.stack.chains.find((c) => c.chainId === 31337)!;
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    const balance0 = `${formatTokenAmount(await client.getBalance({ address: ACCOUNT_0 }), 18)} ETH`;
    await openAccountFromButton(page);
    await page.waitForFunction((expected) => document.querySelector('wallet-connect-button')!.shadowRoot!.querySelector('button')!.textContent === expected, `dev.eth, Balance: ${balance0}`);
    assert.equal(await buttonPart(page, 'profile-name').textContent(), 'dev.eth');
    await inModal(page, '[part="close-button"]').click();
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
    assert.equal(await textOf(), `dev.eth, Balance: ${balance0}`);

    // Another account, chosen in the wallet while the modal is closed: its short address, and its own balance.
    await page.evaluate(() => (window as unknown as { devWallet: { setAccount(i: number): void } }).devWallet.setAccount(2));
    await waitForEvent(page, 'wallet-account-change');
    await page.waitForFunction(() => document.querySelector('wallet-connect-button')!.shadowRoot!.querySelector('[part~="address"]')?.textContent === '0x3C44…93BC');

    assert.equal(await button.getAttribute('title'), ACCOUNT_2);
    const balance2 = `${formatTokenAmount(await client.getBalance({ address: ACCOUNT_2 }), 18)} ETH`;
    // Never account #0's balance beside account #2 (a balance is shown for the account and chain it was read for).
    if (balance2 !== balance0) assert.ok(!(await textOf())!.includes(balance0), await textOf() ?? '');
    await openAccountFromButton(page);
    await page.waitForFunction((expected) => document.querySelector('wallet-connect-button')!.shadowRoot!.querySelector('button')!.textContent === expected, `0x3C44…93BC, Balance: ${balance2}`);
    assert.equal(await buttonPart(page, 'address').textContent(), '0x3C44…93BC');

    // Disconnect in the Account view brings "Connect Wallet" back.
    await inModal(page, '[data-action="disconnect"]').click();
    await waitForEvent(page, 'wallet-disconnect');
    await page.waitForFunction(() => document.querySelector('wallet-connect-button')!.shadowRoot!.querySelector('button')!.textContent === 'Connect Wallet');
    assert.equal(await buttonPart(page, 'balance').count(), 0);
    assert.deepEqual(await cspViolations(page), []);
    assert.deepEqual(errors, []);
  });
});
