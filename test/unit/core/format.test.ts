import { expect } from '@esm-bundle/chai';
import { formatAmount } from '../../../src/core/format.js';

const ETH = 10n ** 18n;

describe('core/format formatAmount', () => {
  it('formats whole amounts with grouping', () => {
    expect(formatAmount(10000n * ETH, 18)).to.equal('10,000');
    expect(formatAmount(1n * ETH, 18)).to.equal('1');
  });

  it('keeps at most 4 fraction digits, truncating (never rounding up)', () => {
    expect(formatAmount(1234567890000000000n, 18)).to.equal('1.2345');
    expect(formatAmount(999999999999999999n, 18)).to.equal('0.9999');
    expect(formatAmount(1500000000000000000n, 18)).to.equal('1.5');
  });

  it('formats zero as 0', () => {
    expect(formatAmount(0n, 18)).to.equal('0');
    expect(formatAmount(0n, 6)).to.equal('0');
  });

  it('handles 6-decimal tokens and 0 decimals', () => {
    expect(formatAmount(1_500_000n, 6)).to.equal('1.5');
    expect(formatAmount(123_456_789n, 6)).to.equal('123.4567');
    expect(formatAmount(1n, 6, 'en', 6)).to.equal('0.000001');
    expect(formatAmount(42n, 0)).to.equal('42');
  });

  it('loses no precision on amounts beyond 2^53', () => {
    expect(formatAmount(123456789012345678901234567890n, 18)).to.equal('123,456,789,012.3456');
    expect(formatAmount(9007199254740993n, 0)).to.equal('9,007,199,254,740,993');
  });

  it('formats negative amounts and follows the locale', () => {
    expect(formatAmount(-1_500_000n, 6)).to.equal('-1.5');
    expect(formatAmount(10000n * ETH + 5n * 10n ** 17n, 18, 'de')).to.equal('10.000,5');
  });
});
