import '../../core/messages-button.js';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { avatarHues } from '../../core/avatar.js';
import { truncateAddress } from '../../core/caip.js';
import { networkInfo } from '../../core/networks.js';
import { $config } from '../../stores/config.js';
import { $connection } from '../../stores/connection.js';
import { $modal } from '../../stores/modal.js';
import { AccountButton } from '../parts/AccountButton.js';
import { useT } from './use-t.js';

type Data = typeof import('./button-data.js');
type Shown = { data: Data; balance: ReturnType<Data['$nativeBalance']['get']>; identity: ReturnType<Data['$identity']['get']> };

/**
 * The balance and identity, once `live`: the modal has been opened on this page. Until then the button reads
 * no store that would fetch (a store's first listener starts its read), so before the modal is opened the
 * button makes no request but for its own code, and it shows a balance only once the modal's views read it.
 */
function useAccountData(live: boolean): Shown | undefined {
  const [shown, setShown] = useState<Shown>();
  useEffect(() => {
    if (!live) return setShown(undefined);
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./button-data.js').then((data) => {
      if (cancelled) return;
      const update = () => setShown({ data, balance: data.$nativeBalance.get(), identity: data.$identity.get() });
      const offs = [data.$nativeBalance.listen(update), data.$identity.listen(update)];
      update();
      stop = () => offs.forEach((off) => off());
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [live]);
  return live ? shown : undefined;
}

/** <wallet-connect-button>'s content, bound to the stores the modal fills (the same module instances). */
export function ButtonScreen({ theme, onClick }: { theme: string | null; onClick: () => void }) {
  const t = useT();
  const connection = useStore($connection);
  const config = useStore($config);
  const opened = useStore($modal).opened === true;
  const shown = useAccountData(opened && connection.status === 'connected');
  const shownTheme = theme ?? config.theme;
  if (connection.status !== 'connected') {
    const label = connection.status === 'disconnected' ? t('button.connect') : t(connection.status === 'connecting' ? 'button.connecting' : 'button.reconnecting');
    return <AccountButton status={connection.status} label={label} balanceLabel={t('button.balance')} theme={shownTheme} onClick={onClick} />;
  }
  const { address, chainId } = connection;
  const { nativeCurrency } = networkInfo(chainId, config.rpcUrls[chainId], config.networkMeta[chainId]);
  const balance = shown?.balance;
  const known = balance?.status === 'ready' && balance.key === `${chainId}:${address}` ? balance.value : undefined;
  const identity = shown?.identity;
  return (
    <AccountButton
      status="connected"
      label={identity?.name ?? truncateAddress(address)}
      named={Boolean(identity?.name)}
      address={address}
      avatar={identity?.avatar ?? undefined}
      hues={avatarHues(address)}
      balance={known === undefined || !shown ? undefined : `${shown.data.formatTokenAmount(known, nativeCurrency.decimals, config.lang)} ${nativeCurrency.symbol}`}
      balanceLabel={t('button.balance')}
      theme={shownTheme}
      onClick={onClick}
    />
  );
}
