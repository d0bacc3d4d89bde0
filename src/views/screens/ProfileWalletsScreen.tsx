import '../../core/messages-wallets.js';
import '../../core/messages-solana.js';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { type Namespace, truncateAddress } from '../../core/caip.js';
import { formatTokenAmount } from '../../core/format.js';
import { $accountType } from '../../stores/account-type.js';
import { activateWallet, addWallet, disconnectWallet } from '../../stores/actions/profile-wallets.js';
import { readNativeBalanceOf } from '../../stores/balance.js';
import { $config } from '../../stores/config.js';
import { $connected, $connections, $heldConnections, type Connected } from '../../stores/connection.js';
import { $wallets } from '../../stores/wallets.js';
import { WalletIcon } from '../parts/WalletIcon.js';
import { useNetworkInfo } from './networks.js';
import { useLang, useT } from './use-t.js';
import walletsCss from '../../../styles/wallets.css';
import { registerSheet } from '../sheets.js';

registerSheet(walletsCss);

const NAMESPACES: readonly Namespace[] = ['eip155', 'solana'];

/** The row's native balance, read once when it shows (the chain's own RPC, as the Account view's). */
function Balance({ record }: { record: Connected }) {
  const lang = useLang();
  const network = useNetworkInfo(record.chainId);
  const [value, setValue] = useState<bigint | null | undefined>();
  useEffect(() => {
    let live = true;
    setValue(undefined);
    readNativeBalanceOf(record).then(
      (v) => live && setValue(v),
      () => live && setValue(null),
    );
    return () => {
      live = false;
    };
  }, [record.walletId, record.address, record.chainId]);
  if (!network || value === undefined) return null;
  return <span data-balance={value === null ? '' : value.toString()} dir="ltr">{value === null ? '—' : `${formatTokenAmount(value, network.nativeCurrency.decimals, lang)} ${network.nativeCurrency.symbol}`}</span>;
}

/**
 * ProfileWallets (docs/specification.md#views): every connected wallet per namespace with its type, address and
 * balance, the active one marked; another can be made active, one disconnected, or one added (Connect filtered to
 * the namespace; the wallet there stays connected, parked here).
 */
export default function ProfileWalletsScreen() {
  const t = useT();
  const connections = useStore($connections);
  const held = useStore($heldConnections);
  const active = useStore($connected);
  const wallets = useStore($wallets);
  const accountType = useStore($accountType);
  const config = useStore($config);
  const [busy, setBusy] = useState<string | undefined>();
  const served = NAMESPACES.filter((ns) => config.networks.some((id) => id.startsWith(`${ns}:`)));
  const typeOf = (record: Connected) =>
    record.connector.type === 'auth' && accountType?.smartAccount?.address.toLowerCase() === record.address.toLowerCase() ? t('wallets.type.smartAccount') : t(`wallets.type.${record.connector.type}`);
  const disconnect = async (walletId: string) => {
    setBusy(walletId);
    try {
      await disconnectWallet(walletId);
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <div className="profile-wallets" data-view="ProfileWallets">
      {served.map((namespace) => {
        const rows = [connections[namespace], ...held.filter((c) => c.namespace === namespace).reverse()].filter((c): c is Connected => !!c);
        const heading = `wallets-${namespace}`;
        return (
          <section key={namespace} aria-labelledby={heading} data-namespace={namespace}>
            <h3 id={heading}>{t(`namespace.${namespace}`)}</h3>
            {rows.length === 0 ? <p className="hint">{t('wallets.none')}</p> : null}
            <ul className="list">
              {rows.map((record) => {
                const current = active?.walletId === record.walletId;
                const inNamespace = connections[namespace]?.walletId === record.walletId;
                const type = typeOf(record);
                const icon = wallets.find((w) => w.id === record.walletId)?.icon;
                return (
                  <li key={record.walletId} className="wallet-row" aria-current={current ? 'true' : undefined} data-wallet-id={record.walletId} data-active={String(inNamespace)}>
                    <WalletIcon name={record.connector.name} icon={icon} />
                    <span className="row-main">
                      <span className="row-title">{record.connector.name}</span>
                      <span className="row-sub" data-wallet-type={type}>{type}</span>
                      <span className="row-sub" title={record.address} data-address={record.address} dir="ltr">{truncateAddress(record.address)}</span>
                      <span className="row-sub"><Balance record={record} /></span>
                    </span>
                    <span className="row-actions">
                      {current ? <span className="tag" data-active-tag="">{t('wallets.active')}</span> : (
                        <button type="button" className="button primary" part="button" data-action="make-active" aria-label={`${t('wallets.makeActive')}: ${record.connector.name}`} onClick={() => activateWallet(record.walletId)}>
                          {t('wallets.makeActive')}
                        </button>
                      )}
                      <button type="button" className="button secondary" part="button" data-action="disconnect-wallet" disabled={busy === record.walletId} aria-label={`${t('wallets.disconnect')}: ${record.connector.name}`} onClick={() => void disconnect(record.walletId)}>
                        {t('wallets.disconnect')}
                      </button>
                    </span>
                  </li>
                );
              })}
            </ul>
            <button type="button" className="button secondary add" part="button" data-action="add-wallet" data-namespace={namespace} aria-label={`${t('wallets.add')} (${t(`namespace.${namespace}`)})`} onClick={() => addWallet(namespace)}>
              {t('wallets.add')}
            </button>
          </section>
        );
      })}
    </div>
  );
}
