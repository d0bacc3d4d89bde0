import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ACCOUNT_0, connectDevWallet, inModal, openModal, seriousA11yViolations, useE2E, waitForEvent } from './harness.js';

const CHAIN = 'eip155:31337';
const NATIVE = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`;

describe('Swap against the local stack: the wallet data API\'s convert endpoints over the Uniswap V2 pools, the dev wallet', () => {
  const e2e = useE2E();
  const chain = () => e2e.stack.seeded.find((c) => c.chainId === 31337)!;
  const token = (symbol: string) => chain().tokens.find((t) => t.symbol === symbol)!;
  const key = (symbol: string) => `${CHAIN}:${token(symbol).address.toLowerCase()}`;
  async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
    const response = await fetch(chain().rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    const body = (await response.json()) as { result?: T; error?: unknown };
    if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
    return body.result as T;
  }
  const ethBalance = async () => BigInt(await rpc<string>('eth_getBalance', [ACCOUNT_0, 'latest']));
  const tokenBalance = async (symbol: string) =>
    BigInt(await rpc<string>('eth_call', [{ to: token(symbol).address, data: `0x70a08231${ACCOUNT_0.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest']));
  /** What the transaction cost in gas (wei). */
  async function gasCost(hash: string): Promise<bigint> {
    const receipt = await rpc<{ gasUsed: string; effectiveGasPrice: string; status: string }>('eth_getTransactionReceipt', [hash]);
    assert.equal(receipt.status, '0x1', `${hash} succeeded`);
    return BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
  }

  async function openSwap(page: Page) {
    await openModal(page);
    await inModal(page, '[data-action="swap"]').click();
    await inModal(page, '#swap-from[data-token="ETH"]').waitFor();
  }
  async function pick(page: Page, side: 'from' | 'to', tokenKey: string, symbol: string) {
    await inModal(page, `#swap-${side}`).click();
    await inModal(page, `[data-token-key="${tokenKey}"]`).click();
    await inModal(page, `#swap-${side}[data-token="${symbol}"]`).waitFor();
  }
  /** The quoted output the form shows, as base units (read from the service itself for the same request). */
  async function quoted(page: Page, from: string, to: string, amount: bigint): Promise<bigint> {
    await inModal(page, '.swap-output[data-output]').waitFor();
    const url = new URL('v1/convert/quotes', e2e.stack.apiUrl);
    for (const [name, value] of Object.entries({ amount: amount.toString(), from, to, userAddress: ACCOUNT_0, projectId: 'local-demo', st: 'wallet-connect-modal', sv: 'html-core-test' })) url.searchParams.set(name, value);
    const body = (await (await fetch(url)).json()) as { quotes: { toAmount: string }[] };
    return BigInt(body.quotes[0]!.toAmount);
  }
  const approveInWallet = (page: Page) => page.locator('dev-wallet-prompt [data-kind="send"] [data-action="approve"]').click();

  it('ETH → LTK: quote, preview, one signature; balances change by the quote within the 1 % slippage; Activity lists it', async () => {
    const { page } = await e2e.open({ clock: true });
    await connectDevWallet(page);
    await openSwap(page);
    await pick(page, 'to', key('LTK'), 'LTK');
    const amount = 10n ** 17n;
    const typed = Date.now();
    await inModal(page, '#swap-amount').fill('0.1');
    const quote = await quoted(page, NATIVE, key('LTK'), amount);
    console.log(`# typed amount → quote shown: ${Date.now() - typed} ms (Playwright's own steps included)`);
    // The quote is asked again every 10 s while the form shows (the page's clock is moved on, not waited for).
    const refreshed = page.waitForRequest((request) => request.url().includes('/v1/convert/quotes'), { timeout: 5_000 });
    await page.clock.fastForward(10_000);
    await refreshed;
    assert.ok(quote > 0n);
    assert.match((await inModal(page, '[data-line="rate"]').textContent())!, /^1 ETH = [\d,.]+ LTK$/);
    assert.match((await inModal(page, '[data-line="network-fee"]').textContent())!, /^[\d.]+ ETH$/);
    const [eth0, ltk0] = [await ethBalance(), await tokenBalance('LTK')];
    await inModal(page, '[data-action="review-swap"]').click();
    await inModal(page, '[part="title"]:has-text("Preview Swap")').waitFor();
    assert.equal(await inModal(page, '[data-line="pay"]').textContent(), '0.1 ETH');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: SwapPreview');
    await inModal(page, '[data-action="confirm-swap"]').click();
    await approveInWallet(page);
    const pending = (await waitForEvent(page, 'wallet-transaction')) as { hash: string; kind: string; status: string };
    assert.deepEqual({ kind: pending.kind, status: pending.status }, { kind: 'swap', status: 'pending' });
    assert.deepEqual(await waitForEvent(page, 'wallet-transaction', 2), { status: 'confirmed', hash: pending.hash, chainId: CHAIN, kind: 'swap' });
    const received = (await tokenBalance('LTK')) - ltk0;
    assert.ok(received >= (quote * 99n) / 100n && received <= quote, `received ${received}, quoted ${quote}`);
    assert.equal(eth0 - (await ethBalance()), amount + (await gasCost(pending.hash)));
    // Account's Activity, where the swap shows (pending, then as the history lists it).
    await inModal(page, '[part="title"]:has-text("Account")').waitFor();
    await inModal(page, `[role="tab"][data-tab="activity"][aria-selected="true"]`).waitFor();
    await inModal(page, '.activity-row .row-title:text-is("Swapped")').first().waitFor();
  });

  it('LUSD → ETH: approve then swap, each signed; LUSD falls by the amount, ETH rises by the quote within slippage', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    await openSwap(page);
    await pick(page, 'from', key('LUSD'), 'LUSD');
    await pick(page, 'to', NATIVE, 'ETH');
    const amount = 10n * 10n ** BigInt(token('LUSD').decimals);
    await inModal(page, '#swap-amount').fill('10');
    const quote = await quoted(page, key('LUSD'), NATIVE, amount);
    const [eth0, lusd0] = [await ethBalance(), await tokenBalance('LUSD')];
    await inModal(page, '[data-action="review-swap"]').click();
    await inModal(page, '[data-action="approve"]:has-text("Approve LUSD")').waitFor();
    await inModal(page, '[data-action="approve"]').click();
    await approveInWallet(page);
    const approval = (await waitForEvent(page, 'wallet-transaction')) as { hash: string; kind: string };
    assert.equal(approval.kind, 'approve');
    assert.deepEqual(await waitForEvent(page, 'wallet-transaction', 2), { status: 'confirmed', hash: approval.hash, chainId: CHAIN, kind: 'approve' });
    await approveInWallet(page);
    const swap = (await waitForEvent(page, 'wallet-transaction', 3)) as { hash: string; kind: string };
    assert.equal(swap.kind, 'swap');
    assert.deepEqual(await waitForEvent(page, 'wallet-transaction', 4), { status: 'confirmed', hash: swap.hash, chainId: CHAIN, kind: 'swap' });
    assert.equal(lusd0 - (await tokenBalance('LUSD')), amount);
    const received = (await ethBalance()) - eth0 + (await gasCost(approval.hash)) + (await gasCost(swap.hash));
    assert.ok(received >= (quote * 99n) / 100n && received <= quote, `received ${received}, quoted ${quote}`);
  });

  it('each validation message, from the real token list and balances', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    await openSwap(page);
    await pick(page, 'to', key('LUSD'), 'LUSD');
    await inModal(page, '#swap-amount').fill('100000000');
    assert.equal(await inModal(page, '#swap-amount-error').textContent(), 'Insufficient ETH balance');
    await inModal(page, '#swap-amount').fill('0.0000000000000000001');
    assert.equal(await inModal(page, '#swap-amount-error').textContent(), 'ETH has at most 18 decimals');
    await inModal(page, '#swap-amount').fill('1');
    await inModal(page, '#swap-slippage').fill('75');
    assert.equal(await inModal(page, '#swap-slippage-error').textContent(), 'Enter a slippage between 0.01 and 50');
    await inModal(page, '#swap-slippage').fill('1');
    await pick(page, 'to', NATIVE, 'ETH');
    assert.equal(await inModal(page, '#swap-error').textContent(), 'Choose two different tokens');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: Swap with a message');
  });

  it('the service down: the form says so, and shows no spinner', async () => {
    const { page } = await e2e.open();
    await connectDevWallet(page);
    await page.route('**/v1/convert/quotes**', (route) => route.abort());
    await openSwap(page);
    await pick(page, 'to', key('LTK'), 'LTK');
    await inModal(page, '#swap-amount').fill('0.1');
    await inModal(page, '#swap-quote-error').waitFor();
    assert.equal(await inModal(page, '#swap-quote-error').textContent(), 'Swaps are unavailable right now: the service could not be reached. Try again.');
    assert.equal(await inModal(page, '.swap-output .spinner').count(), 0);
  });
});
