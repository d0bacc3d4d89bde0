import { atom, onMount } from 'nanostores';
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS, SEARCH_RESULTS_SIZE } from '../core/constants.js';
import { WidgetError, errorSummary, isWidgetError } from '../core/errors.js';
import { t } from '../core/messages.js';
import { getWallets } from '../services/directory.js';
import { $config } from './config.js';
import { type DirectoryError, type DirectoryWallet, directoryConfig, directoryKey, rememberWallets } from './directory.js';
import { reportError } from './errors.js';

/**
 * The AllWallets search (docs/wire-formats.md#wallet-directory): from 2 characters (trimmed), sent once typing
 * pauses, up to 100 results. `pending` covers the pause and the request; the results shown are those of
 * `term`, the last search answered, until the next answer replaces them.
 */
export interface SearchState {
  /** What the visitor typed, as typed. */
  query: string;
  status: 'idle' | 'pending' | 'ready' | 'error';
  /** The (trimmed) text `results` answer. */
  term: string | undefined;
  results: DirectoryWallet[];
  error: DirectoryError | undefined;
}

const IDLE: SearchState = { query: '', status: 'idle', term: undefined, results: [], error: undefined };

export const $directorySearch = atom<SearchState>(IDLE);

let timer: ReturnType<typeof setTimeout> | undefined;
let controller: AbortController | undefined;
/** Increases with every keystroke: an answer for an older one is dropped, whatever order answers come in. */
let latest = 0;

function cancel() {
  clearTimeout(timer);
  controller?.abort();
  controller = undefined;
}

/** The visitor typed `query`: below 2 characters the list is browsed again, else a search follows the pause. */
export function searchWallets(query: string): void {
  cancel();
  const mine = ++latest;
  const term = query.trim();
  if (term.length < MIN_SEARCH_LENGTH) {
    $directorySearch.set({ ...IDLE, query });
    return;
  }
  $directorySearch.set({ ...$directorySearch.get(), query, status: 'pending', error: undefined });
  timer = setTimeout(() => void run(term, mine), SEARCH_DEBOUNCE_MS);
}

async function run(term: string, mine: number) {
  const config = directoryConfig();
  if (mine !== latest) return;
  if (!config) return $directorySearch.set({ ...$directorySearch.get(), status: 'idle' });
  const request = new AbortController();
  controller = request;
  try {
    const page = await getWallets(config, { page: 1, entries: SEARCH_RESULTS_SIZE, search: term, chains: $config.get().networks }, { signal: request.signal });
    if (mine !== latest) return;
    rememberWallets(page.data);
    $directorySearch.set({ ...$directorySearch.get(), status: 'ready', term, results: page.data, error: undefined });
  } catch (cause) {
    if (mine !== latest) return;
    const error = isWidgetError(cause) ? cause : new WidgetError('UNKNOWN', t('error.unknown'), { cause });
    $directorySearch.set({ ...$directorySearch.get(), status: 'error', error: errorSummary(error) });
    reportError(error);
  }
}

/** The same search again, at once (its Try again button). */
export function retrySearch(): void {
  const { query } = $directorySearch.get();
  cancel();
  const mine = ++latest;
  const term = query.trim();
  if (term.length < MIN_SEARCH_LENGTH) return;
  $directorySearch.set({ ...$directorySearch.get(), status: 'pending', error: undefined });
  void run(term, mine);
}

// Another directory or other networks search again; leaving the view (and not coming back within
// nanostores' unmount delay) clears the search.
onMount($directorySearch, () => {
  let key = directoryKey($config.get());
  const off = $config.listen((config) => {
    if (directoryKey(config) === key) return;
    key = directoryKey(config);
    retrySearch();
  });
  return () => {
    off();
    cancel();
    latest++;
    $directorySearch.set(IDLE);
  };
});
