import '../../core/messages-account.js';
import '../../core/messages-solana-send.js';
import { useStore } from '@nanostores/react';
import { truncateAddress } from '../../core/caip.js';
import { formatAmount, formatTokenAmount, formatUsdValue } from '../../core/format.js';
import { networkInfo } from '../../core/networks.js';
import { confirmSend, retrySendFee } from '../../stores/actions/send.js';
import { $config } from '../../stores/config.js';
import type { Route } from '../../stores/route.js';
import { $sendFee, sendFeeKey } from '../../stores/send-fee.js';
import { Spinner } from '../parts/Spinner.js';
import { useLang, useT } from './use-t.js';
import sendCss from '../../../styles/send.css';
import { registerSheet } from '../sheets.js';

registerSheet(sendCss);

/**
 * Review: network, from, to, the amount and its value, the network fee and the total; then the wallet's
 * approval. "Send now" waits for the fee, and says why while it cannot be estimated.
 */
export default function SendReviewScreen({ route }: { route: Extract<Route, { view: 'SendReview' }> }) {
  const t = useT();
  const lang = useLang();
  const config = useStore($config);
  const { transfer } = route;
  const stored = useStore($sendFee);
  const fee = stored?.key === sendFeeKey(transfer) ? stored : undefined;
  // Named as everywhere else: the site owner's network-meta name, else the built-in one.
  const network = networkInfo(transfer.chainId, config.rpcUrls[transfer.chainId], config.networkMeta[transfer.chainId]);
  const native = network.nativeCurrency;
  const amount = BigInt(transfer.amount);
  const amountText = `${formatAmount(amount, transfer.decimals, lang, transfer.decimals)} ${transfer.symbol}`;
  const value = formatUsdValue(amount, transfer.decimals, transfer.usdPrice, lang);
  // Solana's fee and deposits are exact (no gas price to move): shown to the lamport; an EVM estimate rounded.
  const exact = transfer.chainId.startsWith('solana:');
  const nativeText = (value: bigint) => `${exact ? formatAmount(value, native.decimals, lang, native.decimals) : formatTokenAmount(value, native.decimals, lang)} ${native.symbol}`;
  // Solana: a transfer that opens the receiver's token account also pays its rent deposit, and says so.
  const deposit = fee?.status === 'ready' ? fee.cost.deposit : 0n;
  const feeText = fee?.status !== 'ready' ? undefined
    : deposit > 0n ? t('solanaSend.feeWithDeposit', { fee: nativeText(fee.fee), deposit: nativeText(deposit) }) : nativeText(fee.fee);
  const total = fee?.status !== 'ready' ? undefined
    : transfer.tokenAddress === undefined ? `${formatAmount(amount + fee.fee + deposit, native.decimals, lang, native.decimals)} ${native.symbol}`
      : t('send.totalTwo', { amount: amountText, fee: nativeText(fee.fee + deposit) });
  return (
    <div className="send-review">
      <p className="review-amount" data-amount={transfer.amount} data-long={amountText.length > 16 ? '' : undefined}>{amountText}</p>
      {value ? <p className="review-value hint" data-value>{value}</p> : null}
      <dl className="review-list">
        <div>
          <dt>{t('send.network')}</dt>
          <dd data-network={transfer.chainId}>{network.name}</dd>
        </div>
        <div>
          <dt>{t('send.from')}</dt>
          <dd title={transfer.from} data-from={transfer.from} dir="ltr">{truncateAddress(transfer.from)}</dd>
        </div>
        <div>
          <dt>{t('send.receiver')}</dt>
          <dd title={transfer.to} data-to={transfer.to} dir="ltr">{transfer.name ? `${transfer.name} (${truncateAddress(transfer.to)})` : truncateAddress(transfer.to)}</dd>
        </div>
        <div>
          <dt>{t('send.networkFee')}</dt>
          <dd data-fee={fee?.status === 'ready' ? fee.fee.toString() : undefined} data-deposit={deposit > 0n ? deposit.toString() : undefined}>
            {feeText ?? (fee?.status === 'error' ? t('send.feeUnavailable') : t('send.estimating'))}
          </dd>
        </div>
        {total ? (
          <div>
            <dt>{t('send.total')}</dt>
            <dd data-total>{total}</dd>
          </div>
        ) : null}
      </dl>
      {route.error ? <p className="status error" role="alert">{route.error.message}</p> : null}
      {fee?.status === 'error' ? (
        <div className="fee-problem">
          <p id="send-fee-error" className="status error" role="alert">{t('error.feeUnknown')}</p>
          <button type="button" className="button secondary" data-action="retry-fee" onClick={retrySendFee}>{t('action.retry')}</button>
        </div>
      ) : null}
      {route.state === 'approving' ? (
        <div className="pending" role="status"><Spinner /><p className="status">{t('send.approveInWallet')}</p></div>
      ) : (
        <button
          type="button" className="button primary wide" part="button" data-action="confirm-send"
          disabled={fee?.status !== 'ready'} aria-describedby={fee?.status === 'error' ? 'send-fee-error' : undefined}
          onClick={() => void confirmSend()}
        >
          {t('action.confirmSend')}
        </button>
      )}
    </div>
  );
}
