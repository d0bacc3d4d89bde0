import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { $sendDraft } from '../../src/stores/send.js';
import type { FakeFetch } from '../unit/support/fake-fetch.js';
import { BOB } from '../unit/support/fake-wallet.js';
import { useAccountFixture } from './support/account.js';
import { titleText, waitFor } from './support/element.js';

const ETH = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 3000, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' };

/** One name per network: the site owner's network-meta name wherever the network is named, else the built-in one. */
describe('<wallet-connect-modal network-meta>: one name per network', () => {
  let el: WalletConnectModalElement;
  let net: FakeFetch;
  const { connectAndOpen } = useAccountFixture(
    { wallet: { rdns: 'com.example.network-names', name: 'Names Wallet' }, chains: ['eip155:1'], balances: [ETH], features: 'send,onramp' },
    (fixture) => {
      ({ el, net } = fixture);
      el.setAttribute('network-meta', JSON.stringify({ 'eip155:1': { name: 'Local Chain A' } }));
    },
  );
  const $ = <T extends Element = HTMLElement>(selector: string) => el.shadowRoot!.querySelector<T>(selector);

  it('Account, Receive, the Send review and Buy all say "Local Chain A"', async function () {
    // Four views, each a chunk the test server compiles on its first request: generous, for a loaded machine.
    this.timeout(90_000);
    net.route('/v1', (_url, init) => {
      const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string };
      const answers: Record<string, string> = { eth_estimateGas: '0x5208', eth_gasPrice: '0x3b9aca00' };
      return { body: { jsonrpc: '2.0', id, result: answers[method] ?? '0x' } };
    });
    net.route('/v1/onramp/options', () => ({ status: 500, body: {} }));
    net.route('/v1/onramp/quote', () => ({ status: 503, body: {} }));
    await connectAndOpen();
    const account = await waitFor(() => $('[data-action="switch-network"] .list-label'), 'the network row');
    expect(account.textContent).to.equal('Local Chain A');

    $<HTMLButtonElement>('[data-action="send"]')!.click();
    await waitFor(() => $('#send-token'), 'the Send form', 20000);
    (await waitFor(() => $<HTMLButtonElement>('#send-token'), 'the Send form', 20000)).click();
    (await waitFor(() => $<HTMLElement>('[role="option"][data-token-key="eip155:1:native"]'), 'Ether')).click();
    await waitFor(() => $sendDraft.get().tokenKey === 'eip155:1:native', 'Ether chosen');
    $<HTMLInputElement>('#send-amount')!.focus();
    await sendKeys({ type: '0.1' });
    $<HTMLInputElement>('#send-receiver')!.focus();
    await sendKeys({ type: BOB });
    await waitFor(() => $<HTMLInputElement>('#send-receiver')!.value === BOB, 'the receiver typed in');
    await waitFor(() => $<HTMLInputElement>('#send-amount')!.value === '0.1', 'the amount typed in');
    $<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => titleText(el) === 'Review Send', 'the review', 30000).catch((e: Error) => { throw new Error(`${e.message}: ${$('.body')!.textContent}`); });
    expect((await waitFor(() => $('dd[data-network]'), 'the review\'s network', 15000)).textContent).to.equal('Local Chain A');

    el.open({ view: 'Receive' });
    expect((await waitFor(() => $('[data-network-name]'), 'Receive', 20000)).textContent).to.equal('Local Chain A');

    el.open({ view: 'OnRampProviders' });
    await waitFor(() => titleText(el) === 'Buy Crypto', 'OnRampProviders', 20000);
    await waitFor(() => ($('#onramp-buy-value')?.textContent ?? '').includes('·'), 'the currency to buy', 15000);
    expect($('#onramp-buy-value')!.textContent).to.equal('USDC · Local Chain A');
  });
});
