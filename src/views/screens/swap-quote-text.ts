import type { QuoteState } from '../../core/quote-refresh.js';
import { formatTokenAmount } from '../../core/format.js';
import type { MessageId } from '../../core/messages.js';
import { SWAP_INITIAL_GAS, minimumOut, networkFee, priceImpact, unitRate } from '../../core/swap-math.js';
import type { SwapPlanToken } from '../../stores/route.js';
import type { SwapQuote, SwapQuoteInput } from '../../stores/swap.js';

type T = (id: MessageId, values?: Record<string, string>) => string;

/** The lines of a quote, as text, for the form and the preview. */
export interface QuoteLines {
  output: string | undefined;
  rate: string | undefined;
  priceImpact: string | undefined;
  networkFee: string | undefined;
  minimum: string | undefined;
}

/** The quote's lines for `amount` of `from` into `to` (base units), at `gasPrice`, with the slippage in basis points. */
export function quoteLines(
  { from, to, amount, toAmount, gasPrice, slippageBps, native }: { from: SwapPlanToken; to: SwapPlanToken; amount: bigint; toAmount: bigint; gasPrice: bigint | undefined; slippageBps: bigint | undefined; native: { symbol: string; decimals: number } },
  t: T, lang: string,
): QuoteLines {
  const tokenText = (value: bigint, token: { decimals: number; symbol: string }) => t('swap.quoted', { amount: formatTokenAmount(value, token.decimals, lang), symbol: token.symbol });
  const impact = priceImpact({ amount, decimals: from.decimals, usdPrice: from.usdPrice }, { amount: toAmount, decimals: to.decimals, usdPrice: to.usdPrice });
  return {
    output: tokenText(toAmount, to),
    rate: t('swap.rateValue', { from: from.symbol, amount: formatTokenAmount(unitRate(amount, from.decimals, toAmount), to.decimals, lang), to: to.symbol }),
    priceImpact: impact === undefined ? t('swap.unknown') : t('swap.priceImpactValue', { percent: new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(impact) }),
    networkFee: gasPrice === undefined ? undefined : tokenText(networkFee(SWAP_INITIAL_GAS, gasPrice), native),
    minimum: slippageBps === undefined ? undefined : tokenText(minimumOut(toAmount, slippageBps), to),
  };
}

/** The quote for exactly `input`, when the last answer is for it (a loading state keeps showing the previous one). */
export function quoteFor(state: QuoteState<SwapQuoteInput, SwapQuote>, input: SwapQuoteInput | undefined): SwapQuote | undefined {
  if (!input || state.status === 'idle' || JSON.stringify(state.input) !== JSON.stringify(input)) return undefined;
  return state.status === 'ready' ? state.quote : state.status === 'loading' ? state.previous : undefined;
}
