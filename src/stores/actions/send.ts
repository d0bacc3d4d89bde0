import '../../core/messages-account.js';
import { isEvmConnector } from '../../connectors/types.js';
import { evmChainId, isEvmAddress } from '../../core/caip.js';
import { WidgetError, errorSummary, isWidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { resolveName } from '../../services/wallet-api.js';
import { $config } from '../config.js';
import { $connected } from '../connection.js';
import { reportError } from '../errors.js';
import { $modal } from '../modal.js';
import { addPendingTransaction } from '../pending-transactions.js';
import { $route, type SendTransfer, type SentTransaction, popRoute, pushRoute, replaceRoute, resetRoute } from '../route.js';
import { $sendDraft, $sendTokens, type SendDraft, checkSend } from '../send.js';
import { estimateSendFee } from '../send-fee.js';
import { showToast } from '../toasts.js';
import { noteTransaction } from '../transactions.js';
import { $walletApi } from '../wallet-api-config.js';
import { findWallet } from '../wallets.js';
import { trackTransaction } from './track-transactions.js';

/** The visitor edits the Send form. */
export function updateSendDraft(change: Partial<SendDraft>): void {
  $sendDraft.set({ ...$sendDraft.get(), ...change });
}

type Pin = Pick<SendTransfer, 'chainId' | 'from'>;

/** Whether the wallet is still on the chain and account a transfer was reviewed on. */
function stillPinned(pin: Pin): boolean {
  const connection = $connected.get();
  return connection !== undefined && connection.chainId === pin.chainId && connection.address.toLowerCase() === pin.from.toLowerCase();
}

/** Leaves the review for the Send form, saying that the network or account changed. */
function cancelReview(): void {
  if ($route.get().view !== 'SendReview') return;
  popRoute();
  const error = t('error.sendContextChanged', {}, $config.get().lang);
  if ($route.get().view === 'Send') replaceRoute({ view: 'Send', error });
  else pushRoute({ view: 'Send', error });
}

let stopWatching: (() => void) | undefined;

/** While `transfer` is under review, a change of chain or account cancels the review. */
function watchReview(transfer: SendTransfer): void {
  stopWatching?.();
  const stop = () => {
    offConnection();
    offRoute();
    if (stopWatching === stop) stopWatching = undefined;
  };
  const offConnection = $connected.listen(() => {
    if (stillPinned(transfer)) return;
    stop();
    cancelReview();
  });
  const offRoute = $route.listen((route) => { if (route.view !== 'SendReview' || route.transfer !== transfer) stop(); });
  stopWatching = stop;
}

/**
 * Checks the Send form; on success resolves a name to its address and shows the review step, pinned to the
 * chain and account it was made on, and starts the fee estimate.
 */
export async function reviewSend(): Promise<void> {
  const connection = $connected.get();
  const lang = $config.get().lang;
  const check = checkSend($sendDraft.get(), $sendTokens.get(), connection?.namespace, lang);
  if (!check.ok) return replaceRoute({ view: 'Send', error: check.message });
  if (!connection || !isEvmAddress(connection.address)) return replaceRoute({ view: 'Send', error: t('error.unsupportedChain', {}, lang) });
  const pin: Pin = { chainId: connection.chainId, from: connection.address };
  let to = check.receiver as `0x${string}`;
  let name: string | undefined;
  if (!isEvmAddress(check.receiver)) {
    name = check.receiver;
    const api = $walletApi.get();
    let resolved: `0x${string}` | undefined;
    try {
      resolved = api ? await resolveName(api, name) : undefined;
    } catch (cause) {
      reportError(isWidgetError(cause) ? cause : new WidgetError('UNKNOWN', t('error.nameServiceFailed', { name }, lang), { cause }));
      return replaceRoute({ view: 'Send', error: t('error.nameServiceFailed', { name }, lang) });
    }
    if (!resolved) return replaceRoute({ view: 'Send', error: t('error.receiverNotFound', { name }, lang) });
    to = resolved;
  }
  // The wallet may have moved while the name was looked up.
  if (!stillPinned(pin)) return replaceRoute({ view: 'Send', error: t('error.sendContextChanged', {}, lang) });
  const transfer: SendTransfer = {
    ...pin, tokenKey: check.token.key, symbol: check.token.symbol, decimals: check.token.decimals, tokenAddress: check.token.tokenAddress, amount: check.amount.toString(), to, name,
  };
  replaceRoute({ view: 'Send' });
  pushRoute({ view: 'SendReview', transfer });
  watchReview(transfer);
  void estimateSendFee(transfer);
}

/**
 * Sends the reviewed transfer through the connected wallet. `wallet-transaction` goes pending → confirmed
 * or failed; the result view shows it (a toast when the modal was closed meanwhile); the transaction is
 * stored while pending; balances and activity are read again once it is mined.
 */
export async function confirmSend(): Promise<void> {
  const route = $route.get();
  if (route.view !== 'SendReview' || route.state === 'approving') return;
  const { transfer } = route;
  // Never ask the wallet for a transfer on another chain or from another account than the one reviewed.
  if (!stillPinned(transfer)) return cancelReview();
  const connection = $connected.get()!;
  const connector = findWallet(connection.walletId);
  if (!connector || !isEvmConnector(connector)) return reportError(new WidgetError('UNSUPPORTED_CHAIN', t('error.unsupportedChain')));
  replaceRoute({ ...route, state: 'approving', error: undefined });
  const { sendTransfer } = await import('../../connectors/evm/transfer.js');
  if (!stillPinned(transfer)) return cancelReview();
  const chainId = transfer.chainId;
  const kind = transfer.tokenAddress ? 'erc20-transfer' : 'native-transfer';
  let hash: `0x${string}`;
  try {
    hash = await sendTransfer(
      { chainId: evmChainId(chainId), from: transfer.from, to: transfer.to, tokenAddress: transfer.tokenAddress, amount: BigInt(transfer.amount) },
      connector.getProvider(),
    );
  } catch (cause) {
    const error = cause instanceof WidgetError ? cause : new WidgetError('UNKNOWN', t('error.sendFailed'), { cause });
    if ($route.get().view === 'SendReview') replaceRoute({ ...route, state: undefined, error: errorSummary(error) });
    return reportError(error);
  }
  const transaction: SentTransaction = {
    hash, chainId, kind, from: transfer.from, to: transfer.to, amount: transfer.amount, decimals: transfer.decimals, symbol: transfer.symbol, submittedAt: Date.now(),
  };
  addPendingTransaction(transaction);
  noteTransaction({ status: 'pending', hash, chainId, kind });
  $sendDraft.set({ tokenKey: transfer.tokenKey, amount: '', receiver: '' });
  // The visitor still on this review sees the result view; one who closed the modal (or moved on) while the
  // wallet asked gets a toast (closing is not cancelling: the transfer is tracked all the same).
  const current = $route.get();
  const onReview = current.view === 'SendReview' && current.transfer === transfer;
  if (onReview && $modal.get().open) resetRoute({ view: 'SendResult', transaction });
  else {
    if (onReview) resetRoute({ view: 'Account', tab: 'activity' });
    showToast('loading', t('send.pending'));
  }
  await trackTransaction(transaction, connector.getProvider());
}
