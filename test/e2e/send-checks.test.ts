// Send refuses, before review and without asking the wallet, what cannot work: the whole native
// balance (nothing left for the fee), a mistyped checksum, the zero address; "Max" leaves the fee and sends;
// amounts are read in the page's `lang`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createPublicClient, formatEther, http, parseEther } from 'viem';
import { ACCOUNT_0, ACCOUNT_1, connectDevWallet, events, inModal, openModal, useE2E, waitForEvent } from './harness.js';
import { chooseToken, fieldMessage } from './send-support.js';

const NATIVE = 'eip155:31337:native';

describe('Send checks before review, Max, and amounts in the locale', () => {
  const e2e = useE2E();
  const ltk = () => e2e.stack.seeded.find((s) => s.chainId === 31337)!.tokens.find((t) => t.symbol === 'LTK')!;
  const client = () => createPublicClient({ transport: http(e2e.stack.chains.find((c) => c.chainId === 31337)!.rpcUrl) });

  async function sendForm(page: Page, token: string, amount: string, receiver: string, lang?: string) {
    await connectDevWallet(page);
    // The page's language from here on (the connection above is the English harness's).
    if (lang) await page.evaluate((l) => document.querySelector('wallet-connect-modal')!.setAttribute('lang', l), lang);
    await openModal(page);
    await inModal(page, '[data-action="send"]').click();
    await chooseToken(page, token);
    await inModal(page, 'input[name="amount"]').fill(amount);
    await inModal(page, 'input[name="receiver"]').fill(receiver);
    await inModal(page, 'button[type="submit"]').click();
  }

  const walletAsked = async (page: Page) => {
    const log = (await page.evaluate('window.devWallet.log.map((entry) => entry.method)')) as string[];
    return log.includes('eth_sendTransaction');
  };

  async function refusedBeforeReview(page: Page) {
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Send', 'still on Send');
    assert.equal(await inModal(page, '[data-action="confirm-send"]').count(), 0);
    assert.equal(await walletAsked(page), false, 'the wallet was not asked');
    assert.deepEqual(await events(page, 'wallet-transaction'), []);
  }

  it('the whole ETH balance is refused before review: the fee would not fit', async () => {
    const { page } = await e2e.open();
    const balance = await client().getBalance({ address: ACCOUNT_0 });
    await sendForm(page, NATIVE, formatEther(balance), ACCOUNT_1);
    assert.match((await fieldMessage(page, 'amount'))!, /^Not enough ETH for this amount and the network fee: keep about 0\.0000\d+ ETH for the fee$/);
    await refusedBeforeReview(page);
  });

  it('an address with a wrong checksum is named as such; the zero address is refused', async () => {
    const { page } = await e2e.open();
    const typo = ACCOUNT_1.replace('C51812dc3A010C7d01b50e0d17dc79C8', 'c51812dc3A010C7d01b50e0d17dc79C8');
    await sendForm(page, `eip155:31337:${ltk().address}`, '1', typo);
    assert.equal(await fieldMessage(page, 'receiver'), 'This address has a typo: its mix of capital and small letters (its checksum) does not match');
    await refusedBeforeReview(page);
    await inModal(page, 'input[name="receiver"]').fill(`0x${'0'.repeat(40)}`);
    await inModal(page, '#send-receiver-error').waitFor({ state: 'detached' });
    await inModal(page, 'button[type="submit"]').click();
    assert.equal(await fieldMessage(page, 'receiver'), 'This is the zero address: anything sent there is lost for good');
    await refusedBeforeReview(page);
  });

  it('with lang="de", "1,5" is 1.5', async () => {
    const { page } = await e2e.open();
    await sendForm(page, `eip155:31337:${ltk().address}`, '1,5', ACCOUNT_1, 'de');
    await inModal(page, '.review-amount').waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Überweisung prüfen');
    assert.equal(await inModal(page, '.review-amount').getAttribute('data-amount'), '1500000000000000000');
    assert.equal(await inModal(page, '.review-amount').textContent(), '1,5 LTK');
  });

  // Last: it leaves the account with almost no ETH.
  it('Max leaves the fee for ETH, and the transfer goes through', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    await openModal(page);
    await inModal(page, '[data-action="send"]').click();
    await chooseToken(page, NATIVE);
    await inModal(page, 'input[name="receiver"]').fill(ACCOUNT_1);
    await inModal(page, '[data-action="max"]').click();
    await page.waitForFunction(() => (document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelector<HTMLInputElement>('input[name="amount"]')!.value) !== '');
    const amount = await inModal(page, 'input[name="amount"]').inputValue();
    const balance = await client().getBalance({ address: ACCOUNT_0 });
    const wei = parseEther(amount);
    assert.ok(wei < balance && balance - wei < 10n ** 15n, `Max (${amount}) is the balance (${formatEther(balance)}) less a small fee reserve`);
    await inModal(page, 'button[type="submit"]').click();
    await inModal(page, '[part="title"]:has-text("Review Send")').waitFor();
    await inModal(page, '[data-total]').waitFor();
    await inModal(page, '[data-action="confirm-send"]:not([disabled])').click();
    await page.locator('dev-wallet-prompt [data-kind="send"] [data-action="approve"]').click();
    const pending = (await waitForEvent(page, 'wallet-transaction')) as { hash: string };
    assert.deepEqual(await waitForEvent(page, 'wallet-transaction', 2), { status: 'confirmed', hash: pending.hash, chainId: 'eip155:31337', kind: 'native-transfer' });
    const left = await client().getBalance({ address: ACCOUNT_0 });
    assert.ok(left > 0n && left < 10n ** 15n, `a little ETH is left (${formatEther(left)})`);
  });
});
