import { atom, onMount } from 'nanostores';
import { RECOMMENDED_WALLETS, WALLET_PAGE_SIZE } from '../core/constants.js';
import type { WidgetConfig } from '../core/config.js';
import { WidgetError, type WidgetErrorCode, errorSummary, isWidgetError } from '../core/errors.js';
import { t } from '../core/messages.js';
import { DIRECTORY_ID, type DirectoryConfig, type DirectoryWallet, getWallets, walletImageUrl } from '../services/directory.js';
import { $config } from './config.js';
import { reportError } from './errors.js';
import { $recentWallets } from './recent-wallets.js';

export type { DirectoryWallet };

/** What went wrong, as the AllWallets view shows it. */
export interface DirectoryError {
  code: WidgetErrorCode;
  message: string;
}

/**
 * The AllWallets list while the directory is browsed (docs/wire-formats.md#wallet-directory): the recommended
 * wallets for the configured networks, the visitor's recent directory wallets, and the pages of the rest
 * (40 at a time, merged without duplicates; recommended ones excluded from the pages).
 */
export interface DirectoryState {
  /** `unavailable` when the host set no `directory-url`. */
  status: 'unavailable' | 'idle' | 'loading' | 'ready' | 'error';
  /** The directory and networks the data below belongs to. */
  key: string | undefined;
  /** Undefined until asked for (a failure to get them counts as none). */
  recommended: DirectoryWallet[] | undefined;
  /** The `$recentWallets` that are directory wallets, newest first. */
  recent: DirectoryWallet[];
  /** The recent ids `recent` was (or is being) fetched for. */
  recentFor: string | undefined;
  /** The pages loaded so far, merged, each wallet once. */
  wallets: DirectoryWallet[];
  /** Wallets the directory has for this query in all. */
  count: number;
  /** Records received so far (malformed ones included): how far paging has got. */
  received: number;
  /** The last page loaded (0: none yet). */
  page: number;
  /** Whether there is a next page. */
  more: boolean;
  error: DirectoryError | undefined;
}

const fresh = (key: string | undefined): DirectoryState => ({
  status: key === undefined ? 'unavailable' : 'idle',
  key,
  recommended: undefined,
  recent: [],
  recentFor: undefined,
  wallets: [],
  count: 0,
  received: 0,
  page: 0,
  more: key !== undefined,
  error: undefined,
});

export const $directory = atom<DirectoryState>(fresh(undefined));

/** The directory to call, or undefined without `directory-url` (no vendor default: self-hosted first). */
export function directoryConfig(config: WidgetConfig = $config.get()): DirectoryConfig | undefined {
  return config.directoryUrl ? { directoryUrl: config.directoryUrl, projectId: config.projectId } : undefined;
}

/** The directory and networks a list belongs to; another key means another list. */
export const directoryKey = (config: WidgetConfig) => (config.directoryUrl ? `${config.directoryUrl}|${config.projectId ?? ''}|${config.networks.join(',')}` : undefined);

/** Every record loaded (browse and search), by id: what `findDirectoryWallet` answers from. */
const known = new Map<string, DirectoryWallet>();
let knownFor: string | undefined;

export function rememberWallets(wallets: readonly DirectoryWallet[]): void {
  for (const wallet of wallets) known.set(wallet.id, wallet);
}

/** A directory wallet loaded in this page's life (its name, image and links), by id. */
export const findDirectoryWallet = (id: string): DirectoryWallet | undefined => known.get(id);

/** The wallet's image: the directory's `getWalletImage` for its `image_id`, else its own https `image_url`. */
export function directoryWalletImage(wallet: DirectoryWallet): string | undefined {
  const config = directoryConfig();
  if (wallet.image_id && config) return walletImageUrl(config, wallet.image_id);
  const url = wallet.image_url ?? undefined;
  return url && /^https:\/\/[^\s]+$/i.test(url) ? url : undefined;
}

const toDirectoryError = (cause: unknown) => (isWidgetError(cause) ? cause : new WidgetError('UNKNOWN', t('error.unknown'), { cause }));

