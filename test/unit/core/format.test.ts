import { expect } from '@esm-bundle/chai';
import { compactBound, formatAmount, formatDecimalString, formatTokenAmount, formatUsdValue } from '../../../src/core/format.js';

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

describe('core/format: any amount, any decimals in range, never a throw', () => {
  it('formats 36-decimal amounts exactly, past the 20 and 100 digit limits of Intl', () => {
    expect(formatAmount(1n, 36, 'en', 36)).to.equal(`0.${'0'.repeat(35)}1`);
    expect(formatAmount(1n, 120, 'en', 120)).to.equal(`0.${'0'.repeat(119)}1`);
    const huge = 10n ** 150n + 5n;
    expect(formatAmount(huge, 36, 'en', 36)).to.equal(`${new Intl.NumberFormat('en').format(10n ** 114n)}.${'0'.repeat(35)}5`);
    expect(formatDecimalString(`${'9'.repeat(120)}.5`, 'en')).to.equal(`${new Intl.NumberFormat('en').format(BigInt('9'.repeat(120)))}.5`);
  });

  it("uses the locale's separator and digits for the fraction too", () => {
    expect(formatAmount(1_500_000n, 6, 'ar-EG')).to.equal(new Intl.NumberFormat('ar-EG').format(1.5));
    expect(formatDecimalString('1234.5', 'de')).to.equal('1.234,5');
  });
});

describe('core/format formatTokenAmount and compactBound: small balances never read 0', () => {
  const E18 = 10n ** 18n;
  it('shows four significant digits below 1, four fraction digits from 1', () => {
    expect(formatTokenAmount(42n * 10n ** 12n, 18)).to.equal('0.000042');
    expect(formatTokenAmount(12_345_600n * 10n ** 9n, 18)).to.equal('0.01234');
    expect(formatTokenAmount(1n, 18)).to.equal('0.000000000000000001');
    expect(formatTokenAmount(E18 + 234_567n * 10n ** 12n, 18)).to.equal('1.2345');
    expect(formatTokenAmount(0n, 18)).to.equal('0');
    expect(formatTokenAmount(1_500_000n, 6)).to.equal('1.5');
  });

  it('gives the "0.0001" bound only for a positive amount below it', () => {
    expect(compactBound(42n * 10n ** 12n, 18)).to.equal('0.0001');
    expect(compactBound(10n ** 14n, 18)).to.equal(undefined);
    expect(compactBound(0n, 18)).to.equal(undefined);
    expect(compactBound(1n, 4)).to.equal(undefined);
    expect(compactBound(1n, 6, 'de')).to.equal('0,0001');
  });

  it('values an amount in US dollars when the price is known', () => {
    expect(formatUsdValue(1_500_000_000_000_000_000n, 18, 2000)).to.equal('$3,000.00');
    expect(formatUsdValue(2_500_000n, 6, 1, 'de')).to.equal('2,50\u00a0$');
    expect(formatUsdValue(1n, 18, undefined)).to.equal(undefined);
  });
});
