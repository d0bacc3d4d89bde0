import { expect } from '@esm-bundle/chai';
import { amountInputText, decimalToBaseUnits, exampleAmount, parseAmount } from '../../../src/core/amount.js';

describe('core/amount', () => {
  it('turns typed decimals into exact base units', () => {
    expect(parseAmount('1.5', 18)).to.deep.equal({ ok: true, value: 1_500_000_000_000_000_000n });
    expect(parseAmount('0.000001', 6)).to.deep.equal({ ok: true, value: 1n });
    expect(parseAmount('.5', 6)).to.deep.equal({ ok: true, value: 500_000n });
    expect(parseAmount('12345678901234567890.123456789012345678', 18)).to.deep.equal({ ok: true, value: 12345678901234567890123456789012345678n });
    expect(parseAmount('2.50', 1)).to.deep.equal({ ok: true, value: 25n }); // trailing zeros are not extra decimals
  });

  it('gives a reason instead of a number for anything else', () => {
    expect(parseAmount('', 18)).to.deep.equal({ ok: false, reason: 'empty' });
    expect(parseAmount('1,5', 18)).to.deep.equal({ ok: false, reason: 'invalid' });
    expect(parseAmount('1e18', 18)).to.deep.equal({ ok: false, reason: 'invalid' });
    expect(parseAmount('-1', 18)).to.deep.equal({ ok: false, reason: 'invalid' });
    expect(parseAmount('.', 18)).to.deep.equal({ ok: false, reason: 'invalid' });
    expect(parseAmount('0.0000001', 6)).to.deep.equal({ ok: false, reason: 'too-many-decimals' });
    expect(parseAmount('0.00', 6)).to.deep.equal({ ok: false, reason: 'zero' });
  });

  it('reads the amount in the locale: decimal separator, grouping every three digits, full-width digits', () => {
    expect(parseAmount('1,5', 18, 'de')).to.deep.equal({ ok: true, value: 1_500_000_000_000_000_000n });
    expect(parseAmount('1.000,5', 6, 'de')).to.deep.equal({ ok: true, value: 1_000_500_000n });
    expect(parseAmount('1,000.5', 6, 'en')).to.deep.equal({ ok: true, value: 1_000_500_000n });
    expect(parseAmount('1\u202f000,5', 6, 'fr')).to.deep.equal({ ok: true, value: 1_000_500_000n });
    expect(parseAmount('\uff11\uff0e\uff15', 6, 'en')).to.deep.equal({ ok: true, value: 1_500_000n });
    expect(parseAmount('\uff11\uff0c\uff15', 6, 'de')).to.deep.equal({ ok: true, value: 1_500_000n });
    expect(parseAmount('\u0661.\u0665', 6, 'en')).to.deep.equal({ ok: true, value: 1_500_000n });
  });

  it('refuses separators the locale does not use there', () => {
    expect(parseAmount('1.5', 18, 'de')).to.deep.equal({ ok: false, reason: 'invalid' });
    expect(parseAmount('1,5', 18, 'en')).to.deep.equal({ ok: false, reason: 'invalid' });
    expect(parseAmount('1,5,0', 18, 'de')).to.deep.equal({ ok: false, reason: 'invalid' });
    expect(parseAmount('1.0000', 18, 'de')).to.deep.equal({ ok: false, reason: 'invalid' });
    expect(parseAmount('1,000', 18)).to.deep.equal({ ok: false, reason: 'invalid' });
  });

  it('writes amounts back for the form exactly, in the locale', () => {
    expect(amountInputText(1_500_000_000_000_000_001n, 18, 'de')).to.equal('1,500000000000000001');
    expect(amountInputText(2_000_000n, 6, 'en')).to.equal('2');
    expect(exampleAmount('de')).to.equal('1,5');
  });

  it('reads service decimal strings, zero included', () => {
    expect(decimalToBaseUnits('100.5', 6)).to.equal(100_500_000n);
    expect(decimalToBaseUnits('0', 18)).to.equal(0n);
    expect(decimalToBaseUnits('1.1234567', 6)).to.equal(undefined);
  });
});
