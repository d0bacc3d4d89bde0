import '../../core/messages-account.js';
import { useStore } from '@nanostores/react';
import { formatDateTime, formatDecimalString } from '../../core/format.js';
import type { MessageId } from '../../core/messages.js';
import type { Transaction } from '../../stores/activity.js';
import { $activity, loadMoreActivity } from '../../stores/activity.js';
import { ActivityList } from '../parts/ActivityList.js';
import { useLang, useT } from './use-t.js';

const titles: Record<'in' | 'out' | 'self', MessageId> = { in: 'activity.receive', out: 'activity.send', self: 'activity.self' };

/** The Activity tab: history of the active chain, more pages as the end of the list comes into view. */
export function ActivityTab() {
  const t = useT();
  const lang = useLang();
  const activity = useStore($activity);
  if (activity.empty && !activity.loading) return <p className="hint">{t('account.noActivity')}</p>;
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
      rows={activity.items.map(describe)}
      label={t('account.activity')}
      loading={activity.loading}
      loadingLabel={t('account.loadingActivity')}
      more={activity.next !== null}
      onEnd={() => void loadMoreActivity()}
    />
  );
}
