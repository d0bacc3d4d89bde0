import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { $swapDraft } from '../../src/stores/swap.js';
import { refreshSwapQuote } from '../../src/stores/actions/swap.js';
import { clearWalletApiCaches } from '../../src/services/wallet-api.js';
import { resetPortfolioRetryBlock } from '../../src/stores/portfolio.js';
import { type FakeFetch, installFakeFetch } from '../unit/support/fake-fetch.js';
import { ALICE, type FakeProvider, announceWallet, createFakeProvider, walletInfo } from '../unit/support/fake-wallet.js';
import { expectAccessible, loadAxe } from './support/axe.js';
import { cleanup, deepActive, dialogOf, mount, openAndRender, record, titleText, waitFor, walletButtons } from './support/element.js';
import { BALANCES, CHAIN, LTK, LUSD, NATIVE, ROUTER, routeSwapService } from './support/swap.js';

// Each test announces a wallet of its own (the page keeps the providers it has heard of).
let walletSeq = 0;

describe('<wallet-connect-modal> Swap: the form, its token list, the preview', () => {
  let el: WalletConnectModalElement;
  let net: FakeFetch;
  let provider: FakeProvider;
  let stopAnnouncing: () => void;

  before(() => loadAxe());
  async function start({ features = 'swaps,history', allowance = '0' } = {}) {
    clearWalletApiCaches();
    resetPortfolioRetryBlock();
    net = installFakeFetch();
    net.route('/v1/supported-chains', () => ({ body: { http: [CHAIN] } }));
    net.route(`/v1/identity/${ALICE}`, () => ({ body: { name: null, avatar: null } }));
    net.route(`/v1/account/${ALICE}/balance`, () => ({ body: { balances: BALANCES } }));
    net.route(`/v1/account/${ALICE}/history`, () => ({ body: { data: [], next: null } }));
    routeSwapService(net, { allowance });
    provider = createFakeProvider({ accounts: [ALICE], chainId: '0x1' });
    const rdns = `com.example.swap${++walletSeq}`;
    stopAnnouncing = announceWallet(walletInfo(rdns, 'Swap Wallet'), provider);
    el = mount({ networks: CHAIN, 'api-url': 'http://api.test', 'project-id': 'p1', features });
    await openAndRender(el);
    (await waitFor(() => walletButtons(el).find((b) => b.dataset.walletId === `injected:${rdns}`), 'the wallet')).click();
    await waitFor(() => el.state.status === 'connected' && !dialogOf(el).open, 'connected');
    await openAndRender(el);
  }
  afterEach(async () => {
    await el.disconnect();
    await cleanup();
    stopAnnouncing();
    net.restore();
  });

  const $ = <T extends Element = HTMLElement>(selector: string) => el.shadowRoot!.querySelector<T>(selector);
  const text = (selector: string) => $(selector)?.textContent ?? null;
  const line = (name: string) => text(`[data-line="${name}"]`);
  async function openSwap() {
    (await waitFor(() => $<HTMLButtonElement>('[data-action="swap"]'), 'the Swap entry', 8000)).click();
    await waitFor(() => $('#swap-from[data-token="ETH"]'), 'Swap with ETH to pay with', 8000);
  }
  async function pick(side: 'from' | 'to', key: string) {
    $<HTMLButtonElement>(`#swap-${side}`)!.click();
    (await waitFor(() => $<HTMLButtonElement>(`[data-token-key="${key}"]`), 'the token', 8000)).click();
    await waitFor(() => $(`#swap-${side}`), 'back on the form');
  }
  /** Review once the form holds a fresh quote for what is typed (the button is no longer aria-disabled). */
  async function reviewWhenQuoted() {
    (await waitFor(() => $<HTMLButtonElement>('[data-action="review-swap"]:not([aria-disabled])'), 'a fresh quote')).click();
  }
  function type(field: 'amount' | 'slippage', value: string) {
    const input = $<HTMLInputElement>(`#swap-${field}`)!;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }

  it('Account offers Swap with features=swaps; the form shows the quote, rate, price impact, network fee and minimum received', async () => {
    await start();
    await openSwap();
    expect(titleText(el)).to.equal('Swap');
    expect(text('#swap-from-label')).to.equal('You pay');
    expect(text('#swap-from [data-balance]')).to.equal('Balance: 1.5 ETH');
    expect($<HTMLInputElement>('#swap-slippage')!.value).to.equal('1');
    await pick('to', LUSD);
    type('amount', '1');
    await waitFor(() => $('[data-output]')?.dataset.output, 'the quote');
    expect(text('.swap-output')).to.equal('1,990 LUSD');
    expect(line('rate')).to.equal('1 ETH = 1,990 LUSD');
    expect(line('price-impact')).to.equal('0.5 %');
    expect(line('network-fee')).to.equal('0.00015 ETH');
    expect(line('minimum')).to.equal('1,970.1 LUSD');
    const quote = net.calls.filter((u) => u.pathname === '/v1/convert/quotes').at(-1)!;
    expect(Object.fromEntries(quote.searchParams)).to.deep.include({ amount: '1000000000000000000', from: NATIVE, to: LUSD, userAddress: ALICE, gasPrice: '1000000000' });
    await expectAccessible(el, 'Swap with a quote');
  });

  it('each problem has its message: insufficient balance, too many decimals, same token, no liquidity, slippage bounds, required fields', async () => {
    await start();
    await openSwap();
    $<HTMLButtonElement>('[data-action="review-swap"]')!.click();
    await waitFor(() => text('#swap-error'), 'the required message');
    expect(text('#swap-error')).to.equal('Choose the token to pay with and the token to receive');
    await pick('to', LUSD);
    $<HTMLButtonElement>('[data-action="review-swap"]')!.click();
    await waitFor(() => text('#swap-amount-error'), 'the amount message');
    expect(text('#swap-amount-error')).to.equal('Enter an amount');
    type('amount', '2');
    await waitFor(() => text('#swap-amount-error') === 'Insufficient ETH balance', 'insufficient balance');
    type('amount', '0.0000000000000000001');
    await waitFor(() => text('#swap-amount-error') === 'ETH has at most 18 decimals', 'too many decimals');
    type('amount', '1');
    type('slippage', '60');
    await waitFor(() => text('#swap-slippage-error') === 'Enter a slippage between 0.01 and 50', 'the slippage bound');
    type('slippage', '0.5');
    await pick('to', NATIVE);
    await waitFor(() => text('#swap-error') === 'Choose two different tokens', 'same token');
    await pick('from', LUSD);
    await pick('to', LTK);
    await waitFor(() => text('#swap-quote-error') === 'Insufficient liquidity for this swap', 'no liquidity');
    expect($('.swap-output .spinner')).to.equal(null);
    await expectAccessible(el, 'Swap with messages');
  });

  it('the service down: said in place, no spinner left', async () => {
    await start();
    net.route('/v1/convert/quotes', () => { throw new TypeError('Failed to fetch'); });
    await openSwap();
    await pick('to', LUSD);
    type('amount', '1');
    await waitFor(() => text('#swap-quote-error'), 'the service message');
    expect(text('#swap-quote-error')).to.equal('Swaps are unavailable right now: the service could not be reached. Try again.');
    expect($('.swap-output .spinner')).to.equal(null);
  });

  it('SwapSelectToken: your tokens first with balances, then the rest; search; keyboard reaches and picks a token', async () => {
    await start();
    await openSwap();
    $<HTMLButtonElement>('#swap-to')!.click();
    await waitFor(() => $('[data-token-key]'), 'the list');
    expect(titleText(el)).to.equal('Select Token');
    expect(text('#swap-yours')).to.equal('Your tokens');
    expect([...el.shadowRoot!.querySelectorAll('[aria-labelledby="swap-yours"] [data-token-key]')].map((b) => b.getAttribute('data-token-key'))).to.deep.equal([NATIVE, LUSD]);
    expect(text(`[data-token-key="${LUSD}"] [data-balance]`)).to.equal('100 LUSD');
    expect([...el.shadowRoot!.querySelectorAll('[aria-labelledby="swap-all"] [data-token-key]')].map((b) => b.getAttribute('data-token-key'))).to.deep.equal([LTK]);
    await expectAccessible(el, 'SwapSelectToken');
    expect(deepActive()?.getAttribute('type')).to.equal('search');
    await sendKeys({ type: 'ltk' });
    await waitFor(() => el.shadowRoot!.querySelectorAll('[data-token-key]').length === 1, 'the search');
    await sendKeys({ press: 'Tab' });
    expect(deepActive()?.getAttribute('data-token-key')).to.equal(LTK);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $swapDraft.get().to === LTK && $('#swap-to[data-token="LTK"]'), 'LTK chosen');
  });

  it('ETH → LTK: the preview, then one wallet transaction to the router with the amount as value: wallet-transaction kind swap', async () => {
    await start();
    const events = record<{ status: string; kind: string; hash: string; chainId: string }>('wallet-transaction');
    const hash = `0x${'ab'.repeat(32)}`;
    provider.handle('eth_sendTransaction', () => hash);
    await openSwap();
    await pick('to', LTK);
    type('amount', '0.5');
    await reviewWhenQuoted();
    await waitFor(() => $('[data-action="confirm-swap"]'), 'the preview');
    expect(titleText(el)).to.equal('Preview Swap');
    expect(line('pay')).to.equal('0.5 ETH');
    expect(line('receive')).to.equal('1 LTK');
    expect(line('minimum')).to.equal('0.99 LTK');
    expect(line('slippage')).to.equal('1');
    expect(text('[data-action="confirm-swap"]')).to.equal('Swap now');
    await expectAccessible(el, 'SwapPreview');
    $<HTMLButtonElement>('[data-action="confirm-swap"]')!.click();
    await waitFor(() => events.details.length || text('.swap-preview [role="alert"]'), 'wallet-transaction');
    expect(text('.swap-preview [role="alert"]')).to.equal(null);
    expect(events.details[0]).to.deep.equal({ status: 'pending', hash, chainId: CHAIN, kind: 'swap' });
    const sent = provider.calls.find((c) => c.method === 'eth_sendTransaction')!.params as [{ to: string; value: string; data: string; chainId: string }];
    expect(sent[0]).to.deep.include({ to: ROUTER, value: '0x6f05b59d3b20000', data: '0x7ff36ab5', chainId: '0x1' });
    const built = net.calls.find((u) => u.pathname === '/v1/convert/build-transaction');
    expect(built?.search).to.equal('');
    events.stop();
  });

  it('LUSD with a short allowance: the preview says Approve LUSD, and the wallet is asked for the approval first (kind approve)', async () => {
    await start({ allowance: '0' });
    const events = record<{ status: string; kind: string }>('wallet-transaction');
    provider.handle('eth_sendTransaction', () => `0x${'cd'.repeat(32)}`);
    await openSwap();
    await pick('from', LUSD);
    await pick('to', NATIVE);
    type('amount', '10');
    await waitFor(() => $('[data-output]')?.dataset.output, 'the quote');
    expect(text('.swap-output')).to.equal('0.005 ETH');
    $<HTMLButtonElement>('[data-action="review-swap"]')!.click();
    await waitFor(() => $('[data-action="approve"]'), 'Approve', 8000);
    expect(text('[data-action="approve"]')).to.equal('Approve LUSD');
    expect(text('#swap-approve-hint')).to.equal('First allow the swap to use your LUSD; the swap follows.');
    $<HTMLButtonElement>('[data-action="approve"]')!.click();
    await waitFor(() => events.details.length, 'wallet-transaction');
    expect(events.details[0]).to.deep.include({ status: 'pending', kind: 'approve' });
    const sent = provider.calls.find((c) => c.method === 'eth_sendTransaction')!.params as [{ to: string; data: string; value: string }];
    expect(sent[0]).to.deep.include({ to: '0x5fbdb2315678afecb367f032d93f642f64180aa3', data: '0x095ea7b3', value: '0x0' });
    await waitFor(() => text('.swap-preview [role="status"] .status') === 'Waiting for the approval to confirm…', 'the approval wait');
    events.stop();
  });

  it('a quote that moved past the slippage bound since the preview: the preview says so, shows the new quote, and the wallet is not asked', async () => {
    await start();
    await openSwap();
    await pick('to', LTK);
    type('amount', '0.5');
    await reviewWhenQuoted();
    await waitFor(() => $('[data-action="confirm-swap"]'), 'the preview');
    // The pool moves: 1 ETH now buys 1.9 LTK (5 % less, past the 1 % tolerance); the preview's refresh sees it.
    net.route('/v1/convert/quotes', (url) => {
      const amount = BigInt(url.searchParams.get('amount')!);
      return { body: { quotes: [{ id: null, fromAmount: amount.toString(), fromAccount: '', toAmount: ((amount * 19n) / 10n).toString(), toAccount: '' }] } };
    });
    refreshSwapQuote();
    await waitFor(() => line('receive') === '0.95 LTK', 'the new quote in the preview');
    $<HTMLButtonElement>('[data-action="confirm-swap"]')!.click();
    await waitFor(() => text('.swap-preview [role="alert"]'), 'the message');
    expect(text('.swap-preview [role="alert"]')).to.equal('The price moved past your slippage tolerance. Review the new quote.');
    expect(line('minimum')).to.equal('0.9405 LTK');
    expect(provider.methods()).to.not.include('eth_sendTransaction');
  });

  it('Review pressed while the quote is still coming: the preview follows once it comes (the press is not lost)', async () => {
    await start();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    await openSwap();
    await pick('to', LTK);
    net.route('/v1/convert/quotes', async (url) => {
      await held;
      const amount = BigInt(url.searchParams.get('amount')!);
      return { body: { quotes: [{ id: null, fromAmount: amount.toString(), fromAccount: '', toAmount: (amount * 2n).toString(), toAccount: '' }] } };
    });
    type('amount', '0.5');
    await waitFor(() => $('.swap-output .spinner'), 'the quote being asked');
    $<HTMLButtonElement>('[data-action="review-swap"]')!.click();
    release();
    await waitFor(() => $('[data-action="confirm-swap"]'), 'the preview');
    expect(line('receive')).to.equal('1 LTK');
  });

  it('a wallet that refuses the swap: the preview says so and offers the button again', async () => {
    await start();
    provider.handle('eth_sendTransaction', () => { throw Object.assign(new Error('User rejected the request.'), { code: 4001 }); });
    await openSwap();
    await pick('to', LTK);
    type('amount', '0.5');
    await reviewWhenQuoted();
    (await waitFor(() => $<HTMLButtonElement>('[data-action="confirm-swap"]'), 'the preview')).click();
    await waitFor(() => text('.swap-preview [role="alert"]'), 'the message');
    expect($('[data-action="confirm-swap"]')).to.not.equal(null);
  });

  it('without features=swaps Account has no Swap entry, and open({ view: "Swap" }) explains', async () => {
    await start({ features: 'history' });
    await waitFor(() => $('[data-action="receive"]'), 'Account');
    expect($('[data-action="swap"]')).to.equal(null);
    await openAndRender(el, { view: 'Swap' });
    await waitFor(() => text('[role="status"]') === 'Swaps are not offered on this site.', 'the explanation');
  });
});
