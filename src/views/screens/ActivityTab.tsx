import '../../core/messages-account.js';
import '../../core/messages-transactions.js';
import { useStore } from '@nanostores/react';
import { formatAmount, formatDateTime, formatDecimalString } from '../../core/format.js';
import type { MessageId } from '../../core/messages.js';
import type { Transaction } from '../../stores/activity.js';
import { $activity, loadMoreActivity } from '../../stores/activity.js';
import { $connected } from '../../stores/connection.js';
import { $pendingTransactions } from '../../stores/pending-transactions.js';
import type { SentTransaction } from '../../stores/route.js';
import { ActivityList } from '../parts/ActivityList.js';
import { useLang, useT } from './use-t.js';

const titles: Record<'in' | 'out' | 'self', MessageId> = { in: 'activity.receive', out: 'activity.send', self: 'activity.self' };

/** The Activity tab: history of the active chain, more pages as the end of the list comes into view. */
export function ActivityTab() {
  const t = useT();
  const lang = useLang();
  const activity = useStore($activity);
  const connection = useStore($connected);
  // Transactions the widget sent that the history does not list yet come first, marked pending.
  const listed = new Set(activity.items.map((tx) => tx.metadata.hash.toLowerCase()));
  const pending = useStore($pendingTransactions).filter(
    (tx) => tx.chainId === connection?.chainId && tx.from.toLowerCase() === connection.address.toLowerCase() && !listed.has(tx.hash.toLowerCase()),
  );
  if (activity.empty && !activity.loading && pending.length === 0) return <p className="hint">{t('account.noActivity')}</p>;
  const describePending = (tx: SentTransaction) => ({
    id: tx.hash,
    title: t('tx.sending'),
    amount: `−${formatAmount(BigInt(tx.amount), tx.decimals, lang, tx.decimals)} ${tx.symbol}`,
    time: t('tx.pending'),
    failed: false,
    pending: true,
  });
  const describe = (tx: Transaction) => {
    const transfer = tx.transfers?.[0];
    const symbol = transfer?.fungible_info?.symbol ?? transfer?.nft_info?.name ?? '';
    const sign = transfer?.direction === 'in' ? '+' : transfer?.direction === 'out' ? '−' : '';
    return {
      id: tx.id,
      title: tx.metadata.status === 'failed' ? t('activity.failed') : t(titles[transfer?.direction ?? 'self']),
      amount: transfer ? `${sign}${formatDecimalString(transfer.quantity.numeric, lang)} ${symbol}`.trim() : '',
      time: formatDateTime(tx.metadata.minedAt, lang),
      failed: tx.metadata.status === 'failed',
    };
  };
  return (
    <ActivityList
      rows={[...pending.map(describePending), ...activity.items.map(describe)]}
      label={t('account.activity')}
      loading={activity.loading}
      loadingLabel={t('account.loadingActivity')}
      more={activity.next !== null}
      onEnd={() => void loadMoreActivity()}
    />
  );
}
