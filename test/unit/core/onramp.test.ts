import { expect } from '@esm-bundle/chai';
import { DEFAULT_ONRAMP_OPTIONS, checkAmount, currenciesFor, formatCents, parseCents } from '../../../src/core/onramp.js';

const USD = DEFAULT_ONRAMP_OPTIONS.paymentCurrencies[0]!;

describe('core/onramp', () => {
  it('the built-in defaults are docs/specification.md#data: USDC and ETH on Ethereum and Polygon; USD and EUR with the card and bank limits', () => {
    expect(DEFAULT_ONRAMP_OPTIONS.purchaseCurrencies.map((c) => [c.symbol, c.networks.map((n) => n.chain_id)])).to.deep.equal([['USDC', ['1', '137']], ['ETH', ['1', '137']]]);
    expect(DEFAULT_ONRAMP_OPTIONS.paymentCurrencies.map((c) => c.id)).to.deep.equal(['USD', 'EUR']);
    for (const currency of DEFAULT_ONRAMP_OPTIONS.paymentCurrencies) {
      expect(currency.payment_method_limits).to.deep.equal([{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'ach_bank_account', min: '10.00', max: '25000.00' }]);
    }
  });

  it('fiat amounts are exact cents; more than 2 decimals or anything else is not an amount', () => {
    expect(parseCents('100')).to.equal(10_000n);
    expect(parseCents('0.1')).to.equal(10n);
    expect(parseCents('7500.00')).to.equal(750_000n);
    expect(parseCents('12,5')).to.equal(1_250n);
    expect(parseCents('1.001')).to.equal(undefined);
    expect(parseCents('1e3')).to.equal(undefined);
    expect(parseCents('-5')).to.equal(undefined);
    expect(formatCents(750_001n)).to.equal('7500.01');
  });

  it('checks the amount against the chosen method, at the cent', () => {
    expect(checkAmount('10', USD, 'card')).to.deep.equal({ ok: true, cents: 1_000n });
    expect(checkAmount('9.99', USD, 'card')).to.deep.equal({ ok: false, reason: 'min', limit: '10.00' });
    expect(checkAmount('7500', USD, 'card')).to.deep.equal({ ok: true, cents: 750_000n });
    expect(checkAmount('7500.01', USD, 'card')).to.deep.equal({ ok: false, reason: 'max', limit: '7500.00' });
    expect(checkAmount('7500.01', USD, 'ach_bank_account')).to.deep.equal({ ok: true, cents: 750_001n });
    expect(checkAmount('25000.01', USD, 'ach_bank_account')).to.deep.equal({ ok: false, reason: 'max', limit: '25000.00' });
    expect(checkAmount(' ', USD, 'card')).to.deep.equal({ ok: false, reason: 'empty' });
    expect(checkAmount('0', USD, 'card')).to.deep.equal({ ok: false, reason: 'invalid' });
    expect(checkAmount('abc', USD, 'card')).to.deep.equal({ ok: false, reason: 'invalid' });
  });

  it('offers the currencies sold on the connected network only: never a currency of another network', () => {
    const options = {
      paymentCurrencies: [],
      purchaseCurrencies: [
        { id: 'eth', name: 'Ether', symbol: 'ETH', networks: [{ name: 'a', display_name: 'A', chain_id: '31337', contract_address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' }] },
        { id: 'sol', name: 'Solana', symbol: 'SOL', networks: [{ name: 's', display_name: 'S', chain_id: '378kCw7PmAhEAv7DDXn4TRipWRi683BK', contract_address: 'So11111111111111111111111111111111111111111' }] },
      ],
    };
    expect(currenciesFor(options, 'eip155:31337').map((p) => p.currency.symbol)).to.deep.equal(['ETH']);
    expect(currenciesFor(options, 'solana:378kCw7PmAhEAv7DDXn4TRipWRi683BK').map((p) => p.currency.symbol)).to.deep.equal(['SOL']);
    // The built-in defaults name Ethereum and Polygon: on a local chain they offer nothing (they offered USDC on Ethereum).
    expect(currenciesFor(DEFAULT_ONRAMP_OPTIONS, 'eip155:31337')).to.deep.equal([]);
    expect(currenciesFor(DEFAULT_ONRAMP_OPTIONS, 'eip155:1').map((p) => `${p.currency.symbol}@${p.network.chain_id}`)).to.deep.equal(['USDC@1', 'ETH@1']);
    expect(currenciesFor(DEFAULT_ONRAMP_OPTIONS, 'eip155:137').map((p) => `${p.currency.symbol}@${p.network.chain_id}`)).to.deep.equal(['USDC@137', 'ETH@137']);
    expect(currenciesFor(DEFAULT_ONRAMP_OPTIONS, 'solana:378kCw7PmAhEAv7DDXn4TRipWRi683BK')).to.deep.equal([]);
  });
});
