import '../../core/messages-transactions.js';
import { useStore } from '@nanostores/react';
import { truncateAddress } from '../../core/caip.js';
import { formatAmount } from '../../core/format.js';
import { explorerLink } from '../../core/explorer.js';
import { $transactionStatus } from '../../stores/pending-transactions.js';
import { type Route, resetRoute } from '../../stores/route.js';
import { Icon } from '../parts/Icon.js';
import { Spinner } from '../parts/Spinner.js';
import { useNetworkInfo } from './networks.js';
import { useLang, useT } from './use-t.js';
import sendCss from '../../../styles/send.css';
import resultCss from '../../../styles/send-result.css';
import { registerSheet } from '../sheets.js';
import { copyText } from '../../stores/actions/copy-text.js';

registerSheet(sendCss);
registerSheet(resultCss);

/** After the wallet sent a transfer: pending, then confirmed or failed, with the hash and the explorer link. */
export default function SendResultScreen({ route }: { route: Extract<Route, { view: 'SendResult' }> }) {
  const t = useT();
  const lang = useLang();
  const { transaction } = route;
  const status = useStore($transactionStatus)[transaction.hash] ?? 'pending';
  // The network as the site owner gave it (network-meta's explorer; rpc-urls, by which explorer.solana.com names
  // the local chain), as the Activity links have it.
  const network = useNetworkInfo(transaction.chainId);
  const explorer = explorerLink(transaction.chainId, transaction.hash, network);
  const copy = () => copyText(transaction.hash, t('tx.copied'));
  return (
    <div className="send-result" data-status={status}>
      <div className={`result-state ${status}`} role="status">
        {status === 'pending' ? <Spinner /> : <Icon name={status === 'confirmed' ? 'check' : 'warning'} />}
        <p className="status">{t(status === 'pending' ? 'tx.waiting' : status === 'confirmed' ? 'tx.confirmed' : 'tx.failed')}</p>
      </div>
      <p className="review-amount" dir="ltr">{`${formatAmount(BigInt(transaction.amount), transaction.decimals, lang, transaction.decimals)} ${transaction.symbol}`}</p>
      <dl className="review-list">
        <div>
          <dt>{t('tx.to')}</dt>
          <dd title={transaction.to} dir="ltr">{truncateAddress(transaction.to)}</dd>
        </div>
        <div>
          <dt>{t('tx.hash')}</dt>
          <dd className="result-hash" title={transaction.hash} data-hash={transaction.hash}>
            <span dir="ltr">{truncateAddress(transaction.hash)}</span>
            <button type="button" className="icon-button" part="button" data-action="copy-hash" aria-label={t('tx.copyHash')} title={t('tx.copyHash')} onClick={() => void copy()}>
              <Icon name="copy" />
            </button>
          </dd>
        </div>
      </dl>
      {explorer ? (
        <a className="button wide" part="button" data-explorer href={explorer.href} target="_blank" rel="noopener noreferrer">{t('tx.viewOnExplorer', { explorer: explorer.host })}</a>
      ) : null}
      <button type="button" className="button primary wide" part="button" data-action="done" onClick={() => resetRoute({ view: 'Account', tab: 'activity' })}>{t('action.done')}</button>
    </div>
  );
}
