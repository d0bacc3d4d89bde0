import { expect } from '@esm-bundle/chai';
import { decimalToBaseUnits, parseAmount } from '../../../src/core/amount.js';

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

  it('reads service decimal strings, zero included', () => {
    expect(decimalToBaseUnits('100.5', 6)).to.equal(100_500_000n);
    expect(decimalToBaseUnits('0', 18)).to.equal(0n);
    expect(decimalToBaseUnits('1.1234567', 6)).to.equal(undefined);
  });
});
