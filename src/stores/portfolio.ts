import '../core/messages-account.js';
import { atom, onMount } from 'nanostores';
import { BALANCE_RETRY_BLOCK_MS } from '../core/constants.js';
import { WidgetError, isWidgetError } from '../core/errors.js';
import { t } from '../core/messages.js';
import { type Balance, getBalances } from '../services/wallet-api.js';
import { $connected } from './connection.js';
import { reportError } from './errors.js';
import { showToast } from './toasts.js';
import { $walletApi } from './wallet-api-config.js';

export type PortfolioState =
  | { status: 'idle' }
  | { status: 'loading'; key: string }
  | { status: 'ready'; key: string; balances: Balance[]; totalUsd: number }
  | { status: 'error'; key: string };

/** The connected account's token balances from the wallet data API, while something shows them. */
export const $portfolio = atom<PortfolioState>({ status: 'idle' });

/** SPEC.md §9: after a failure, no new balance call for 30 s. */
let blockedUntil = 0;

async function load(force = false) {
  const connection = $connected.get();
  const api = $walletApi.get();
  if (!connection || !api) return $portfolio.set({ status: 'idle' });
  const key = `${api.apiUrl}|${connection.chainId}:${connection.address}`;
  const current = $portfolio.get();
  if (current.status === 'loading' && current.key === key) return;
  if (Date.now() < blockedUntil) {
    if (current.status === 'idle' || current.key !== key) $portfolio.set({ status: 'error', key });
    return;
  }
  $portfolio.set({ status: 'loading', key });
  try {
    const balances = await getBalances(api, connection.address, connection.chainId, { force });
    if (($portfolio.get() as { key?: string }).key !== key) return;
    const totalUsd = balances.reduce((sum, b) => sum + (b.value ?? 0), 0);
    $portfolio.set({ status: 'ready', key, balances, totalUsd });
  } catch (cause) {
    if (($portfolio.get() as { key?: string }).key !== key) return;
    blockedUntil = Date.now() + BALANCE_RETRY_BLOCK_MS;
    $portfolio.set({ status: 'error', key });
    showToast('error', t('error.tokenBalanceUnavailable'));
    reportError(isWidgetError(cause) ? cause : new WidgetError('BALANCE_UNAVAILABLE', t('error.tokenBalanceUnavailable'), { cause }));
  }
}

onMount($portfolio, () => {
  void load();
  const off = [$connected.listen(() => void load()), $walletApi.listen(() => void load())];
  return () => off.forEach((stop) => stop());
});

/** Reads the balances again (after a transaction); still honours the 30 s block after a failure. */
export const refreshPortfolio = () => load(true);

/** For tests: forget the retry block. */
export const resetPortfolioRetryBlock = () => { blockedUntil = 0; };
