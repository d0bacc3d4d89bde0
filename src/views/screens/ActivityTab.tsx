import '../../core/messages-account.js';
import '../../core/messages-activity.js';
import '../../core/messages-transactions.js';
import { useStore } from '@nanostores/react';
import { addressKey, sameAddress } from '../../core/address.js';
import { formatTime } from '../../core/format.js';
import { $activity, loadMoreActivity, retryActivity } from '../../stores/activity.js';
import { $connected } from '../../stores/connection.js';
import { $pendingTransactions } from '../../stores/pending-transactions.js';
import { $portfolio } from '../../stores/portfolio.js';
import { ActivityList } from '../parts/ActivityList.js';
import { RetryNotice } from '../parts/RetryNotice.js';
import { activityRow, isListed, pendingRow, tokenKey } from './activity-rows.js';
import { useNetworkInfo } from './networks.js';
import { useLang, useT } from './use-t.js';

/**
 * The Activity tab: history of the active chain, more pages as the end of the list comes into view. A failed
 * call says so (not "No activity yet") with a Retry, under the pages already loaded.
 */
export function ActivityTab() {
  const t = useT();
  const lang = useLang();
  const activity = useStore($activity);
  const connection = useStore($connected);
  const portfolio = useStore($portfolio);
  const sent = useStore($pendingTransactions);
  const network = useNetworkInfo(connection?.chainId);
  if (!connection || !network) return null;
  // The Tokens list's 0-decimal tokens (history transfers carry no decimals: matched by name and symbol).
  const zeroDecimal = new Set(portfolio.status === 'ready' ? portfolio.zeroDecimal.map((b) => tokenKey(b.name, b.symbol)) : []);
  const failure = activity.error ? (
    <RetryNotice
      message={t('error.failedToFetchTransactions')}
      retryLabel={t('action.retry')}
      availableAt={activity.retryAt === undefined ? undefined : t('retry.availableAt', { time: formatTime(activity.retryAt, lang) })}
      onRetry={() => void retryActivity()}
    />
  ) : undefined;
  // Transactions the widget sent that the history does not list yet come first, marked pending.
  const listed = new Set(activity.items.map((tx) => addressKey(tx.metadata.hash)));
  const pending = sent.filter((tx) => tx.chainId === connection.chainId && sameAddress(tx.from, connection.address) && !listed.has(addressKey(tx.hash)));
  if (activity.empty && !activity.loading && pending.length === 0) return <p className="hint">{t('account.noActivity')}</p>;
  const rows = activity.items.filter((tx) => isListed(tx, zeroDecimal, connection.address)).map((tx) => activityRow(tx, connection.address, network, zeroDecimal, t, lang));
  return (
    <ActivityList
      rows={[...pending.map((tx) => pendingRow(tx, t, lang)), ...rows]}
      label={t('account.activity')}
      loading={activity.loading}
      loadingLabel={t('account.loadingActivity')}
      more={activity.next !== null}
      onEnd={() => void loadMoreActivity()}
      footer={failure}
    />
  );
}
