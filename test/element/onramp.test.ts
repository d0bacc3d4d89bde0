import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import type { FakeFetch } from '../unit/support/fake-fetch.js';
import { useAccountFixture } from './support/account.js';
import { expectAccessible } from './support/axe.js';
import { openAndRender, titleText, waitFor } from './support/element.js';

const ETH = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 3000, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' };
const text = (el: HTMLElement, selector: string) => el.shadowRoot!.querySelector(selector)?.textContent ?? '';

describe('<wallet-connect-modal> Buy (features=onramp): the entry, the fallbacks', () => {
  let el: WalletConnectModalElement;
  let net: FakeFetch;
  const { connectAndOpen } = useAccountFixture(
    { wallet: { rdns: 'com.example.onramp', name: 'Onramp Wallet' }, chains: ['eip155:1'], balances: [ETH], features: 'onramp' },
    (fixture) => ({ el, net } = fixture),
  );
  const buy = () => el.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="buy"]');

  it('options and quote calls fail: the built-in defaults, said so, and a labelled estimate from the price (never a 1:1 quote)', async () => {
    net.route('/v1/onramp/options', () => ({ status: 500, body: {} }));
    net.route('/v1/onramp/quote', () => ({ status: 503, body: {} }));
    net.route('/v1/fungible/price', (_url, init) => {
      const { addresses } = JSON.parse(String(init?.body)) as { addresses: string[] };
      const native = addresses[0]!.endsWith('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee');
      return { body: { fungibles: [{ address: addresses[0], name: native ? 'Ether' : 'USD Coin', symbol: native ? 'ETH' : 'USDC', iconUrl: '', price: native ? 2000 : 1 }] } };
    });
    await connectAndOpen();
    (await waitFor(buy, 'the Buy entry')).click();
    await waitFor(() => titleText(el) === 'Buy Crypto', 'OnRampProviders');
    // Two failed calls and a price lookup: generous, for a loaded machine.
    await waitFor(() => el.shadowRoot!.querySelector('.onramp-quote[data-quote="estimate"]'), 'the estimate', 15_000);
    expect(text(el, '[data-notice="defaults"]')).to.equal('The service’s currency list is unavailable: showing the built-in defaults.');
    expect(text(el, '#onramp-buy-value')).to.equal('USDC · Ethereum');
    expect(text(el, '.onramp-provider')).to.equal('Card payment providerFees shown in the quoteCard, Bank account');
    expect(text(el, '.onramp-quote')).to.equal('You receiveEstimate ≈ 100 USDCEstimate from the current price: the provider’s quote is unavailable, and its fees are not included.');
    expect(net.calls.filter((url) => url.pathname === '/v1/onramp/quote')).to.have.length(1);
    await expectAccessible(el, 'OnRampProviders: defaults and an estimate');

    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="pick-currency"]')!.click();
    await waitFor(() => titleText(el) === 'Select Token', 'OnRampTokenSelect');
    expect([...el.shadowRoot!.querySelectorAll('[data-option]')].map((b) => b.textContent)).to.deep.equal(['USDCUSD Coin · Ethereum', 'ETHEther · Ethereum']);
    await expectAccessible(el, 'OnRampTokenSelect');
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-option="ETH"]')!.click();
    await waitFor(() => text(el, '.onramp-quote [data-receive]') === '≈ 0.05 ETH', 'the ETH estimate');
  });

  it('open({ view: \'OnRampProviders\' }) opens the buy form with the service\'s options (the hosted modal\'s public open() accepts it)', async () => {
    await connectAndOpen();
    await waitFor(buy, 'the Buy entry');
    el.close();
    await openAndRender(el, { view: 'OnRampProviders' });
    await waitFor(() => titleText(el) === 'Buy Crypto', 'OnRampProviders');
    expect(el.state.view).to.equal('OnRampProviders');
    await waitFor(() => net.calls.some((url) => url.pathname === '/v1/onramp/options'), 'the options asked for');
  });

  it('open({ view }) with a later on-ramp view opens Account: they need a choice made in the modal', async () => {
    await connectAndOpen();
    await waitFor(buy, 'the Buy entry');
    el.close();
    await openAndRender(el, { view: 'OnRampTokenSelect' });
    await waitFor(() => titleText(el) === 'Account', 'Account');
    expect(el.state.view).to.equal('Account');
  });
});

describe('<wallet-connect-modal> Buy: absent without features=onramp', () => {
  let el: WalletConnectModalElement;
  const { connectAndOpen } = useAccountFixture(
    { wallet: { rdns: 'com.example.nobuy', name: 'No Buy Wallet' }, chains: ['eip155:1'], balances: [ETH], features: 'send,history' },
    (fixture) => ({ el } = fixture),
  );

  it('has Send but no Buy', async () => {
    await connectAndOpen();
    await waitFor(() => el.shadowRoot!.querySelector('[data-action="send"]'), 'the Send entry');
    expect(el.shadowRoot!.querySelector('[data-action="buy"]')).to.equal(null);
  });

  it('open({ view: \'OnRampProviders\' }) opens Account: Buy is not offered', async () => {
    await connectAndOpen();
    await waitFor(() => el.shadowRoot!.querySelector('[data-action="send"]'), 'the Send entry');
    el.close();
    await openAndRender(el, { view: 'OnRampProviders' });
    await waitFor(() => titleText(el) === 'Account', 'Account');
    expect(el.state.view).to.equal('Account');
  });
});
