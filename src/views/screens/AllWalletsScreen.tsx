import '../../core/messages-directory.js';
import { tPlural } from '../../core/messages.js';
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { chooseWalletConnect, connect } from '../../stores/actions/index.js';
import { $onMobile } from '../../stores/device.js';
import { loadNextPage } from '../../stores/directory.js';
import { $directoryListing, type DirectoryItem } from '../../stores/directory-list.js';
import { retrySearch, searchWallets } from '../../stores/directory-search.js';
import { DirectoryWalletGrid } from '../parts/DirectoryWalletGrid.js';
import { ListEnd } from '../parts/ListEnd.js';
import { Spinner } from '../parts/Spinner.js';
import { registerSheet } from '../sheets.js';
import directoryCss from '../../../styles/directory.css';
import { useLang, useT } from './use-t.js';

registerSheet(directoryCss);

/** An announced browser wallet connects through its extension; any other goes through WalletConnect. */
function select(item: DirectoryItem) {
  if (item.installedId) void connect(item.installedId).catch(() => {});
  else chooseWalletConnect({ id: item.id, name: item.name });
}

/**
 * AllWallets: the wallet directory. A search field (from 2 characters), then the recent, recommended and
 * remaining wallets, more of them as the end of the list scrolls into view; search results instead while
 * searching. Without `directory-url` it says the list is not available and offers the QR code (on a phone,
 * the link to paste into a wallet app).
 */
export default function AllWalletsScreen() {
  const t = useT();
  const lang = useLang();
  const listing = useStore($directoryListing);
  const searchId = useId();
  const onMobile = useStore($onMobile);

  if (listing.status === 'unavailable') {
    return (
      <div className="directory" data-state="unavailable">
        <p className="status" role="status">{t('directory.unavailable')}</p>
        <p className="hint">{t(onMobile ? 'directory.unavailableHintPhone' : 'directory.unavailableHint')}</p>
        <button type="button" className="button primary" part="button" onClick={() => chooseWalletConnect()}>
          {t(onMobile ? 'directory.useLink' : 'directory.useQrCode')}
        </button>
      </div>
    );
  }

  const { mode, status, items, error } = listing;
  const loading = status === 'loading';
  const byId = new Map(items.map((item) => [item.id, item]));
  const gridItems = items.map((item) => ({
    id: item.id,
    name: item.name,
    image: item.image,
    tag: item.recent ? t('connect.recent') : item.installedId ? t('connect.installed') : undefined,
  }));
  const answered = mode === 'search' && status === 'ready';
  const found = answered && items.length > 0 ? tPlural('directory.resultCount', items.length, {}, lang) : '';
  const empty =
    answered && items.length === 0
      ? t('directory.noMatch', { query: listing.term ?? listing.query.trim() })
      : mode === 'browse' && status === 'ready' && items.length === 0 && !listing.more
        ? t('directory.empty')
        : undefined;
  return (
    <div className="directory" data-state={status} data-mode={mode}>
      <div className="directory-search">
        <label className="visually-hidden" htmlFor={searchId}>{t('directory.searchLabel')}</label>
        <input
          id={searchId}
          className="directory-search-input"
          part="search-input"
          type="search"
          value={listing.query}
          placeholder={t('directory.searchLabel')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          onChange={(event) => searchWallets(event.target.value)}
        />
      </div>
      {items.length > 0 ? (
        <DirectoryWalletGrid
          items={gridItems}
          label={mode === 'search' ? t('directory.resultsLabel') : t('directory.listLabel')}
          busy={loading}
          onSelect={(id) => select(byId.get(id)!)}
        />
      ) : null}
      {/* One live region, always there: what a search found (heard, not seen), or why the list is empty (both). */}
      <p className={empty ? 'hint directory-message' : 'visually-hidden'} role="status" data-empty={empty ? mode : undefined}>{empty ?? found}</p>
      <ListEnd className="directory-end" active={mode === 'browse' && status === 'ready' && listing.more} watchKey={items.length} onEnd={() => void loadNextPage()}>
        {loading ? (
          <Spinner label={t('directory.loading')} />
        ) : status === 'error' ? (
          <>
            <p className="status error" role="alert">{error?.message ?? t('directory.failed')}</p>
            {mode === 'browse' ? <p className="hint">{t('directory.failed')}</p> : null}
            <button type="button" className="button secondary" part="button" onClick={() => (mode === 'search' ? retrySearch() : void loadNextPage())}>
              {t('action.retry')}
            </button>
          </>
        ) : mode === 'browse' && listing.more ? (
          <button type="button" className="button secondary" part="button" data-action="load-more" onClick={() => void loadNextPage()}>
            {t('directory.loadMore')}
          </button>
        ) : null}
      </ListEnd>
    </div>
  );
}
