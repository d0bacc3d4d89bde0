import '../core/messages-account.js';
import { atom, onMount } from 'nanostores';
import { BALANCE_RETRY_BLOCK_MS } from '../core/constants.js';
import { WidgetError, isWidgetError } from '../core/errors.js';
import { t } from '../core/messages.js';
import { type Balance, getBalances, zeroDecimalTokens } from '../services/wallet-api.js';
import { $connected } from './connection.js';
import { reportError } from './errors.js';
import { $walletApi } from './wallet-api-config.js';

export type PortfolioState =
  | { status: 'idle' }
  | { status: 'loading'; key: string }
  /** `zeroDecimal`: the tokens left out for having 0 decimals (docs/specification.md#validation), so Activity can leave them out too. */
  | { status: 'ready'; key: string; balances: Balance[]; totalUsd: number; zeroDecimal: { name: string; symbol: string }[] }
  /** `retryAt`: while set, the 30 s block after a failure runs (docs/specification.md#constants); `retryPortfolio` may be used once it is gone. */
  | { status: 'error'; key: string; retryAt: number | undefined };

/** The connected account's token balances from the wallet data API, while something shows them. */
export const $portfolio = atom<PortfolioState>({ status: 'idle' });

/** docs/specification.md#constants: after a failure, no new balance call for 30 s. */
let blockedUntil = 0;
let unblockTimer: ReturnType<typeof setTimeout> | undefined;

/** The error state during the block; a timer lifts `retryAt` when the block ends, so the view offers Retry. */
function blocked(key: string): void {
  const retryAt = blockedUntil;
  $portfolio.set({ status: 'error', key, retryAt });
  clearTimeout(unblockTimer);
  unblockTimer = setTimeout(() => {
    const now = $portfolio.get();
    if (now.status === 'error' && now.retryAt === retryAt) $portfolio.set({ ...now, retryAt: undefined });
  }, Math.max(0, retryAt - Date.now()));
}

/** A forced refresh asked while a load of the same account was under way: done once that load ends. */
let again: { key: string; forceUpdate: string[] | undefined } | undefined;

async function load(force = false, forceUpdate?: string[]) {
  const connection = $connected.get();
  const api = $walletApi.get();
  if (!connection || !api) return $portfolio.set({ status: 'idle' });
  const key = `${api.apiUrl}|${connection.chainId}:${connection.address}`;
  const current = $portfolio.get();
  if (current.status === 'loading' && current.key === key) {
    // The load under way may have read the balances before the change that asks for this refresh (a send, a
    // swap, a purchase): read them again once it ends, rather than keep its stale answer.
    if (force) again = { key, forceUpdate: [...(again?.forceUpdate ?? []), ...(forceUpdate ?? [])] };
    return;
  }
  if (Date.now() < blockedUntil) {
    if (current.status !== 'ready' || current.key !== key) blocked(key);
    return;
  }
  $portfolio.set({ status: 'loading', key });
  try {
    const balances = await getBalances(api, connection.address, connection.chainId, { force, forceUpdate });
    if (($portfolio.get() as { key?: string }).key !== key) return;
    const totalUsd = balances.reduce((sum, b) => sum + (b.value ?? 0), 0);
    $portfolio.set({ status: 'ready', key, balances, totalUsd, zeroDecimal: zeroDecimalTokens(api, connection.address, connection.chainId) });
    if (again?.key === key) {
      const { forceUpdate: tokens } = again;
      again = undefined;
      void load(true, tokens?.length ? tokens : undefined);
    }
  } catch (cause) {
    if (($portfolio.get() as { key?: string }).key !== key) return;
    blockedUntil = Date.now() + BALANCE_RETRY_BLOCK_MS;
    // Shown once, in the Tokens tab (no toast as well).
    blocked(key);
    reportError(isWidgetError(cause) ? cause : new WidgetError('BALANCE_UNAVAILABLE', t('error.tokenBalanceUnavailable'), { cause }));
  }
}

onMount($portfolio, () => {
  void load();
  const off = [$connected.listen(() => void load()), $walletApi.listen(() => void load())];
  return () => {
    off.forEach((stop) => stop());
    clearTimeout(unblockTimer);
  };
});

/**
 * Reads the balances again (after a transaction); still honours the 30 s block after a failure. `forceUpdate`:
 * tokens (CAIP-10) the service must read afresh, a swap's two.
 */
export const refreshPortfolio = (forceUpdate?: string[]) => load(true, forceUpdate);

/** The Tokens tab's Retry: after the 30 s block (before its end, nothing happens). */
export const retryPortfolio = () => load(true);

/** For tests: forget the retry block. */
export const resetPortfolioRetryBlock = () => { blockedUntil = 0; };
