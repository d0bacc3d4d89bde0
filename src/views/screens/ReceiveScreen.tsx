import '../../core/messages-wallet-views.js';
import '../../core/messages-activity.js';
import { useStore } from '@nanostores/react';
import { $connected } from '../../stores/connection.js';
import { Icon } from '../parts/Icon.js';
import { NetworkIcon } from '../parts/NetworkIcon.js';
import { QrCode } from '../parts/QrCode.js';
import { useNetworkInfo } from './networks.js';
import { useT } from './use-t.js';
import receiveCss from '../../../styles/receive.css';
import { registerSheet } from '../sheets.js';
import { copyText } from '../../stores/actions/copy-text.js';

registerSheet(receiveCss);

/** Receive: the visitor's own address as a QR code (the plain address, which every wallet scans), in full, and Copy. */
export default function ReceiveScreen() {
  const t = useT();
  const connection = useStore($connected);
  const network = useNetworkInfo(connection?.chainId);
  if (!connection || !network) return null;
  const copy = () => copyText(connection.address, t('account.copied'));
  return (
    <div className="receive">
      <QrCode value={connection.address} label={t('receive.qrLabel', { address: connection.address })} />
      <p className="receive-network">
        <NetworkIcon network={network} />
        <span data-network-name>{network.name}</span>
      </p>
      <p className="receive-address" part="address" data-address={connection.address} dir="ltr">
        {/* Two halves, broken between them only when the line is too short for all of it. */}
        {connection.address.slice(0, Math.ceil(connection.address.length / 2))}<wbr />{connection.address.slice(Math.ceil(connection.address.length / 2))}
      </p>
      <button type="button" className="button primary" part="button" data-action="copy" onClick={() => void copy()}>
        <Icon name="copy" />
        <span>{t('action.copy')}</span>
      </button>
      <p className="hint">{t('receive.hint', { network: network.name })}</p>
    </div>
  );
}
