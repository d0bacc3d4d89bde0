import '../core/messages-account.js';
import { atom, onMount } from 'nanostores';
import { RETRY_BACKOFF_BASE_MS, RETRY_BACKOFF_MAX_MS } from '../core/constants.js';
import { WidgetError, isWidgetError } from '../core/errors.js';
import { sameHash } from '../core/address.js';
import { t } from '../core/messages.js';
import { type Transaction, getHistory } from '../services/wallet-api.js';

export type { Transaction };
import { $connected } from './connection.js';
import { reportError } from './errors.js';
import { $walletApi } from './wallet-api-config.js';

export interface ActivityState {
  key: string | undefined;
  items: Transaction[];
  /** The cursor of the next page; null when there is none. */
  next: string | null;
  loading: boolean;
  /** Fetched, and there is nothing (an error is not an empty history: see `error`). */
  empty: boolean;
  /** The last call failed ("Failed to fetch transactions"); the items loaded before it stay. */
  error: boolean;
  /**
   * While set, `retryActivity` waits: the back-off after `error` (1 s, 2 s, 4 s … up to 30 s for failures in a
   * row, docs/specification.md#constants). Cleared (by a timer) when a retry may be made.
   */
  retryAt: number | undefined;
}

const initial: ActivityState = { key: undefined, items: [], next: null, loading: false, empty: false, error: false, retryAt: undefined };

/** The connected account's history on the active chain, page by page through the service's cursor. */
export const $activity = atom<ActivityState>(initial);

/**
 * A reset (another account, chain or API, or a refresh) starts a new generation; an answer of an older one
 * is dropped, so a "load more" overtaken by a refresh never merges its page into the new list. The older
 * generation's request is aborted as well.
 */
let generation = 0;
let inFlight: AbortController | undefined;
/** Failures in a row for the current key, for the back-off; and the timer that ends the back-off. */
let failures = 0;
let backoffTimer: ReturnType<typeof setTimeout> | undefined;

/** Lifts `retryAt` when the back-off is over. */
function armBackoff(retryAt: number): void {
  clearTimeout(backoffTimer);
  backoffTimer = setTimeout(() => {
    const now = $activity.get();
    if (now.error && now.retryAt === retryAt) $activity.set({ ...now, retryAt: undefined });
  }, Math.max(0, retryAt - Date.now()));
}

/** The back-off after `n` failures in a row: 1 s, 2 s, 4 s … capped at 30 s. */
export const retryDelay = (n: number) => Math.min(RETRY_BACKOFF_BASE_MS * 2 ** Math.max(0, n - 1), RETRY_BACKOFF_MAX_MS);

/** Whose history on which chain from which API: the list is for one key; another starts afresh. */
function keyOf(): string | undefined {
  const connection = $connected.get();
  const api = $walletApi.get();
  return connection && api ? `${api.apiUrl}|${connection.chainId}:${connection.address}` : undefined;
}

async function loadPage(reset: boolean, force = false) {
  const connection = $connected.get();
  const api = $walletApi.get();
  const state = $activity.get();
  const key = keyOf();
  if (!reset && (!key || state.key !== key || state.loading || state.error || state.next === null)) return;
  // Shown again during the back-off (the tab left and opened again): the failure stays, no new call yet.
  if (reset && !force && key && state.key === key && state.error && state.retryAt !== undefined && Date.now() < state.retryAt) return armBackoff(state.retryAt);
  if (reset) {
    generation++;
    inFlight?.abort();
    clearTimeout(backoffTimer);
    if (key !== state.key) failures = 0;
  }
  if (!connection || !api || !key) return $activity.set(initial);
  const mine = generation;
  const controller = (inFlight = new AbortController());
  const cursor = reset ? undefined : state.next ?? undefined;
  $activity.set(reset ? { ...initial, key, loading: true } : { ...state, loading: true });
  try {
    const page = await getHistory(api, connection.address, connection.chainId, cursor, { force, signal: controller.signal });
    if (mine !== generation) return;
    const now = $activity.get();
    const seen = new Set(now.items.map((tx) => tx.id));
    const items = [...now.items, ...page.data.filter((tx) => !seen.has(tx.id))];
    failures = 0;
    $activity.set({ key, items, next: page.next, loading: false, empty: items.length === 0, error: false, retryAt: undefined });
  } catch (cause) {
    if (mine !== generation) return;
    // Shown in the list, in place of "No activity yet" or under the pages already loaded (no toast: once is enough).
    const delay = retryDelay(++failures);
    const retryAt = Date.now() + delay;
    $activity.set({ ...$activity.get(), loading: false, empty: false, error: true, retryAt });
    armBackoff(retryAt);
    reportError(isWidgetError(cause) ? cause : new WidgetError('HISTORY_UNAVAILABLE', t('error.failedToFetchTransactions'), { cause }));
  }
}

onMount($activity, () => {
  void loadPage(true);
  // Only another key starts afresh: the stores also emit for changes that do not concern the history (any
  // attribute set makes a new API config object), and reloading on those would defeat the back-off.
  const onChange = () => {
    if (keyOf() !== $activity.get().key) void loadPage(true);
  };
  const off = [$connected.listen(onChange), $walletApi.listen(onChange)];
  return () => {
    off.forEach((stop) => stop());
    clearTimeout(backoffTimer);
  };
});

/**
 * After a failure, once the back-off is over: the failed call again (the first page, or the page after those
 * already loaded), past the cache. Does nothing during the back-off.
 */
export function retryActivity(): Promise<void> {
  const state = $activity.get();
  if (!state.error || state.retryAt !== undefined || state.loading) return Promise.resolve();
  if (state.items.length === 0) return loadPage(true, true);
  $activity.set({ ...state, error: false });
  return loadPage(false, true);
}

/** The next page, when there is one (the Activity list calls this as its end scrolls into view). */
export const loadMoreActivity = () => loadPage(false);
/**
 * From the first page again, past the cache. After a transaction, `expectHash` waits for the service to
 * have indexed it: the first page is read again a few times, a little later each time, until it shows.
 */
export async function refreshActivity(expectHash?: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    await loadPage(true, true);
    if (!expectHash || $activity.get().items.some((tx) => sameHash(tx.metadata.hash, expectHash))) return;
  }
}
