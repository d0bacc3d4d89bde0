import '../../core/messages-account.js';
import '../../core/messages-swap.js';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatTokenAmount } from '../../core/format.js';
import { parseSlippage } from '../../core/swap-math.js';
import {
  currentQuoteInput, editSwapDraft, fillSwapMax, flipSwapTokens, reviewSwap, serviceProblem, watchSwapQuote,
} from '../../stores/actions/swap.js';
import { $config } from '../../stores/config.js';
import { $connected } from '../../stores/connection.js';
import { $walletApi } from '../../stores/wallet-api-config.js';
import { type Route, pushRoute } from '../../stores/route.js';
import { $swapDraft, $swapQuote, $swapServiceTokens, $swapSubmitted, $swapTokens, type SwapToken, checkSwap, nativeCurrencyOf } from '../../stores/swap.js';
import { SwapForm } from '../parts/SwapForm.js';
import { quoteFor, quoteLines } from './swap-quote-text.js';
import SwapPreviewScreen from './SwapPreviewScreen.js';
import SwapSelectTokenScreen from './SwapSelectTokenScreen.js';
import { useLang, useT } from './use-t.js';
import sendCss from '../../../styles/send.css';
import swapCss from '../../../styles/swap.css';
import { registerSheet } from '../sheets.js';

registerSheet(sendCss);
registerSheet(swapCss);

/** The Swap form bound to its stores; the quote follows the inputs while it is shown. */
function SwapFormScreen() {
  const t = useT();
  const lang = useLang();
  const draft = useStore($swapDraft);
  const tokens = useStore($swapTokens);
  const service = useStore($swapServiceTokens);
  const quoteState = useStore($swapQuote);
  const submitted = useStore($swapSubmitted);
  const connection = useStore($connected);
  const config = useStore($config);
  const api = useStore($walletApi);
  const offered = connection?.namespace === 'eip155' && config.features.includes('swaps') && api !== undefined;
  useEffect(() => (offered ? watchSwapQuote() : undefined), [offered]);
  if (!connection) return null;
  // open({ view: 'Swap' }) where Swap is not offered: say why (the service's convert endpoints are EVM only).
  if (!offered) return <p className="hint" role="status">{t(connection.namespace === 'eip155' ? 'swap.notOffered' : 'swap.evmOnly')}</p>;
  const from = tokens.find((token) => token.key === draft.from);
  const to = tokens.find((token) => token.key === draft.to);
  const face = (token: SwapToken | undefined) => token && {
    symbol: token.symbol, iconUrl: token.iconUrl, balance: t('swap.balance', { amount: formatTokenAmount(token.balance, token.decimals, lang), symbol: token.symbol }),
  };
  const check = checkSwap(draft, tokens, lang);
  const errors = check.ok ? {} : { ...check.errors };
  // "Choose…" and "Enter an amount" only once the visitor pressed Review: not while they are still filling in.
  if (!submitted && errors.form === t('swap.tokensRequired')) delete errors.form;
  if (!submitted && errors.amount === t('swap.amountRequired')) delete errors.amount;
  const input = currentQuoteInput();
  const quote = quoteFor(quoteState, input);
  const slippage = parseSlippage(draft.slippage, lang);
  let quoteError: string | undefined;
  if (service.status === 'error') quoteError = service.message;
  else if (quoteState.status === 'error' && input) quoteError = serviceProblem(quoteState.error, lang);
  else if (quote && quote.toAmount === undefined) quoteError = t('swap.noLiquidity');
  const lines = from && to && quote?.toAmount !== undefined && input
    ? quoteLines({ from, to, amount: BigInt(input.amount), toAmount: quote.toAmount, gasPrice: quote.gasPrice, slippageBps: slippage.ok ? slippage.bps : undefined, native: nativeCurrencyOf(connection.chainId) }, t, lang)
    : undefined;
  const loading = input !== undefined && quoteState.status === 'loading' && !quote;
  return (
    <SwapForm
      from={face(from)}
      to={face(to)}
      amount={draft.amount}
      slippage={draft.slippage}
      quote={{ output: lines?.output, loading, rate: lines?.rate, priceImpact: lines?.priceImpact, networkFee: lines?.networkFee, minimum: lines?.minimum }}
      errors={{ ...errors, quote: quoteError }}
      ready={check.ok && quoteState.status === 'ready' && quote?.toAmount !== undefined}
      labels={{
        from: t('swap.from'), to: t('swap.to'), chooseToken: t('swap.chooseToken'), amount: t('swap.amount'), max: t('swap.max'), maxLabel: t('swap.maxLabel'),
        flip: t('swap.flip'), quoting: t('swap.quoting'), rate: t('swap.rate'), priceImpact: t('swap.priceImpact'), networkFee: t('swap.networkFee'),
        minimum: t('swap.minimumReceived'), slippage: t('swap.slippage'), submit: t('swap.review'),
      }}
      onPick={(side) => pushRoute({ view: 'SwapSelectToken', side })}
      onChange={editSwapDraft}
      onMax={() => void fillSwapMax()}
      onFlip={flipSwapTokens}
      onSubmit={() => void reviewSwap()}
    />
  );
}

/** Swap's three views (one chunk): the form, its token list, the preview. */
export default function SwapScreen({ route }: { route: Extract<Route, { view: 'Swap' | 'SwapSelectToken' | 'SwapPreview' }> }) {
  switch (route.view) {
    case 'Swap':
      return <SwapFormScreen />;
    case 'SwapSelectToken':
      return <SwapSelectTokenScreen route={route} />;
    case 'SwapPreview':
      return <SwapPreviewScreen route={route} />;
    default:
      return route satisfies never;
  }
}
