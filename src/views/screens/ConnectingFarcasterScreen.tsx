import '../../core/messages-social.js';
import '../../core/messages-walletconnect.js';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { copyText } from '../../stores/actions/copy-text.js';
import { startFarcasterLogin, stopFarcasterLogin } from '../../stores/actions/farcaster.js';
import { $farcasterLogin } from '../../stores/farcaster.js';
import { Icon } from '../parts/Icon.js';
import { QrCode } from '../parts/QrCode.js';
import { Spinner } from '../parts/Spinner.js';
import { registerSheet } from '../sheets.js';
import walletConnectCss from '../../../styles/walletconnect.css';
import { useT } from './use-t.js';

registerSheet(walletConnectCss);

/**
 * ConnectingFarcaster (docs/specification.md#views): Sign In With Farcaster. The secure service opens a channel; its link shows
 * as a QR code (and a link and copy button), and the view waits while the visitor approves in the Farcaster
 * app. Leaving the view stops the waiting. "Failed to connect to farcaster" with Try again on failure.
 */
export default function ConnectingFarcasterScreen() {
  const t = useT();
  const state = useStore($farcasterLogin);
  useEffect(() => {
    void startFarcasterLogin();
    return stopFarcasterLogin;
  }, []);

  if (state.status === 'error') {
    return (
      <div className="walletconnect farcaster" data-state="error">
        <p className="status error" role="alert">{state.error}</p>
        <button type="button" className="button primary" part="button" data-action="farcaster-retry" onClick={() => void startFarcasterLogin()}>
          {t('farcaster.retry')}
        </button>
      </div>
    );
  }
  if (state.status === 'starting') {
    return (
      <div className="walletconnect farcaster" data-state="starting">
        <div className="qr-placeholder"><Spinner label={t('farcaster.starting')} /></div>
      </div>
    );
  }
  const { url } = state;
  return (
    <div className="walletconnect farcaster" data-state={state.status === 'signing-in' ? 'signing-in' : 'qr'}>
      <QrCode value={url} label={t('farcaster.qrLabel')} />
      <p className="status" role="status">{state.status === 'signing-in' ? t('farcaster.signingIn') : t('farcaster.scan')}</p>
      {state.status === 'waiting' ? <Spinner label={t('farcaster.waiting')} /> : <Spinner label={t('farcaster.signingIn')} />}
      <div className="actions">
        <a className="button primary" part="button" href={url} rel="noopener noreferrer" data-action="farcaster-open">{t('farcaster.open')}</a>
        <button type="button" className="button secondary" part="button" onClick={() => void copyText(url, t('walletconnect.linkCopied'))}>
          <Icon name="copy" /> {t('walletconnect.copyLink')}
        </button>
      </div>
    </div>
  );
}
