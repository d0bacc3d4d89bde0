/**
 * Exact non-negative rationals for the API's money arithmetic (token quantities × prices, pool reserve ratios):
 * bigint numerator and denominator, so nothing is lost on quantities past 2^53 or on 18-decimal fractions.
 * A value becomes a JSON number once, at the end (`toNumber`).
 */
export interface Ratio {
  n: bigint;
  /** Always > 0. */
  d: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

export function ratio(n: bigint, d = 1n): Ratio {
  if (d === 0n) throw new RangeError('ratio: zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

export const ZERO = ratio(0n);
export const ONE = ratio(1n);

/** `amount` base units of a token with `decimals`, in whole units. */
export const units = (amount: bigint, decimals: number): Ratio => ratio(amount, 10n ** BigInt(decimals));
export const mul = (a: Ratio, b: Ratio): Ratio => ratio(a.n * b.n, a.d * b.d);
export const div = (a: Ratio, b: Ratio): Ratio => ratio(a.n * b.d, a.d * b.n);

/** A configured number (a price table entry) exactly as written: 0.1 is 1/10, not the double nearest it. */
export function fromNumber(value: number): Ratio {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match || !Number.isFinite(value)) throw new RangeError(`fromNumber: ${value} is not a finite number`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const digits = BigInt(`${sign}${whole}${fraction}`);
  const power = Number(exponent) - fraction.length;
  return power >= 0 ? ratio(digits * 10n ** BigInt(power)) : ratio(digits, 10n ** BigInt(-power));
}

const digitCount = (value: bigint) => value.toString().length;

/**
 * The nearest number with `significant` significant digits (halves away from zero): the one rounding, done
 * on the exact value. USD amounts use 12, as pool prices are not more exact than that.
 */
export function toNumber(value: Ratio, significant = 12): number {
  if (value.n === 0n) return 0;
  const negative = value.n < 0n;
  const n = negative ? -value.n : value.n;
  // Scale by 10^k so the quotient has exactly `significant` digits.
  let k = significant - (digitCount(n) - digitCount(value.d));
  const scaled = (shift: number) => (shift >= 0 ? [n * 10n ** BigInt(shift), value.d] : [n, value.d * 10n ** BigInt(-shift)]) as [bigint, bigint];
  let [num, den] = scaled(k);
  if (num / den >= 10n ** BigInt(significant)) [num, den] = scaled(--k);
  else if (num / den < 10n ** BigInt(significant - 1)) [num, den] = scaled(++k);
  let q = num / den;
  if ((num % den) * 2n >= den) q += 1n;
  return Number(`${negative ? '-' : ''}${q}e${-k}`);
}