/**
 * The next page of the list, while there is one (the list calls this as its end scrolls into view, and
 * its Try again button after a failure). The first call also gets the recommended wallets, which the
 * pages then exclude. A failed page keeps what was loaded and shows the error.
 */
export async function loadNextPage(): Promise<void> {
  const state = $directory.get();
  const config = directoryConfig();
  if (!config || state.key === undefined || state.key !== directoryKey($config.get()) || state.status === 'loading' || !state.more) return;
  const { key } = state;
  const chains = $config.get().networks;
  const current = () => ($directory.get().key === key ? $directory.get() : undefined);
  $directory.set({ ...state, status: 'loading', error: undefined });
  try {
    let recommended = state.recommended;
    if (!recommended) {
      // Like the hosted client, a failure here only costs the recommendations, not the list.
      recommended = await getWallets(config, { page: 1, entries: RECOMMENDED_WALLETS, chains }).then((page) => page.data, () => []);
      if (!current()) return;
      rememberWallets(recommended);
      $directory.set({ ...current()!, recommended });
    }
    const answer = await getWallets(config, { page: state.page + 1, entries: WALLET_PAGE_SIZE, chains, exclude: recommended.map((w) => w.id) });
    const now = current();
    if (!now) return;
    rememberWallets(answer.data);
    const seen = new Set(now.wallets.map((w) => w.id));
    const added = answer.data.filter((w) => !seen.has(w.id) && seen.add(w.id));
    const received = now.received + answer.received;
    $directory.set({
      ...now,
      status: 'ready',
      wallets: [...now.wallets, ...added],
      count: answer.count,
      received,
      page: now.page + 1,
      more: answer.received > 0 && received < answer.count,
    });
  } catch (cause) {
    const now = current();
    if (!now) return;
    const error = toDirectoryError(cause);
    $directory.set({ ...now, status: 'error', error: errorSummary(error) });
    reportError(error);
  }
}

/** The visitor's recent wallets that are directory wallets (not `injected:…` connectors), via `include=`. */
async function loadRecent(): Promise<void> {
  const state = $directory.get();
  const config = directoryConfig();
  if (!config || state.key === undefined) return;
  const ids = $recentWallets.get().filter((id) => DIRECTORY_ID.test(id));
  const recentFor = ids.join(',');
  if (state.recentFor === recentFor) return;
  const { key } = state;
  $directory.set({ ...state, recentFor, recent: ids.length === 0 ? [] : state.recent });
  if (ids.length === 0) return;
  const page = await getWallets(config, { page: 1, entries: ids.length, include: ids }).catch(() => undefined);
  const now = $directory.get();
  if (now.key !== key || now.recentFor !== recentFor) return;
  if (!page) return $directory.set({ ...now, recentFor: undefined });
  rememberWallets(page.data);
  const byId = new Map(page.data.map((w) => [w.id, w]));
  $directory.set({ ...now, recent: ids.flatMap((id) => byId.get(id) ?? []) });
}

/**
 * Follows the configuration: another directory or other networks start the list again. On mount (the view
 * showing again) a first page that failed is tried again by itself.
 */
function sync(mounting: boolean): void {
  const config = $config.get();
  const key = directoryKey(config);
  if (knownFor !== config.directoryUrl) {
    known.clear();
    knownFor = config.directoryUrl;
  }
  const changed = $directory.get().key !== key;
  if (changed) $directory.set(fresh(key));
  if (key === undefined) return;
  if ((changed || mounting) && $directory.get().page === 0) void loadNextPage();
  void loadRecent();
}

// Nothing is fetched until the AllWallets view shows (docs/README.md: zero requests until needed).
onMount($directory, () => {
  sync(true);
  const off = [$config.listen(() => sync(false)), $recentWallets.listen(() => void loadRecent())];
  return () => off.forEach((stop) => stop());
});

/** For tests: back to the first state, nothing loaded or remembered (unmount the stores first). */
export function resetDirectory(): void {
  $directory.set(fresh(undefined));
  known.clear();
  knownFor = undefined;
}
