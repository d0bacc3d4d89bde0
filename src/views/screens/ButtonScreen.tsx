import '../../core/messages-button.js';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { avatarHues } from '../../core/avatar.js';
import { truncateAddress } from '../../core/caip.js';
import { direction } from '../../core/locale.js';
import { $config } from '../../stores/config.js';
import { $connection } from '../../stores/connection.js';
import { $modal } from '../../stores/modal.js';
import { AccountButton } from '../parts/AccountButton.js';
import { useT } from './use-t.js';

type Data = typeof import('./button-data.js');
type Shown = { data: Data; balance: ReturnType<Data['$knownBalance']['get']>; identity: ReturnType<Data['$knownIdentity']['get']> };

/**
 * The balance and identity as the modal's views have read them. The button never starts a read: it listens to
 * their `$known*` copies, not to the stores whose first listener starts a read. Their code loads once the modal
 * has been opened with a connection (`live`), as before that nothing has been read; so a page with the button
 * loads one chunk for it before open, and makes no request.
 */
function useAccountData(live: boolean): Shown | undefined {
  const [shown, setShown] = useState<Shown>();
  useEffect(() => {
    if (!live) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./button-data.js').then((data) => {
      if (cancelled) return;
      const update = () => setShown({ data, balance: data.$knownBalance.get(), identity: data.$knownIdentity.get() });
      const offs = [data.$knownBalance.listen(update), data.$knownIdentity.listen(update)];
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
export function ButtonScreen({ theme, lang, onClick }: { theme: string | null; lang: string; onClick: () => void }) {
  const t = useT(lang);
  const connection = useStore($connection);
  const config = useStore($config);
  const where = { lang, dir: direction(lang) };
  const opened = useStore($modal).opened === true;
  // Connected after an open, the Account view's code (these stores) has loaded or is loading anyway.
  const shown = useAccountData(opened && connection.status === 'connected');
  const shownTheme = theme ?? config.theme;
  if (connection.status !== 'connected') {
    const label = connection.status === 'disconnected' ? t('button.connect') : t(connection.status === 'connecting' ? 'button.connecting' : 'button.reconnecting');
    return <AccountButton status={connection.status} label={label} balanceLabel={t('button.balance')} theme={shownTheme} {...where} onClick={onClick} />;
  }
  const { address, chainId } = connection;
  const balance = shown?.balance;
  const known = shown && balance?.status === 'ready' && balance.key === `${chainId}:${address}` ? balance.value : undefined;
  const currency = shown && known !== undefined ? shown.data.networkInfo(chainId, config.rpcUrls[chainId], config.networkMeta[chainId]).nativeCurrency : undefined;
  const identity = shown?.identity?.address === address ? shown.identity : undefined;
  return (
    <AccountButton
      status="connected"
      label={identity?.name ?? truncateAddress(address)}
      named={Boolean(identity?.name)}
      address={address}
      avatar={identity?.avatar ?? undefined}
      hues={avatarHues(address)}
      balance={shown && currency && known !== undefined ? `${shown.data.formatTokenAmount(known, currency.decimals, lang)} ${currency.symbol}` : undefined}
      balanceLabel={t('button.balance')}
      theme={shownTheme}
      {...where}
      onClick={onClick}
    />
  );
}
