import { computed } from 'nanostores';
import type { Caip2 } from '../core/caip.js';
import { appLinkKind } from '../core/deep-links.js';
import { $config } from './config.js';
import { $onMobile } from './device.js';
import { $directory, type DirectoryError, type DirectoryWallet, directoryWalletImage } from './directory.js';
import { $directorySearch } from './directory-search.js';
import { $recentWallets } from './recent-wallets.js';
import { $wallets } from './wallets.js';

/** One wallet as the AllWallets view shows it. */
export interface DirectoryItem {
  /** The directory id (what WalletConnect remembers as the recent wallet). */
  id: string;
  name: string;
  image: string | undefined;
  /** The announced browser wallet this is (`injected:<rdns>`): selecting it connects through the extension. */
  installedId: string | undefined;
  recent: boolean;
}

export interface DirectoryListing {
  status: 'unavailable' | 'loading' | 'ready' | 'error';
  /** `search` from 2 typed characters on; `browse` otherwise. */
  mode: 'browse' | 'search';
  items: DirectoryItem[];
  /** Browsing: more pages to load. */
  more: boolean;
  error: DirectoryError | undefined;
  /** What the visitor typed. */
  query: string;
  /** Searching: the text the items answer (the last search answered). */
  term: string | undefined;
}

/** The rdns values a record is known by (its own, and its EVM injected ids). */
const rdnsOf = (wallet: DirectoryWallet) => [
  wallet.rdns,
  ...(wallet.injected ?? []).filter((entry) => !entry.namespace || entry.namespace === 'eip155').map((entry) => entry.injected_id),
].filter((rdns): rdns is string => !!rdns);

/** Whether a phone can open the wallet: a safe mobile or link-mode link, or an https web app. */
const reachableOnMobile = (wallet: DirectoryWallet) =>
  (wallet.mobile_link && appLinkKind(wallet.mobile_link) !== undefined) ||
  (wallet.link_mode && appLinkKind(wallet.link_mode) === 'universal') ||
  (wallet.webapp_link && appLinkKind(wallet.webapp_link) === 'universal');

export interface ShowContext {
  networks: readonly Caip2[];
  mobile: boolean;
  /** Announced browser wallets: rdns → connector id. */
  installed: ReadonlyMap<string, string>;
}

/** The connector id of the announced browser wallet `wallet` is, if any. */
export const installedIdOf = (wallet: DirectoryWallet, installed: ReadonlyMap<string, string>) =>
  rdnsOf(wallet).map((rdns) => installed.get(rdns)).find((id) => id !== undefined);

/**
 * Whether to show a record (docs/wire-formats.md#wallet-directory): its `chains`, when it lists any, meet the
 * configured networks; on a phone, it must be installed or have a link a phone can open.
 */
export function isShown(wallet: DirectoryWallet, { networks, mobile, installed }: ShowContext): boolean {
  if (wallet.chains && wallet.chains.length > 0 && !wallet.chains.some((chain) => (networks as readonly string[]).includes(chain))) return false;
  return !mobile || installedIdOf(wallet, installed) !== undefined || Boolean(reachableOnMobile(wallet));
}

const $installed = computed($wallets, (wallets) => new Map(
  wallets.filter((w) => w.id.startsWith('injected:')).map((w) => [w.id.slice('injected:'.length), w.id] as const),
));

/**
 * What the AllWallets view lists: when browsing, the recent directory wallets first (marked), then the
 * recommended ones, then the pages; when searching, the results. Each wallet once, filtered by `isShown`.
 */
export const $directoryListing = computed(
  [$directory, $directorySearch, $recentWallets, $installed, $config, $onMobile],
  (directory, search, recentIds, installed, config, mobile): DirectoryListing => {
    const context: ShowContext = { networks: config.networks, mobile, installed };
    const seen = new Set<string>();
    const items = (wallets: readonly DirectoryWallet[]) =>
      wallets.flatMap((wallet): DirectoryItem[] => {
        if (seen.has(wallet.id) || !isShown(wallet, context)) return [];
        seen.add(wallet.id);
        const installedId = installedIdOf(wallet, installed);
        return [{ id: wallet.id, name: wallet.name, image: directoryWalletImage(wallet), installedId, recent: recentIds.includes(wallet.id) }];
      });

    if (directory.status === 'unavailable') {
      return { status: 'unavailable', mode: 'browse', items: [], more: false, error: undefined, query: search.query, term: undefined };
    }
    if (search.status !== 'idle') {
      const status = search.status === 'pending' ? 'loading' : search.status;
      return { status, mode: 'search', items: items(search.results), more: false, error: search.error, query: search.query, term: search.term };
    }
    const status = directory.status === 'idle' ? 'loading' : directory.status;
    // The recent wallets first, newest first, as soon as they are recent (the connection records them): one already
    // in the list moves up at once, not when the read of the recent wallets (include=) answers.
    const listed = [...items(directory.recent), ...items(directory.recommended ?? []), ...items(directory.wallets)];
    const rank = (item: DirectoryItem) => recentIds.indexOf(item.id);
    const recentFirst = [...listed.filter((item) => item.recent).sort((a, b) => rank(a) - rank(b)), ...listed.filter((item) => !item.recent)];
    return {
      status,
      mode: 'browse',
      items: recentFirst,
      more: directory.more,
      error: directory.error,
      query: search.query,
      term: undefined,
    };
  },
);
