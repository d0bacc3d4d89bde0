import '../../core/messages-help.js';
import { useStore } from '@nanostores/react';
import { installLinkFor } from '../../core/install-links.js';
import { $config } from '../../stores/config.js';
import { loadNextPage, findDirectoryWallet } from '../../stores/directory.js';
import { $directoryListing } from '../../stores/directory-list.js';
import { pushRoute } from '../../stores/route.js';
import { $installPlatform } from '../../stores/wallet-link.js';
import { Spinner } from '../parts/Spinner.js';
import { WalletIcon } from '../parts/WalletIcon.js';
import { registerSheet } from '../sheets.js';
import helpCss from '../../../styles/help.css';
import { useT } from './use-t.js';

registerSheet(helpCss);

/** The help views: What is a wallet? (reached from the Connect view's footer) and Get a wallet. */
export default function HelpScreen({ route }: { route: { view: 'WhatIsAWallet' | 'GetAWallet' } }) {
  return route.view === 'WhatIsAWallet' ? <WhatIsAWallet /> : <GetAWallet />;
}

function WhatIsAWallet() {
  const t = useT();
  return (
    <div className="help" data-view="WhatIsAWallet">
      <p>{t('help.wallet.what')}</p>
      <p>{t('help.wallet.keys')}</p>
      <p>{t('help.wallet.connect')}</p>
      <button type="button" className="button primary" part="button" data-action="get-wallet" onClick={() => pushRoute({ view: 'GetAWallet' })}>
        {t('view.GetAWallet')}
      </button>
    </div>
  );
}

/** Without `directory-url` there is no list to name: a short text (no request is made). */
function GetAWallet() {
  const t = useT();
  const directoryUrl = useStore($config).directoryUrl;
  return (
    <div className="help" data-view="GetAWallet">
      {directoryUrl ? <InstallList /> : <p>{t('help.getWallet.noDirectory')}</p>}
    </div>
  );
}

/**
 * The directory's wallets (its recommended ones first, as the AllWallets view lists them) that this device
 * can install: each links to its store for the visitor's platform (App Store, Google Play, the Chrome Web
 * Store), else to its website. Browser wallets already installed are left out.
 */
function InstallList() {
  const t = useT();
  const listing = useStore($directoryListing);
  const platform = useStore($installPlatform);
  const rows = listing.items.flatMap((item) => {
    const record = item.installedId ? undefined : findDirectoryWallet(item.id);
    const link = record && installLinkFor(record, platform);
    return link ? [{ ...item, link }] : [];
  });
  if (listing.status === 'loading' && rows.length === 0) return <Spinner label={t('help.getWallet.loading')} />;
  if (listing.status === 'error' && rows.length === 0) {
    return (
      <>
        <p className="status error" role="alert">{t('help.getWallet.failed')}</p>
        <button type="button" className="button secondary" part="button" onClick={() => void loadNextPage()}>{t('action.retry')}</button>
      </>
    );
  }
  if (rows.length === 0) return <p className="hint" role="status">{t('help.getWallet.none')}</p>;
  return (
    <>
      <p>{t('help.getWallet.intro')}</p>
      <ul className="list" aria-label={t('help.getWallet.listLabel')}>
        {rows.map((row) => (
          <li key={row.id}>
            <a className="list-button" part="install-link" data-wallet-id={row.id} data-store={row.link.kind} href={row.link.url} target="_blank" rel="noopener noreferrer">
              <WalletIcon name={row.name} icon={row.image} />
              <span className="list-label">{t(`help.install.${row.link.kind}`, { wallet: row.name })}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
