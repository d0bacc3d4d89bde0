import '../core/messages-account.js';
import { atom, onMount } from 'nanostores';
import { WidgetError, isWidgetError } from '../core/errors.js';
import { t } from '../core/messages.js';
import { type Transaction, getHistory } from '../services/wallet-api.js';

export type { Transaction };
import { $connected } from './connection.js';
import { reportError } from './errors.js';
import { showToast } from './toasts.js';
import { $walletApi } from './wallet-api-config.js';

export interface ActivityState {
  key: string | undefined;
  items: Transaction[];
  /** The cursor of the next page; null when there is none. */
  next: string | null;
  loading: boolean;
  /** No items, or the history could not be fetched (SPEC.md §4). */
  empty: boolean;
}

const initial: ActivityState = { key: undefined, items: [], next: null, loading: false, empty: false };

/** The connected account's history on the active chain, page by page through the service's cursor. */
export const $activity = atom<ActivityState>(initial);

/**
 * A reset (another account, chain or API, or a refresh) starts a new generation; an answer of an older one
 * is dropped, so a "load more" overtaken by a refresh never merges its page into the new list. The older
 * generation's request is aborted as well.
 */
let generation = 0;
let inFlight: AbortController | undefined;

async function loadPage(reset: boolean, force = false) {
  const connection = $connected.get();
  const api = $walletApi.get();
  const state = $activity.get();
  const key = connection && api ? `${api.apiUrl}|${connection.chainId}:${connection.address}` : undefined;
  if (!reset && (!key || state.key !== key || state.loading || state.next === null)) return;
  if (reset) {
    generation++;
    inFlight?.abort();
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
    $activity.set({ key, items, next: page.next, loading: false, empty: items.length === 0 });
  } catch (cause) {
    if (mine !== generation) return;
    $activity.set({ ...$activity.get(), loading: false, next: null, empty: $activity.get().items.length === 0 });
    showToast('error', t('error.failedToFetchTransactions'));
    reportError(isWidgetError(cause) ? cause : new WidgetError('HISTORY_UNAVAILABLE', t('error.failedToFetchTransactions'), { cause }));
  }
}

onMount($activity, () => {
  void loadPage(true);
  const off = [$connected.listen(() => void loadPage(true)), $walletApi.listen(() => void loadPage(true))];
  return () => off.forEach((stop) => stop());
});

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
    if (!expectHash || $activity.get().items.some((tx) => tx.metadata.hash.toLowerCase() === expectHash.toLowerCase())) return;
  }
}
