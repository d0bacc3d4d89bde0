/**
 * The numbers of a swap, exactly: amounts are bigint base units, slippage in basis points (1 % = 100).
 * Pure (no DOM, no network): the Swap views and actions build on these.
 */
import { parseAmount } from './amount.js';

/** docs/wire-formats.md#constants: `CONVERT_SLIPPAGE_TOLERANCE = 1` (percent). */
export const DEFAULT_SLIPPAGE_PERCENT = '1';
/** The slippage the visitor may set: 0.01 % to 50 % (below, nearly every swap reverts; above, it is a gift to front-runners). */
export const MIN_SLIPPAGE_BPS = 1n;
export const MAX_SLIPPAGE_BPS = 5000n;
/** docs/wire-formats.md#constants: the quote is asked again every 10 s (Swap and its preview). */
export const SWAP_QUOTE_REFRESH_MS = 10_000;
/** docs/wire-formats.md#constants: the gas limit assumed before the service has estimated the swap. */
export const SWAP_INITIAL_GAS = 150_000n;
/** The CAIP-10 placeholder of a chain's native coin (docs/wire-formats.md#constants). */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

export type SlippageCheck = { ok: true; bps: bigint } | { ok: false; reason: 'invalid' | 'too-low' | 'too-high' };

/** The slippage field ("1", "0.5", "0,5" in `de`) as basis points, within the bounds. */
export function parseSlippage(text: string, lang?: string): SlippageCheck {
  const parsed = parseAmount(text, 2, lang);
  if (!parsed.ok) return { ok: false, reason: parsed.reason === 'zero' ? 'too-low' : 'invalid' };
  if (parsed.value < MIN_SLIPPAGE_BPS) return { ok: false, reason: 'too-low' };
  if (parsed.value > MAX_SLIPPAGE_BPS) return { ok: false, reason: 'too-high' };
  return { ok: true, bps: parsed.value };
}

/** Basis points as the percent number the service takes (`eip155.slippage`: 1 is 1 %). */
export const slippagePercent = (bps: bigint): number => Number(bps) / 100;

/** The least the swap may deliver: the quote less the slippage, rounded down (the router's `amountOutMin`). */
export const minimumOut = (quoted: bigint, bps: bigint): bigint => (quoted * (10_000n - bps)) / 10_000n;

/** How many base units of the output one whole input token buys, at this quote (rounded down). */
export function unitRate(fromAmount: bigint, fromDecimals: number, toAmount: bigint): bigint {
  return fromAmount === 0n ? 0n : (toAmount * 10n ** BigInt(fromDecimals)) / fromAmount;
}

/**
 * The share of the input's value the swap loses (pool fee and depth), from the tokens' USD prices, as a
 * percent rounded to two decimals; undefined when a price is unknown. Never below 0 (a price table's noise).
 */
export function priceImpact(
  from: { amount: bigint; decimals: number; usdPrice: number | undefined },
  to: { amount: bigint; decimals: number; usdPrice: number | undefined },
): number | undefined {
  if (!from.usdPrice || !to.usdPrice || from.amount === 0n) return undefined;
  // Value in micro-dollars as bigint ratios first, so large amounts keep their precision.
  const scale = 1_000_000n;
  const value = (amount: bigint, decimals: number, price: number) => (amount * BigInt(Math.round(price * 1e6)) * scale) / 10n ** BigInt(decimals);
  const inValue = value(from.amount, from.decimals, from.usdPrice);
  if (inValue === 0n) return undefined;
  const outValue = value(to.amount, to.decimals, to.usdPrice);
  const lossBps = ((inValue - outValue) * 10_000n) / inValue;
  return lossBps <= 0n ? 0 : Number(lossBps) / 100;
}

/** The network fee of a transaction: gas × gas price, in the native coin's base units. */
export const networkFee = (gas: bigint, gasPrice: bigint): bigint => gas * gasPrice;

/**
 * "Max" of the native coin: the balance less twice the swap's fee (the approval needs none for the native coin),
 * so the wallet can still pay gas when the price moves; 0 when the balance cannot pay even that.
 */
export function maxNativeSwap(balance: bigint, fee: bigint): bigint {
  const max = balance - fee * 2n;
  return max > 0n ? max : 0n;
}
