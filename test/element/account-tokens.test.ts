import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { useAccountFixture } from './support/account.js';
import { expectAccessible } from './support/axe.js';
import { part, waitFor } from './support/element.js';

const ETH = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 3000, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' };
const SEED = { name: 'Seed', symbol: 'SEED', chainId: 'eip155:1', address: `eip155:1:0x${'5'.repeat(40)}`, value: 0.01, price: 238, quantity: { decimals: '18', numeric: '0.000042' }, iconUrl: '' };
const DUST = { name: 'Dust', symbol: 'DUST', chainId: 'eip155:1', address: `eip155:1:0x${'6'.repeat(40)}`, value: 0, price: 0, quantity: { decimals: '18', numeric: '0.000000000000000001' }, iconUrl: '' };
const ELSEWHERE = { name: 'Polygon Token', symbol: 'PTK', chainId: 'eip155:137', address: `eip155:137:0x${'7'.repeat(40)}`, value: 1000, price: 1, quantity: { decimals: '6', numeric: '1000' }, iconUrl: '' };

describe('<wallet-connect-modal> token amounts: small balances, and the active chain only', () => {
  let el: WalletConnectModalElement;
  const { connectAndOpen } = useAccountFixture(
    { wallet: { rdns: 'com.example.tokens', name: 'Token Wallet' }, chains: ['eip155:1', 'eip155:137'], balances: [ETH, SEED, DUST, ELSEWHERE], features: 'send' },
    (fixture) => ({ el } = fixture),
  );

  const rows = () => [...el.shadowRoot!.querySelectorAll<HTMLElement>('.token-list [data-token]')];

  it('lists the active chain only, with significant digits; "< 0.0001" in the list with the exact amount at hand', async () => {
    await connectAndOpen();
    await waitFor(() => rows().length > 0, 'the token list', 8000);

    expect(rows().map((row) => row.dataset.token)).to.deep.equal(['ETH', 'SEED', 'DUST']);
    const quantity = (symbol: string) => rows().find((row) => row.dataset.token === symbol)!.querySelector<HTMLElement>('[data-quantity]')!;
    expect(quantity('ETH').textContent).to.equal('1.5 ETH');
    expect(quantity('SEED').title).to.equal('0.000042 SEED');
    expect(quantity('SEED').querySelector('[aria-hidden="true"]')!.textContent).to.equal('< 0.0001 SEED');
    expect(quantity('SEED').querySelector('.visually-hidden')!.textContent).to.equal('0.000042 SEED');
    expect(quantity('DUST').title).to.equal('0.000000000000000001 DUST');
    // Waited for: on CI (ci15, a slow run) it was once still absent right after the rows showed; the cause is not found
    // (both render from $portfolio in one view), so the test waits rather than claim they paint together.
    const total = await waitFor(() => part(el, 'total-value'), 'the total value', 8000);
    expect(total.dataset.totalUsd).to.equal('3000.01');
    await expectAccessible(el, 'Account with a balance below 0.0001');

    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="send"]')!.click();
    const picker = await waitFor(() => el.shadowRoot!.querySelector<HTMLButtonElement>('#send-token'), 'the Send form', 8000);
    expect(picker.textContent).to.contain('Choose a token');
    picker.click();
    await waitFor(() => el.shadowRoot!.querySelector('[role="listbox"]'), 'the token list');
    const options = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"] [data-balance]')];
    expect(options.map((option) => option.textContent)).to.deep.equal(['1.5 ETH', '0.000042 SEED', '0.000000000000000001 DUST']);
  });
});
