import { formatUnits } from 'viem';
import { FEE_BASIS_POINTS, FIAT_USD_RATE, METHOD_LIMITS, NETWORK_FEE_CENTS, PAYOUT_DECIMALS, formatCents, type SandboxAsset } from './catalog.js';

/** A USD price as an exact fraction. */
export interface ExactPrice {
  n: bigint;
  d: bigint;
}

export interface SandboxQuote {
  quoteId: string;
  asset: SandboxAsset;
  fiat: string;
  totalCents: bigint;
  feeCents: bigint;
  networkFeeCents: bigint;
  subtotalCents: bigint;
  /** What the visitor receives, in the asset's base units. */
  payout: bigint;
}

/** Why a quote cannot be made: the reason names the input (the API's 400 body). */
export class QuoteError extends Error {
  constructor(
    readonly input: string,
    message: string,
  ) {
    super(message);
  }
}

/** "100", "100.5", "100.50" → cents; more than 2 decimals, or not a number, is refused. */
export function parseFiatAmount(amount: string): bigint {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new QuoteError('amount', 'amount must be a decimal number with at most 2 decimals, such as 100.00');
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** The widest range any payment method allows (a quote does not name the method). */
const ANY_METHOD = Object.values(METHOD_LIMITS).reduce((range, limit) => ({ min: limit.min < range.min ? limit.min : range.min, max: limit.max > range.max ? limit.max : range.max }));

/**
 * The sandbox's quote: the provider fee (1.5 %, rounded up to the cent) and the network fee come off the
 * payment; the rest buys the asset at its USD price (fiat converted at the fixed rate), rounded down to
 * PAYOUT_DECIMALS. Exact (bigint) throughout.
 */
export function computeQuote(input: { asset: SandboxAsset; fiat: string; amount: string; price: ExactPrice; quoteId: string }): SandboxQuote {
  const rate = FIAT_USD_RATE[input.fiat];
  if (!rate) throw new QuoteError('paymentCurrency', `paymentCurrency must be one of ${Object.keys(FIAT_USD_RATE).join(', ')}`);
  const totalCents = parseFiatAmount(input.amount);
  if (totalCents < ANY_METHOD.min || totalCents > ANY_METHOD.max) {
    throw new QuoteError('amount', `amount must be between ${formatCents(ANY_METHOD.min)} and ${formatCents(ANY_METHOD.max)} ${input.fiat}`);
  }
  if (input.price.n <= 0n) throw new QuoteError('purchaseCurrency', `no price for ${input.asset.symbol}`);
  const feeCents = (totalCents * FEE_BASIS_POINTS + 9_999n) / 10_000n;
  const networkFeeCents = NETWORK_FEE_CENTS;
  const subtotalCents = totalCents - feeCents - networkFeeCents;
  // payout = subtotal × rate / price, in base units: cents/100 × (rate.n/rate.d) / (price.n/price.d) × 10^decimals
  const scale = 10n ** BigInt(input.asset.decimals);
  const exact = (subtotalCents * rate.n * input.price.d * scale) / (100n * rate.d * input.price.n);
  const step = 10n ** BigInt(Math.max(0, input.asset.decimals - PAYOUT_DECIMALS));
  return { quoteId: input.quoteId, asset: input.asset, fiat: input.fiat, totalCents, feeCents, networkFeeCents, subtotalCents, payout: (exact / step) * step };
}

/** `POST /v1/onramp/quote`'s answer (docs/wire-formats.md#wallet-data-api): every amount is `{ amount, currency }`. */
export function quoteBody(quote: SandboxQuote) {
  const fiat = (value: bigint) => ({ amount: formatCents(value), currency: quote.fiat });
  return {
    paymentTotal: fiat(quote.totalCents),
    paymentSubtotal: fiat(quote.subtotalCents),
    purchaseAmount: { amount: formatUnits(quote.payout, quote.asset.decimals), currency: quote.asset.symbol },
    coinbaseFee: fiat(quote.feeCents),
    networkFee: fiat(quote.networkFeeCents),
    quoteId: quote.quoteId,
  };
}
