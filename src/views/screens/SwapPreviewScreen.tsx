import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatAmount } from '../../core/format.js';
import { confirmSwap } from '../../stores/actions/swap-confirm.js';
import { serviceProblem, watchSwapQuote } from '../../stores/actions/swap.js';
import type { Route } from '../../stores/route.js';
import { $swapNeedsApproval, checkSwapApproval, needsApproval } from '../../stores/swap-allowance.js';
import { $swapQuote, nativeCurrencyOf } from '../../stores/swap.js';
import { Spinner } from '../parts/Spinner.js';
import { quoteLines } from './swap-quote-text.js';
import { useLang, useT } from './use-t.js';

/**
 * SwapPreview: what is paid and received, the rate, price impact, network fee, minimum received and slippage,
 * re-quoted every 10 s; then an approval when the allowance is short, and the swap, each signed in the wallet.
 */
export default function SwapPreviewScreen({ route }: { route: Extract<Route, { view: 'SwapPreview' }> }) {
  const t = useT();
  const lang = useLang();
  const quoteState = useStore($swapQuote);
  const approval = useStore($swapNeedsApproval);
  const { swap } = route;
  useEffect(() => watchSwapQuote(), []);
  useEffect(() => void checkSwapApproval(swap), [swap]);
  const amount = BigInt(swap.amount);
  const live = quoteState.status === 'ready' && quoteState.input.from === swap.fromToken.key && quoteState.input.to === swap.toToken.key && quoteState.input.amount === swap.amount
    ? quoteState.quote : undefined;
  const toAmount = live?.toAmount ?? BigInt(swap.toAmount);
  const lines = quoteLines({ from: swap.fromToken, to: swap.toToken, amount, toAmount, gasPrice: live?.gasPrice, slippageBps: BigInt(swap.slippageBps), native: nativeCurrencyOf(swap.chainId) }, t, lang);
  const approve = needsApproval(swap, approval);
  const busy = route.state === 'approving' ? t('swap.approving') : route.state === 'approval-pending' ? t('swap.waitingApproval') : route.state === 'swapping' ? t('swap.swapping') : undefined;
  const row = (label: string, name: string, value: string | undefined) => value === undefined ? null : (
    <div>
      <dt>{label}</dt>
      <dd data-line={name}>{value}</dd>
    </div>
  );
  return (
    <div className="send-review swap-preview">
      <dl className="review-list">
        {row(t('swap.from'), 'pay', t('swap.quoted', { amount: formatAmount(amount, swap.fromToken.decimals, lang, swap.fromToken.decimals), symbol: swap.fromToken.symbol }))}
        {row(t('swap.to'), 'receive', lines.output)}
        {row(t('swap.rate'), 'rate', lines.rate)}
        {row(t('swap.priceImpact'), 'price-impact', lines.priceImpact)}
        {row(t('swap.networkFee'), 'network-fee', lines.networkFee)}
        {row(t('swap.minimumReceived'), 'minimum', lines.minimum)}
        {row(t('swap.slippage'), 'slippage', new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(Number(swap.slippageBps) / 100))}
      </dl>
      {route.error ? <p className="status error" role="alert">{route.error}</p>
        // The 10 s re-quote failing is said (the numbers above are then the last ones seen).
        : quoteState.status === 'error' && quoteState.input.amount === swap.amount ? <p className="status error" role="alert">{serviceProblem(quoteState.error, lang)}</p> : null}
      {busy ? (
        <div className="pending" role="status"><Spinner /><p className="status">{busy}</p></div>
      ) : (
        <>
          {approve ? <p className="hint" id="swap-approve-hint">{t('swap.approveHint', { symbol: swap.fromToken.symbol })}</p> : null}
          <button type="button" className="button primary wide" part="button" data-action={approve ? 'approve' : 'confirm-swap'} aria-describedby={approve ? 'swap-approve-hint' : undefined} onClick={() => void confirmSwap()}>
            {approve ? t('swap.approve', { symbol: swap.fromToken.symbol }) : t('swap.confirm')}
          </button>
        </>
      )}
    </div>
  );
}
