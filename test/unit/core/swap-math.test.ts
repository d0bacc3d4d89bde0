import { expect } from '@esm-bundle/chai';
import { maxNativeSwap, minimumOut, networkFee, parseSlippage, priceImpact, slippagePercent, unitRate } from '../../../src/core/swap-math.js';

describe('core/swap-math', () => {
  it('reads the slippage in percent as basis points, within 0.01 % and 50 %, in the visitor\'s locale', () => {
    expect(parseSlippage('1')).to.deep.equal({ ok: true, bps: 100n });
    expect(parseSlippage('0.5')).to.deep.equal({ ok: true, bps: 50n });
    expect(parseSlippage('0,25', 'de')).to.deep.equal({ ok: true, bps: 25n });
    expect(parseSlippage('0.01')).to.deep.equal({ ok: true, bps: 1n });
    expect(parseSlippage('50')).to.deep.equal({ ok: true, bps: 5000n });
    expect(parseSlippage('50.01')).to.deep.equal({ ok: false, reason: 'too-high' });
    expect(parseSlippage('0')).to.deep.equal({ ok: false, reason: 'too-low' });
    expect(parseSlippage('0.001')).to.deep.equal({ ok: false, reason: 'invalid' });
    expect(parseSlippage('abc')).to.deep.equal({ ok: false, reason: 'invalid' });
    expect(slippagePercent(50n)).to.equal(0.5);
  });

  it('the minimum out is the quote less the slippage, rounded down, exactly for huge amounts', () => {
    expect(minimumOut(1_000_000n, 100n)).to.equal(990_000n);
    expect(minimumOut(999n, 100n)).to.equal(989n);
    const big = 123_456_789_012_345_678_901_234_567_890n;
    expect(minimumOut(big, 50n)).to.equal((big * 9950n) / 10_000n);
  });

  it('the rate is the output of one whole input token, in the output\'s base units', () => {
    // 2 ETH (18 decimals) → 5000 USDC (6 decimals): 1 ETH = 2500 USDC.
    expect(unitRate(2n * 10n ** 18n, 18, 5000n * 10n ** 6n)).to.equal(2500n * 10n ** 6n);
    expect(unitRate(0n, 18, 5n)).to.equal(0n);
  });

  it('price impact from USD prices, two decimals; unknown without both prices; never negative', () => {
    const from = { amount: 10n ** 18n, decimals: 18, usdPrice: 2000 };
    expect(priceImpact(from, { amount: 1970n * 10n ** 6n, decimals: 6, usdPrice: 1 })).to.equal(1.5);
    expect(priceImpact(from, { amount: 2100n * 10n ** 6n, decimals: 6, usdPrice: 1 })).to.equal(0);
    expect(priceImpact(from, { amount: 1n, decimals: 6, usdPrice: undefined })).to.equal(undefined);
    expect(priceImpact({ ...from, usdPrice: undefined }, { amount: 1n, decimals: 6, usdPrice: 1 })).to.equal(undefined);
  });

  it('Max of the native coin leaves twice the swap fee, and never goes below 0', () => {
    const fee = networkFee(150_000n, 2_000_000_000n);
    expect(fee).to.equal(300_000_000_000_000n);
    expect(maxNativeSwap(10n ** 18n, fee)).to.equal(10n ** 18n - 2n * fee);
    expect(maxNativeSwap(fee, fee)).to.equal(0n);
  });
});
