import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { $sendDraft } from '../../src/stores/send.js';
import type { FakeFetch } from '../unit/support/fake-fetch.js';
import { ALICE, BOB, announceWallet, createFakeProvider, walletInfo } from '../unit/support/fake-wallet.js';
import { freshSendForm } from './support/send.js';
import { cleanup, dialogOf, mount, openAndRender, titleText, waitFor, walletButtons } from './support/element.js';

/** 10,001.249612345678901234 ETH: Max of it is an amount of 23 digits, which the review must show inside the panel. */
const ETH = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 20002499.22, price: 2000, quantity: { decimals: '18', numeric: '10001.249612345678901234' }, iconUrl: '' };

describe('<wallet-connect-modal> Send review of a long amount', () => {
  let el: WalletConnectModalElement;
  let net: FakeFetch;
  let stopAnnouncing: () => void;
  const $ = <T extends Element = HTMLElement>(selector: string) => el.shadowRoot!.querySelector<T>(selector);

  beforeEach(async () => {
    net = freshSendForm(['eip155:1']);
    net.route(`/v1/identity/${ALICE}`, () => ({ body: { name: null, avatar: null } }));
    net.route(`/v1/account/${ALICE}/balance`, () => ({ body: { balances: [ETH] } }));
    net.route('/v1', (_url, init) => {
      const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string };
      const answers: Record<string, string> = { eth_estimateGas: '0x5208', eth_gasPrice: '0x3b9aca00' };
      return { body: { jsonrpc: '2.0', id, result: answers[method] } };
    });
    stopAnnouncing = announceWallet(walletInfo('com.example.long', 'Long Wallet'), createFakeProvider({ accounts: [ALICE], chainId: '0x1' }));
    el = mount({ networks: 'eip155:1', 'api-url': 'http://api.test', 'project-id': 'p1', features: 'send', theme: 'light' });
    await openAndRender(el);
    (await waitFor(() => walletButtons(el)[0], 'the wallet')).click();
    await waitFor(() => el.state.status === 'connected' && !dialogOf(el).open, 'connected');
    await openAndRender(el);
    (await waitFor(() => $<HTMLButtonElement>('[data-action="send"]'), 'Send', 20000)).click();
    (await waitFor(() => $<HTMLButtonElement>('#send-token'), 'the Send form', 20000)).click();
    (await waitFor(() => $<HTMLElement>('[role="option"][data-token-key="eip155:1:native"]'), 'Ether')).click();
    await waitFor(() => $sendDraft.get().tokenKey === 'eip155:1:native', 'Ether chosen');
    (await waitFor(() => $<HTMLButtonElement>('[data-action="max"]'), 'Max')).click();
    await waitFor(() => $<HTMLInputElement>('#send-amount')!.value !== '', 'the amount filled in', 15000);
    $<HTMLInputElement>('#send-receiver')!.focus();
    await sendKeys({ type: BOB });
    await waitFor(() => $<HTMLInputElement>('#send-receiver')!.value === BOB, 'the receiver typed in');
    $<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => titleText(el) === 'Review Send' && $('[data-total]'), 'the review with its total', 15000).catch((e) => { throw new Error(`${e} ${titleText(el)} ${el.shadowRoot!.querySelector('.body')!.textContent}`); });
  });
  afterEach(async () => {
    await el.disconnect();
    await cleanup();
    stopAnnouncing();
    net.restore();
  });

  it('the amount, the fee and the total stay inside the panel, the amount in full', async () => {
    const panel = $('.body')!.getBoundingClientRect();
    const amount = $('.review-amount')!;
    expect(amount.textContent).to.match(/^10,001\.2495\d+ ETH$/);
    expect(amount.scrollWidth, 'the amount is not cut').to.be.at.most(amount.clientWidth);
    const inside = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.left >= panel.left - 0.5 && r.right <= panel.right + 0.5;
    };
    expect(inside(amount), 'the amount inside the panel').to.equal(true);
    for (const row of el.shadowRoot!.querySelectorAll('.review-list > div')) {
      const box = row.getBoundingClientRect();
      for (const cell of row.querySelectorAll('dt, dd')) {
        const r = cell.getBoundingClientRect();
        expect(r.left >= box.left && r.right <= box.right + 0.5, `${cell.textContent} inside its row`).to.equal(true);
      }
      expect(inside(row), `${row.textContent} inside the panel`).to.equal(true);
    }
  });
});
