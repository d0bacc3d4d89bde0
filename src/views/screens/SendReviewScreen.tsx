import '../../core/messages-account.js';
import { useStore } from '@nanostores/react';
import { truncateAddress } from '../../core/caip.js';
import { formatAmount, formatTokenAmount } from '../../core/format.js';
import { networkInfo } from '../../core/networks.js';
import { confirmSend } from '../../stores/actions/send.js';
import type { Route } from '../../stores/route.js';
import { $sendFee, sendFeeKey } from '../../stores/send-fee.js';
import { Spinner } from '../parts/Spinner.js';
import { useLang, useT } from './use-t.js';
import sendCss from '../../../styles/send.css';
import { registerSheet } from '../sheets.js';

registerSheet(sendCss);

/** Review: what goes where, the network fee estimate, then the wallet's approval. */
export default function SendReviewScreen({ route }: { route: Extract<Route, { view: 'SendReview' }> }) {
  const t = useT();
  const lang = useLang();
  const { transfer } = route;
  const stored = useStore($sendFee);
  const fee = stored?.key === sendFeeKey(transfer) ? stored : undefined;
  const native = networkInfo(transfer.chainId).nativeCurrency;
  return (
    <div className="send-review">
      <p className="review-amount" data-amount={transfer.amount}>{`${formatAmount(BigInt(transfer.amount), transfer.decimals, lang, transfer.decimals)} ${transfer.symbol}`}</p>
      <dl className="review-list">
        <div>
          <dt>{t('send.receiver')}</dt>
          <dd title={transfer.to} data-to={transfer.to}>{transfer.name ? `${transfer.name} (${truncateAddress(transfer.to)})` : truncateAddress(transfer.to)}</dd>
        </div>
        <div>
          <dt>{t('send.networkFee')}</dt>
          <dd data-fee={fee?.status === 'ready' ? fee.fee.toString() : undefined}>
            {fee?.status === 'ready' ? `${formatTokenAmount(fee.fee, native.decimals, lang)} ${native.symbol}` : fee?.status === 'error' ? t('send.feeUnavailable') : t('send.estimating')}
          </dd>
        </div>
      </dl>
      {route.error ? <p className="status error" role="alert">{route.error.message}</p> : null}
      {route.state === 'approving' ? (
        <div className="pending" role="status"><Spinner /><p className="status">{t('send.approveInWallet')}</p></div>
      ) : (
        <button type="button" className="button primary wide" part="button" data-action="confirm-send" onClick={() => void confirmSend()}>{t('action.confirmSend')}</button>
      )}
    </div>
  );
}
