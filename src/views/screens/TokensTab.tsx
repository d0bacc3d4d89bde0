import '../../core/messages-account.js';
import '../../core/messages-activity.js';
import { useStore } from '@nanostores/react';
import { decimalToBaseUnits } from '../../core/amount.js';
import { compactBound, formatAmount, formatDecimalString, formatTime, formatTokenAmount, formatUsd } from '../../core/format.js';
import type { MessageId } from '../../core/messages.js';
import { $portfolio, type PortfolioState, retryPortfolio } from '../../stores/portfolio.js';
import { RetryNotice } from '../parts/RetryNotice.js';
import { LOADING_ANNOUNCE_DELAY, Spinner } from '../parts/Spinner.js';
import { TokenList } from '../parts/TokenList.js';
import { useLang, useT } from './use-t.js';

/** The Tokens tab: balances from the wallet data API (0-decimal tokens already dropped). */
export function TokensTab() {
  const t = useT();
  const lang = useLang();
  const portfolio = useStore($portfolio);
  if (portfolio.status === 'loading' || portfolio.status === 'idle') return <div className="loading"><Spinner label={t('view.loading')} announceAfter={LOADING_ANNOUNCE_DELAY} /></div>;
  if (portfolio.status === 'error') {
    return (
      <RetryNotice
        message={t('error.tokenBalanceUnavailable')}
        retryLabel={t('action.retry')}
        availableAt={portfolio.retryAt === undefined ? undefined : t('retry.availableAt', { time: formatTime(portfolio.retryAt, lang) })}
        onRetry={() => void retryPortfolio()}
      />
    );
  }
  if (portfolio.balances.length === 0) return <p className="hint">{t('account.noTokens')}</p>;
  const rows = portfolio.balances.map((b) => ({
    key: b.address ?? `${b.chainId}:native`,
    name: b.name,
    symbol: b.symbol,
    iconUrl: b.iconUrl || undefined,
    ...quantity(b, lang, t),
    value: b.value === undefined ? undefined : formatUsd(b.value, lang),
  }));
  return <TokenList tokens={rows} label={t('account.tokens')} />;
}

type Balance = Extract<PortfolioState, { status: 'ready' }>['balances'][number];

/** A row's quantity with its symbol: significant digits when small; below 0.0001, "< 0.0001" and the exact amount. */
function quantity(b: Balance, lang: string, t: (id: MessageId, values?: Record<string, string>) => string) {
  const decimals = Number(b.quantity.decimals);
  const value = decimalToBaseUnits(b.quantity.numeric, decimals);
  if (value === undefined) return { quantity: `${formatDecimalString(b.quantity.numeric, lang)} ${b.symbol}` };
  const bound = compactBound(value, decimals, lang);
  if (!bound) return { quantity: `${formatTokenAmount(value, decimals, lang)} ${b.symbol}` };
  return { quantity: `${t('amount.below', { amount: bound })} ${b.symbol}`, exactQuantity: `${formatAmount(value, decimals, lang, decimals)} ${b.symbol}` };
}

/** The total USD value of the balances, once known. */
export function PortfolioTotal() {
  const t = useT();
  const lang = useLang();
  const portfolio = useStore($portfolio);
  if (portfolio.status !== 'ready') return null;
  return (
    <p className="total" part="total-value" data-total-usd={portfolio.totalUsd.toFixed(2)}>
      <span className="visually-hidden">{t('account.totalValue')}: </span>
      {formatUsd(portfolio.totalUsd, lang)}
    </p>
  );
}
