import { useStore } from '@nanostores/react';
import '../../core/messages-walletconnect.js';
import { chooseWalletConnect } from '../../stores/actions/index.js';
import { $onMobile } from '../../stores/device.js';
import { directoryWalletImage, findDirectoryWallet } from '../../stores/directory.js';
import type { Route } from '../../stores/route.js';
import { $pairing } from '../../stores/walletconnect.js';
import { chosenWalletInstallLink, chosenWalletLink } from '../../stores/wallet-link.js';
import { Icon } from '../parts/Icon.js';
import { QrCode } from '../parts/QrCode.js';
import { Spinner } from '../parts/Spinner.js';
import { registerSheet } from '../sheets.js';
import walletConnectCss from '../../../styles/walletconnect.css';
import { useT } from './use-t.js';
import { copyText } from '../../stores/actions/copy-text.js';

registerSheet(walletConnectCss);

/**
 * ConnectingWalletConnect: the pairing URI as a QR code (desktop) or the chosen wallet's link (mobile),
 * a copy-link button, a fresh URI when one expires, and what went wrong with a retry.
 */
export default function ConnectingWalletConnectScreen({ route }: { route: Extract<Route, { view: 'ConnectingWalletConnect' }> }) {
  const t = useT();
  const pairing = useStore($pairing);
  const onMobile = useStore($onMobile);
  const record = route.wallet ? findDirectoryWallet(route.wallet.id) : undefined;
  const name = route.wallet?.name ?? t('view.ConnectingWalletConnect');
  const uri = pairing.state === 'waiting' && !route.error ? pairing.uri : undefined;
  // On a phone the pairing action has opened the wallet once already; the Open button is there if it did not.
  const link = uri ? chosenWalletLink(route.wallet, uri) : undefined;

  if (route.error) {
    return (
      <div className="walletconnect" data-state="error">
        <p className="status error" role="alert">{route.error.message}</p>
        <p className="hint">
          {route.error.code === 'CONNECTION_REJECTED'
            ? t('connecting.rejectedHint')
            : route.error.code === 'RELAY_UNAVAILABLE'
              ? t('walletconnect.relayHint')
              : t('walletconnect.failedHint')}
        </p>
        <button type="button" className="button primary" part="button" onClick={() => chooseWalletConnect(route.wallet)}>
          {t('action.retry')}
        </button>
      </div>
    );
  }
  if (!uri) {
    return (
      <div className="walletconnect" data-state="starting">
        <div className="qr-placeholder"><Spinner label={t(onMobile ? 'walletconnect.preparingLink' : 'walletconnect.preparing')} /></div>
      </div>
    );
  }

  const copy = () => copyText(uri, t('walletconnect.linkCopied'));
  const renewed = pairing.state === 'waiting' && pairing.renewals > 0 ? <p className="hint" role="status">{t('walletconnect.expired')}</p> : null;
  const copyButton = (
    <button type="button" className="button secondary" part="button" onClick={() => void copy()}>
      <Icon name="copy" /> {t('walletconnect.copyLink')}
    </button>
  );

  // A phone never shows a QR code of its own screen: the wallet's link, or the URI to copy into a wallet app.
  if (link || onMobile) {
    const install = link ? chosenWalletInstallLink(route.wallet) : undefined;
    return (
      <div className="walletconnect" data-state="link">
        <p className="status" role="status">{link ? t('connecting.continueIn', { wallet: name }) : t('walletconnect.pasteHint')}</p>
        {link ? <p className="hint">{t('walletconnect.notOpened', { wallet: name })}</p> : null}
        {renewed}
        <div className="actions">
          {link ? <a className="button primary" part="button" href={link} rel="noopener noreferrer">{t('walletconnect.open', { wallet: name })}</a> : null}
          {copyButton}
        </div>
        {install ? (
          <a className="install-link" href={install.url} target="_blank" rel="noopener noreferrer">
            {t(`walletconnect.install.${install.kind}`, { wallet: name })}
          </a>
        ) : null}
      </div>
    );
  }
  return (
    <div className="walletconnect" data-state="qr">
      <QrCode value={uri} label={t('walletconnect.qrLabel', { wallet: name })} logo={record ? directoryWalletImage(record) : undefined} />
      <p className="status" role="status">{route.wallet ? t('walletconnect.scanWith', { wallet: name }) : t('walletconnect.scan')}</p>
      {renewed}
      <div className="actions">{copyButton}</div>
    </div>
  );
}
