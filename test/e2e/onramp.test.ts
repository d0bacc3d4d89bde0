// Buy with card end to end: the dev wallet connected on the demo page, the Account view's Buy, the sandbox
// provider's page in a popup (its own origin), and the funds arriving on the local chain.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Connection, PublicKey } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { createPublicClient, erc20Abi, http, parseEther } from 'viem';
import { ACCOUNT_0, axeViolations, connectDevWallet, cspViolations, inModal, openModal, seriousA11yViolations, useE2E } from './harness.js';

const TITLE = (page: Page) => inModal(page, '[part="title"]');

describe('buy with card (features=onramp)', () => {
  const e2e = useE2E();
  const ethBalance = () => createPublicClient({ transport: http(e2e.stack.chains.find((c) => c.chainId === 31337)!.rpcUrl) }).getBalance({ address: ACCOUNT_0 });

  /** Connects (EVM unless told), opens Buy, and waits for the form with its first quote. */
  async function openBuy(page: Page, namespace: 'eip155' | 'solana' = 'eip155', quoted = true) {
    await connectDevWallet(page, namespace);
    if (!(await inModal(page, 'dialog[open]').count())) await openModal(page);
    await inModal(page, '[data-action="buy"]').click();
    await TITLE(page).filter({ hasText: 'Buy Crypto' }).waitFor();
    if (quoted) await inModal(page, '.onramp-quote[data-quote="quote"]').waitFor();
  }

  /** Continue: the provider's page opens in a popup on the sandbox's origin. */
  async function continueToProvider(page: Page): Promise<Page> {
    const [popup] = await Promise.all([page.context().waitForEvent('page'), inModal(page, '[data-action="continue"]').click()]);
    await popup.waitForURL((url) => url.origin === new URL(e2e.stack.onrampUrl).origin);
    await popup.locator('input[name="number"]').waitFor();
    return popup;
  }

  async function payWith(popup: Page, card: string) {
    await popup.fill('input[name="number"]', card);
    await popup.fill('input[name="expiry"]', '12/34');
    await popup.fill('input[name="cvc"]', '123');
    await popup.click('button[type="submit"]');
  }

  const toast = (page: Page) => inModal(page, '[part="toast"]');

  it('buys ETH with the success card: the quote, the popup, the chain balance up by the quoted amount, then Account', async () => {
    const { page } = await e2e.open();
    // Observes (and passes on) the widget's window.open calls: the window's name and size.
    await page.evaluate(() => {
      const open = window.open.bind(window);
      const calls: unknown[][] = [];
      (window as unknown as { __opens: unknown[][] }).__opens = calls;
      window.open = (...args: Parameters<typeof window.open>) => { calls.push(args); return open(...args); };
    });
    await openBuy(page);
    assert.equal(await inModal(page, '.onramp-provider').getAttribute('data-provider'), 'Sandbox Pay');
    assert.match((await inModal(page, '.onramp-provider').textContent())!, /Fee 1\.5%.*Card, Bank account/);
    assert.equal(await inModal(page, '#onramp-buy-value').textContent(), 'ETH · Local Chain A');
    assert.equal(await inModal(page, '.onramp-quote [data-receive]').textContent(), '0.049125 ETH');
    assert.match((await inModal(page, '.onramp-quote').textContent())!, /Provider fee1\.50 USDNetwork fee0\.25 USDTotal100\.00 USD/);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: OnRampProviders with a quote');
    const before = await ethBalance();

    const popup = await continueToProvider(page);
    await TITLE(page).filter({ hasText: 'Buy' }).waitFor();
    await inModal(page, '.onramp-progress').waitFor();
    assert.match((await inModal(page, '.onramp-progress').textContent())!, /Complete your purchase in the Sandbox Pay window\./);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: BuyInProgress');
    assert.equal(await popup.evaluate(() => window.opener), null, 'the provider page has no opener');
    assert.deepEqual(await page.evaluate(() => (window as unknown as { __opens: unknown[][] }).__opens), [['', 'wallet-connect-modal-onramp', 'width=600,height=800,scrollbars=yes']]);
    assert.match((await popup.locator('[data-receive]').textContent())!, /^0\.049125 ETH$/);

    const axe = async (what: string) => {
      const violations = await axeViolations(popup);
      assert.deepEqual(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), [], `axe: ${what}`);
    };
    await axe('the sandbox payment page');
    await payWith(popup, '4242 4242 4242 4242');
    await popup.locator('[role="status"]').filter({ hasText: 'Payment complete: 0.049125 ETH sent.' }).waitFor();
    await axe('the sandbox receipt');
    assert.deepEqual(await cspViolations(popup), [], 'no CSP violation on the provider page');
    await toast(page).filter({ hasText: '0.049125 ETH received' }).waitFor();
    await TITLE(page).filter({ hasText: 'Account' }).waitFor();
    assert.equal(await ethBalance(), before + parseEther('0.049125'));
    await popup.close();
  });

  it('buys LUSD (a token): the arrival is noticed through the service balances', async () => {
    const { page } = await e2e.open();
    await openBuy(page);
    await inModal(page, '[data-action="pick-currency"]').click();
    await inModal(page, '[data-option="LUSD"]').click();
    await inModal(page, '.onramp-quote [data-receive]').filter({ hasText: '98.25 LUSD' }).waitFor();
    const lusd = e2e.stack.seeded.find((s) => s.chainId === 31337)!.usdToken;
    const balance = () => createPublicClient({ transport: http(e2e.stack.chains.find((c) => c.chainId === 31337)!.rpcUrl) }).readContract({ address: lusd, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT_0] });
    const before = await balance();
    const popup = await continueToProvider(page);
    await payWith(popup, '4242 4242 4242 4242');
    await toast(page).filter({ hasText: '98.25 LUSD received' }).waitFor();
    assert.equal(await balance(), before + 98_250_000n);
    await popup.close();
  });

  it('a declined card moves nothing; closing the window then returns to Account and says so', async () => {
    const { page } = await e2e.open();
    await openBuy(page);
    const before = await ethBalance();
    const popup = await continueToProvider(page);
    await payWith(popup, '4000 0000 0000 0002');
    await popup.locator('[role="alert"]').filter({ hasText: 'Your card was declined. No money was taken.' }).waitFor();
    // Still waiting: a decline is not the end of the purchase (another card may follow).
    assert.equal(await inModal(page, '.onramp-progress').count(), 1);
    await popup.close();
    await toast(page).filter({ hasText: 'The Sandbox Pay window was closed before the funds arrived.' }).waitFor();
    await TITLE(page).filter({ hasText: 'Account' }).waitFor();
    assert.equal(await ethBalance(), before);
  });

  it('the window closed midway (before paying): back to Account, nothing bought', async () => {
    const { page } = await e2e.open();
    await openBuy(page);
    const before = await ethBalance();
    const popup = await continueToProvider(page);
    await popup.close();
    await toast(page).filter({ hasText: 'The Sandbox Pay window was closed before the funds arrived.' }).waitFor();
    await TITLE(page).filter({ hasText: 'Account' }).waitFor();
    assert.equal(await ethBalance(), before);
  });

  it('a blocked window leaves a link; the purchase made through it is noticed by the balance', async () => {
    const { page, context } = await e2e.open();
    await page.evaluate(() => { window.open = () => null; });
    await openBuy(page);
    await inModal(page, '[data-action="continue"]').click();
    const link = inModal(page, 'a[data-action="open-provider"]');
    await link.waitFor();
    assert.match((await inModal(page, '.onramp-progress').textContent())!, /Your browser blocked the Sandbox Pay window\. Open it here:/);
    assert.equal(await link.textContent(), 'Open Sandbox Pay');
    assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
    assert.equal(new URL((await link.getAttribute('href'))!).origin, new URL(e2e.stack.onrampUrl).origin);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: BuyInProgress with a blocked window');
    const before = await ethBalance();
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await payWith(tab, '4242424242424242');
    await tab.locator('[role="status"]').waitFor();
    await toast(page).filter({ hasText: '0.049125 ETH received' }).waitFor();
    assert.equal(await ethBalance(), before + parseEther('0.049125'));
    await tab.close();
  });

  it('amount limits per method (docs/specification.md#constants) with their messages; the pickers; EUR quotes', async () => {
    const { page } = await e2e.open();
    await openBuy(page);
    const amount = inModal(page, '#onramp-amount');
    const error = inModal(page, '#onramp-amount-error');
    await amount.fill('9.99');
    await error.filter({ hasText: 'The minimum amount is 10.00 USD' }).waitFor();
    assert.equal(await inModal(page, '[data-action="continue"]').isDisabled(), true);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: OnRampProviders with an amount error');
    await amount.fill('7500.01');
    await error.filter({ hasText: 'The maximum amount is 7500.00 USD' }).waitFor();
    await inModal(page, 'input[name="method"][value="ach_bank_account"]').check();
    await error.waitFor({ state: 'detached' });
    await amount.fill('25000.01');
    await error.filter({ hasText: 'The maximum amount is 25000.00 USD' }).waitFor();
    await amount.fill('');
    await error.filter({ hasText: 'Enter an amount' }).waitFor();
    await amount.fill('100');
    await inModal(page, '.onramp-quote[data-quote="quote"]').waitFor();

    await inModal(page, '[data-action="pick-fiat"]').click();
    await TITLE(page).filter({ hasText: 'Select Currency' }).waitFor();
    assert.deepEqual(await inModal(page, '.onramp-picker [data-option]').evaluateAll((els) => els.map((e) => e.getAttribute('data-option'))), ['USD', 'EUR']);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: OnRampFiatSelect');
    await inModal(page, '[data-option="EUR"]').click();
    await TITLE(page).filter({ hasText: 'Buy Crypto' }).waitFor();
    await inModal(page, '.onramp-quote [data-receive]').filter({ hasText: '0.053055 ETH' }).waitFor();

    await inModal(page, '[data-action="pick-currency"]').click();
    await TITLE(page).filter({ hasText: 'Select Token' }).waitFor();
    assert.deepEqual(await inModal(page, '.onramp-picker [data-option]').evaluateAll((els) => els.map((e) => e.getAttribute('data-option'))), ['ETH', 'LUSD']);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: OnRampTokenSelect');
    await inModal(page, '[data-option="LUSD"]').click();
    // 100 EUR less 1.50 and 0.25, at 1.08 USD per EUR: 106.11 LUSD.
    await inModal(page, '.onramp-quote [data-receive]').filter({ hasText: '106.11 LUSD' }).waitFor();
  });

  it('options call fails on a local chain: the built-in defaults name Ethereum and Polygon only, so buying is said to be unavailable here (no USDC on Ethereum offered)', async () => {
    const { page } = await e2e.open();
    await page.route('**/v1/onramp/options**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await openBuy(page, 'eip155', false);
    await inModal(page, '[data-notice="unavailable"]').filter({ hasText: 'Buying is not available on Local Chain A.' }).waitFor();
    assert.equal(await inModal(page, '[data-notice="defaults"]').count(), 0);
    await inModal(page, '[data-action="pick-currency"]').click();
    assert.deepEqual(await inModal(page, '.onramp-picker [data-option]').evaluateAll((els) => els.map((e) => e.getAttribute('data-option'))), []);
  });

  it('quote call fails: an estimate from the price, labelled as one (never a 1:1 quote); in EUR "Quote unavailable"', async () => {
    const { page } = await e2e.open();
    await page.route('**/v1/onramp/quote**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await openBuy(page, 'eip155', false);
    await inModal(page, '.onramp-quote[data-quote="estimate"]').waitFor();
    // 100 USD at 2000 USD per ETH, fees not included.
    assert.equal(await inModal(page, '.onramp-quote [data-receive]').textContent(), '≈ 0.05 ETH');
    assert.match((await inModal(page, '.onramp-quote').textContent())!, /^You receiveEstimate ≈ 0\.05 ETHEstimate from the current price: the provider’s quote is unavailable, and its fees are not included\.$/);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: OnRampProviders with an estimate');
    await inModal(page, '[data-action="pick-fiat"]').click();
    await inModal(page, '[data-option="EUR"]').click();
    await inModal(page, '.onramp-quote[data-quote="unavailable"]').filter({ hasText: 'Quote unavailable' }).waitFor();
  });

  it('on Solana: buys SOL with the success card; the lamports rise by the quoted amount', async () => {
    const { page } = await e2e.open();
    await openBuy(page, 'solana');
    assert.equal(await inModal(page, '#onramp-buy-value').textContent(), 'SOL · Solana Local');
    assert.equal(await inModal(page, '.onramp-quote [data-receive]').textContent(), '0.655 SOL');
    const address = (await page.evaluate(() => document.querySelector('wallet-connect-modal')!.state.address))!;
    const conn = new Connection(e2e.stack.solana.rpcUrl, 'confirmed');
    const before = BigInt(await conn.getBalance(new PublicKey(address)));
    const popup = await continueToProvider(page);
    await payWith(popup, '4242 4242 4242 4242');
    await popup.locator('[role="status"]').filter({ hasText: 'Payment complete: 0.655 SOL sent.' }).waitFor();
    await toast(page).filter({ hasText: '0.655 SOL received' }).waitFor();
    assert.equal(BigInt(await conn.getBalance(new PublicKey(address))), before + 655_000_000n);
    await popup.close();
  });
});
