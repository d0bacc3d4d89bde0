import { useStore } from '@nanostores/react';
import { truncateAddress } from '../../core/caip.js';
import { formatAmount } from '../../core/format.js';
import { networkInfo } from '../../core/networks.js';
import { disconnect } from '../../stores/actions/index.js';
import { $nativeBalance } from '../../stores/balance.js';
import { $config } from '../../stores/config.js';
import { $connected } from '../../stores/connection.js';
import { pushRoute } from '../../stores/route.js';
import { showToast } from '../../stores/toasts.js';
import { Icon } from '../parts/Icon.js';
import { Spinner } from '../parts/Spinner.js';
import { WalletIcon } from '../parts/WalletIcon.js';
import { $wallets } from '../../stores/wallets.js';
import { useLang, useT } from './use-t.js';

/** Account: address (truncated; copy gives it whole), network, native balance, switch and disconnect. */
export default function AccountScreen() {
  const t = useT();
  const lang = useLang();
  const connection = useStore($connected);
  const balance = useStore($nativeBalance);
  const config = useStore($config);
  const wallet = useStore($wallets).find((w) => w.id === connection?.walletId);
  if (!connection) return null;
  const network = networkInfo(connection.chainId, config.rpcUrls[connection.chainId]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(connection.address);
      showToast('success', t('account.copied'));
    } catch {
      showToast('error', t('error.unknown'));
    }
  };
  return (
    <div className="account">
      <WalletIcon name={connection.connector.name} icon={wallet?.icon} size="large" />
      <p className="address" part="address" title={connection.address} data-address={connection.address}>
        {truncateAddress(connection.address)}
      </p>
      <p className="balance" part="balance" aria-live="polite">
        <span className="visually-hidden">{t('account.balance')}: </span>
        {balance.status === 'ready' ? (
          <span data-balance={balance.value.toString()}>{`${formatAmount(balance.value, network.nativeCurrency.decimals, lang)} ${network.nativeCurrency.symbol}`}</span>
        ) : balance.status === 'error' ? (
          t('account.unknownBalance')
        ) : (
          <Spinner label={t('account.balanceLoading')} />
        )}
      </p>
      <ul className="list actions">
        <li>
          <button type="button" className="list-button" part="button" data-action="copy" onClick={() => void copy()}>
            <span className="network-icon"><Icon name="copy" /></span>
            <span className="list-label">{t('action.copyAddress')}</span>
          </button>
        </li>
        <li>
          <button type="button" className="list-button" part="button" data-action="switch-network" onClick={() => pushRoute({ view: 'SwitchNetwork' })}>
            <span className="network-icon"><Icon name="network" /></span>
            <span className="list-label">{network.name}</span>
            <span className="tag">{t('action.switchNetwork')}</span>
          </button>
        </li>
        <li>
          <button type="button" className="list-button" part="button" data-action="disconnect" onClick={() => void disconnect()}>
            <span className="network-icon"><Icon name="disconnect" /></span>
            <span className="list-label">{t('action.disconnect')}</span>
          </button>
        </li>
      </ul>
    </div>
  );
}
