import { useStore } from '@nanostores/react';
import { connect } from '../../stores/actions/index.js';
import { $recentWallets } from '../../stores/recent-wallets.js';
import { $wallets } from '../../stores/wallets.js';
import { type WalletListItem, WalletList } from '../parts/WalletList.js';
import { useT } from './use-t.js';

/** Connect: every announced wallet, the recent ones (at most 2) first and marked. */
export function ConnectScreen() {
  const t = useT();
  const wallets = useStore($wallets);
  const recent = useStore($recentWallets);
  const rank = (id: string) => (recent.includes(id) ? recent.indexOf(id) : recent.length);
  const items: WalletListItem[] = [...wallets]
    .sort((a, b) => rank(a.id) - rank(b.id))
    .map((w) => ({ id: w.id, name: w.name, icon: w.icon, tag: recent.includes(w.id) ? t('connect.recent') : t('connect.installed') }));

  if (items.length === 0) return <p className="hint" role="status">{t('connect.noWallets')}</p>;
  return <WalletList wallets={items} label={t('connect.walletsLabel')} onSelect={(id) => void connect(id).catch(() => {})} />;
}
