import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { $sendDraft } from '../../src/stores/send.js';
import type { FakeFetch } from '../unit/support/fake-fetch.js';
import { ALICE, BOB, announceWallet, createFakeProvider, walletInfo } from '../unit/support/fake-wallet.js';
import { freshSendForm } from './support/send.js';
import { expectAccessible, loadAxe } from './support/axe.js';
import { cleanup, dialogOf, mount, openAndRender, titleText, waitFor, walletButtons } from './support/element.js';

const ETH = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 3000, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' };
const LTK = { name: 'Local Token', symbol: 'LTK', chainId: 'eip155:1', address: `eip155:1:0x${'5'.repeat(40)}`, value: 0, price: 0, quantity: { decimals: '18', numeric: '12' }, iconUrl: '' };

describe('<wallet-connect-modal> the Send form: messages by their fields, the token drop-down', () => {
  let el: WalletConnectModalElement;
  let net: FakeFetch;
  let stopAnnouncing: () => void;

  before(() => loadAxe());
  beforeEach(async () => {
    net = freshSendForm(['eip155:1']);
    net.route(`/v1/identity/${ALICE}`, () => ({ body: { name: null, avatar: null } }));
    net.route(`/v1/account/${ALICE}/balance`, () => ({ body: { balances: [ETH, LTK] } }));
    net.route(`/v1/account/${ALICE}/history`, () => ({ body: { data: [], next: null } }));
    stopAnnouncing = announceWallet(walletInfo('com.example.send', 'Send Wallet'), createFakeProvider({ accounts: [ALICE], chainId: '0x1' }));
    el = mount({ networks: 'eip155:1', 'api-url': 'http://api.test', 'project-id': 'p1', features: 'send' });
    await openAndRender(el);
    (await waitFor(() => walletButtons(el)[0], 'the wallet')).click();
    await waitFor(() => el.state.status === 'connected' && !dialogOf(el).open, 'connected');
    await openAndRender(el);
    (await waitFor(() => el.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="send"]'), 'Send', 8000)).click();
    await waitFor(() => picker(), 'the Send form', 8000);
  });
  afterEach(async () => {
    await el.disconnect();
    await cleanup();
    stopAnnouncing();
    net.restore();
  });

  const $ = <T extends Element = HTMLElement>(selector: string) => el.shadowRoot!.querySelector<T>(selector);
  const picker = () => $<HTMLButtonElement>('#send-token');
  const review = () => $<HTMLButtonElement>('button[type="submit"]')!.click();
  const message = (field: string) => $(`#send-${field}-error`)?.textContent ?? null;
  async function chooseByClick(key: string) {
    picker()!.click();
    (await waitFor(() => $<HTMLElement>(`[role="option"][data-token-key="${key}"]`), 'the option')).click();
    await waitFor(() => $sendDraft.get().tokenKey === key, 'the token chosen');
  }

  it('shows each message under its field, linked to it, and clears it when that field is edited', async () => {
    review();
    await waitFor(() => message('token'), 'the messages', 15000);
    expect(message('token')).to.equal('A token is required');
    expect(message('amount')).to.equal('An amount and receiver address are required');
    expect(message('receiver')).to.equal(null);
    expect($('#send-token-error')!.getAttribute('role')).to.equal('alert');
    expect(picker()!.getAttribute('aria-describedby')).to.equal('send-token-error');
    expect($('#send-amount')!.getAttribute('aria-describedby')).to.equal('send-amount-error');
    expect($('#send-amount')!.getAttribute('aria-invalid')).to.equal('true');
    await expectAccessible(el, 'Send with messages');

    $<HTMLInputElement>('#send-amount')!.focus();
    await sendKeys({ type: '1' });
    await waitFor(() => message('amount') === null, 'the amount message to go');
    expect(message('token')).to.equal('A token is required');

    $<HTMLInputElement>('#send-receiver')!.focus();
    await sendKeys({ type: ALICE });
    review();
    // Amount and receiver are there: only the token is missing, and only its message shows.
    await waitFor(() => message('receiver'), 'the receiver message');
    expect(message('token')).to.equal('A token is required');
    expect(message('amount')).to.equal(null);
    expect(message('receiver')).to.equal('This is your own address: sending to yourself only costs a network fee');
  });

  it('the token drop-down: a listbox of icon, symbol, balance and value, used with the keyboard; Escape closes only the list', async () => {
    expect(picker()!.getAttribute('aria-haspopup')).to.equal('listbox');
    expect(picker()!.getAttribute('aria-expanded')).to.equal('false');
    expect(picker()!.textContent).to.contain('Choose a token');
    picker()!.focus();
    await sendKeys({ press: 'ArrowDown' });
    const list = await waitFor(() => $('[role="listbox"]'), 'the list');
    expect(picker()!.getAttribute('aria-expanded')).to.equal('true');
    const options = [...list.querySelectorAll<HTMLElement>('[role="option"]')];
    expect(options.map((option) => [option.querySelector('.row-title')!.textContent, option.querySelector('[data-balance]')!.textContent, option.querySelector('[data-value]')?.textContent ?? null]))
      .to.deep.equal([['ETH', '1.5 ETH', '$3,000.00'], ['LTK', '12 LTK', null]]);
    expect(options.every((option) => option.querySelector('.token-icon'))).to.equal(true);
    await expectAccessible(el, 'Send with the token list open');

    await sendKeys({ press: 'ArrowDown' });
    expect(list.getAttribute('aria-activedescendant')).to.equal(options[1]!.id);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $('[role="listbox"]') === null, 'the list to close');
    expect($sendDraft.get().tokenKey).to.equal(LTK.address);
    expect(picker()!.textContent).to.contain('12 LTK');
    expect(el.shadowRoot!.activeElement).to.equal(picker());

    await sendKeys({ press: 'ArrowUp' });
    await waitFor(() => $('[role="listbox"]'), 'the list again');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => $('[role="listbox"]') === null, 'the list to close on Escape');
    expect(dialogOf(el).open).to.equal(true);
    expect(titleText(el)).to.equal('Send');

    picker()!.click();
    (await waitFor(() => $<HTMLElement>('[role="option"][data-token-key="eip155:1:native"]'), 'the ETH option')).click();
    await waitFor(() => $sendDraft.get().tokenKey === 'eip155:1:native', 'ETH chosen by click');
  });

  it('the review: network, from, to, amount and value, fee and total; "Send now" disabled with the reason while the fee is unknown', async () => {
    let rpcUp = false;
    net.route('/v1', (_url, init) => {
      const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string };
      const answers: Record<string, string> = { eth_estimateGas: '0x5208', eth_gasPrice: '0x3b9aca00' };
      return rpcUp ? { body: { jsonrpc: '2.0', id, result: answers[method] } } : { status: 503, body: {} };
    });
    await chooseByClick('eip155:1:native');
    $<HTMLInputElement>('#send-amount')!.focus();
    await sendKeys({ type: '0.1' });
    $<HTMLInputElement>('#send-receiver')!.focus();
    await sendKeys({ type: BOB });
    review();
    await waitFor(() => titleText(el) === 'Review Send', 'the review', 15000);
    const confirm = await waitFor(() => $<HTMLButtonElement>('[data-action="confirm-send"]'), 'Send now');
    await waitFor(() => $('#send-fee-error'), 'the fee message', 15000);
    expect(confirm.disabled).to.equal(true);
    expect($('#send-fee-error')!.textContent).to.equal('The network fee could not be estimated, so this transfer cannot be sent yet');
    expect(confirm.getAttribute('aria-describedby')).to.equal('send-fee-error');
    await expectAccessible(el, 'Review without a fee');

    rpcUp = true;
    $<HTMLButtonElement>('[data-action="retry-fee"]')!.click();
    await waitFor(() => $('[data-total]'), 'the total', 15000);
    expect(confirm.disabled).to.equal(false);
    const rows = Object.fromEntries([...el.shadowRoot!.querySelectorAll('.review-list > div')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]));
    expect(rows).to.deep.equal({
      Network: 'Ethereum', From: '0x1111…1111', To: '0x2222…2222', 'Network fee': '0.000021 ETH', Total: '0.100021 ETH',
    });
    expect($('.review-amount')!.textContent).to.equal('0.1 ETH');
    expect($('[data-value]')!.textContent).to.equal('$200.00');
    await expectAccessible(el, 'Review with the fee');
  });
});
