import '../../core/messages-account.js';
import { type EvmConnector, type SolanaConnector, isEvmConnector, isSolanaConnector } from '../../connectors/types.js';
import { isAddress, sameAddress } from '../../core/address.js';
import { evmChainId, isEvmAddress } from '../../core/caip.js';
import { WidgetError, errorSummary, isWidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { resolveName } from '../../services/wallet-api.js';
import { base58Encode } from '../../core/base58.js';
import { readRpcUrl } from '../chain-reads.js';
import { $config } from '../config.js';
import { $connected } from '../connection.js';
import { reportError } from '../errors.js';
import { $modal } from '../modal.js';
import { addPendingTransaction } from '../pending-transactions.js';
import { $route, type SendTransfer, type SentTransaction, popRoute, pushRoute, replaceRoute, resetRoute } from '../route.js';
import { $sendDraft, $sendErrors, $sendTokens, type SendDraft, type SendErrors, checkSend, receiverProblem } from '../send.js';
import { $sendFee, estimateSendFee, sendFeeKey } from '../send-fee.js';
import { showToast } from '../toasts.js';
import { editSendDraft, feeProblem } from './send-form.js';
import { noteTransaction } from '../transactions.js';
import { $walletApi } from '../wallet-api-config.js';
import { findWallet } from '../wallets.js';
import { trackTransaction } from './track-transactions.js';

/** The visitor edits the Send form: the edited fields' messages, and the form's, go away. */
export function updateSendDraft(change: Partial<SendDraft>): void {
  editSendDraft(change);
  const route = $route.get();
  if (route.view === 'Send' && route.error !== undefined) replaceRoute({ view: 'Send' });
}

type Pin = Pick<SendTransfer, 'chainId' | 'from'>;

/** Whether the wallet is still on the chain and account a transfer was reviewed on. */
function stillPinned(pin: Pin): boolean {
  const connection = $connected.get();
  return connection !== undefined && connection.chainId === pin.chainId && sameAddress(connection.address, pin.from);
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

/** The form's messages: each next to its field; none on the route any more. */
function showErrors(errors: SendErrors): void {
  $sendErrors.set(errors);
  if ($route.get().view === 'Send') replaceRoute({ view: 'Send' });
}

/**
 * Checks the Send form (the checksum with viem, loaded here); resolves a name to its address; estimates the
 * fee and checks that the balance pays amount + fee; then shows the review, pinned to the chain and account
 * it was made on. Each problem is shown next to its field.
 */
export async function reviewSend(): Promise<void> {
  const connection = $connected.get();
  const lang = $config.get().lang;
  // EVM checksums with viem, loaded here; Solana's base58 has none.
  const { checksumMatches } = connection?.namespace === 'eip155' ? await import('../../connectors/evm/checksum.js') : { checksumMatches: undefined };
  const check = checkSend($sendDraft.get(), $sendTokens.get(), { namespace: connection?.namespace, lang, from: connection?.address, checksumMatches });
  if (!check.ok) return showErrors(check.errors);
  if (!connection || !isAddress(connection.namespace, connection.address)) return showErrors({ form: t('error.unsupportedChain', {}, lang) });
  const pin: Pin = { chainId: connection.chainId, from: connection.address };
  let to = check.receiver;
  let name: string | undefined;
  // Names resolve to EVM addresses only (the API's profile service); a Solana receiver is always an address.
  if (connection.namespace === 'eip155' && !isEvmAddress(check.receiver)) {
    name = check.receiver;
    const api = $walletApi.get();
    let resolved: `0x${string}` | undefined;
    try {
      resolved = api ? await resolveName(api, name) : undefined;
    } catch (cause) {
      reportError(isWidgetError(cause) ? cause : new WidgetError('UNKNOWN', t('error.nameServiceFailed', { name }, lang), { cause }));
      return showErrors({ receiver: t('error.nameServiceFailed', { name }, lang) });
    }
    if (!resolved) return showErrors({ receiver: t('error.receiverNotFound', { name }, lang) });
    const problem = receiverProblem(resolved, { namespace: 'eip155', lang, from: pin.from });
    if (problem) return showErrors({ receiver: problem });
    to = resolved;
  }
  const { token } = check;
  const transfer: SendTransfer = {
    ...pin, tokenKey: token.key, symbol: token.symbol, decimals: token.decimals, tokenAddress: token.tokenAddress, amount: check.amount.toString(), to, name, usdPrice: token.usdPrice,
  };
  await estimateSendFee(transfer);
  // The wallet may have moved while the name was looked up or the fee estimated.
  if (!stillPinned(pin)) return showErrors({ form: t('error.sendContextChanged', {}, lang) });
  const tooLittle = feeProblem(transfer, token, lang);
  if (tooLittle) return showErrors({ amount: tooLittle });
  $sendErrors.set({});
  replaceRoute({ view: 'Send' });
  pushRoute({ view: 'SendReview', transfer });
  watchReview(transfer);
}

/** "Send now" waits for the fee: a transfer whose fee cannot be estimated would fail in the wallet. */
const feeKnown = (transfer: SendTransfer) => $sendFee.get()?.key === sendFeeKey(transfer) && $sendFee.get()?.status === 'ready';

/** The review's "Try again" when the fee could not be estimated. */
export function retrySendFee(): void {
  const route = $route.get();
  if (route.view === 'SendReview') void estimateSendFee(route.transfer);
}

/** Thrown when the wallet moved while the sending code loaded: the review is cancelled, nothing is asked. */
const CANCELLED = Symbol('cancelled');

/** EVM: `eth_sendTransaction` with the reviewed `chainId` (viem, loaded here); the hash. */
async function sendOnEvm(transfer: SendTransfer, connector: EvmConnector): Promise<string> {
  const { sendTransfer } = await import('../../connectors/evm/transfer.js');
  if (!stillPinned(transfer)) throw CANCELLED;
  return sendTransfer(
    { chainId: evmChainId(transfer.chainId), from: transfer.from as `0x${string}`, to: transfer.to as `0x${string}`, tokenAddress: transfer.tokenAddress as `0x${string}` | undefined, amount: BigInt(transfer.amount) },
    connector.getProvider(),
  );
}

/**
 * Solana: the transaction built with a fresh blockhash (@solana/web3.js's chunk) from the chain read where the
 * SOL balance is read, then signed and sent by the wallet on the reviewed network (its `solana:signAndSendTransaction`,
 * else `solana:signTransaction` and `sendTransaction` to that RPC: the connector decides); the base58 signature.
 */
async function sendOnSolana(transfer: SendTransfer, connector: SolanaConnector): Promise<string> {
  const rpcUrl = await readRpcUrl(transfer.chainId);
  if (!rpcUrl) throw new WidgetError('UNSUPPORTED_CHAIN', t('error.unsupportedChain'), { details: `no RPC for ${transfer.chainId}: give it in rpc-urls` });
  const [{ buildSolanaTransfer }, { solanaRpc }] = await Promise.all([import('../../connectors/solana/transfer.js'), import('../../services/solana-rpc.js')]);
  let bytes: Uint8Array;
  try {
    bytes = await buildSolanaTransfer(
      { from: transfer.from, to: transfer.to, mint: transfer.tokenAddress, amount: BigInt(transfer.amount), decimals: transfer.decimals },
      solanaRpc(rpcUrl),
    );
  } catch (cause) {
    throw new WidgetError('REQUEST_FAILED', t('error.sendFailed'), { cause });
  }
  if (!stillPinned(transfer)) throw CANCELLED;
  return base58Encode(await connector.signAndSendTransaction(bytes, transfer.chainId, rpcUrl));
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
  if (!feeKnown(transfer)) return;
  // Never ask the wallet for a transfer on another chain or from another account than the one reviewed.
  if (!stillPinned(transfer)) return cancelReview();
  const connection = $connected.get()!;
  const connector = findWallet(connection.walletId);
  if (!connector || !(isEvmConnector(connector) || isSolanaConnector(connector))) return reportError(new WidgetError('UNSUPPORTED_CHAIN', t('error.unsupportedChain')));
  replaceRoute({ ...route, state: 'approving', error: undefined });
  const chainId = transfer.chainId;
  const kind = !transfer.tokenAddress ? 'native-transfer' : isSolanaConnector(connector) ? 'spl-transfer' : 'erc20-transfer';
  let hash: string;
  try {
    hash = isSolanaConnector(connector) ? await sendOnSolana(transfer, connector) : await sendOnEvm(transfer, connector);
  } catch (cause) {
    if (cause === CANCELLED) return cancelReview();
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
  await trackTransaction(transaction, isEvmConnector(connector) ? connector.getProvider() : undefined);
}
