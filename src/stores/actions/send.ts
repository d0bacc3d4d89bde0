import '../../core/messages-account.js';
import { isEvmConnector } from '../../connectors/types.js';
import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { resolveName } from '../../services/wallet-api.js';
import { refreshActivity } from '../activity.js';
import { refreshNativeBalance } from '../balance.js';
import { chainSource } from '../chain-reads.js';
import { $config } from '../config.js';
import { $connected } from '../connection.js';
import { reportError } from '../errors.js';
import { refreshPortfolio } from '../portfolio.js';
import { $route, pushRoute, replaceRoute, resetRoute } from '../route.js';
import { $sendDraft, $sendTokens, checkSend } from '../send.js';
import { showToast } from '../toasts.js';
import { noteTransaction } from '../transactions.js';
import { $walletApi } from '../wallet-api-config.js';
import { findWallet } from '../wallets.js';

/** Checks the Send form; on success resolves a name to its address and shows the review step. */
export async function reviewSend(): Promise<void> {
  const connection = $connected.get();
  const lang = $config.get().lang;
  const check = checkSend($sendDraft.get(), $sendTokens.get(), connection?.namespace, lang);
  if (!check.ok) return replaceRoute({ view: 'Send', error: check.message });
  let to = check.receiver as `0x${string}`;
  let name: string | undefined;
  if (!/^0x[0-9a-fA-F]{40}$/.test(check.receiver)) {
    name = check.receiver;
    const api = $walletApi.get();
    const resolved = api ? await resolveName(api, name).catch(() => undefined) : undefined;
    if (!resolved) return replaceRoute({ view: 'Send', error: t('error.receiverNotFound', { name }, lang) });
    to = resolved;
  }
  replaceRoute({ view: 'Send' });
  pushRoute({
    view: 'SendReview',
    transfer: { tokenKey: check.token.key, symbol: check.token.symbol, decimals: check.token.decimals, tokenAddress: check.token.tokenAddress, amount: check.amount.toString(), to, name },
  });
}

/**
 * Sends the reviewed transfer through the connected wallet. `wallet-transaction` goes pending → confirmed
 * or failed; balances and activity are read again once it is mined.
 */
export async function confirmSend(): Promise<void> {
  const route = $route.get();
  const connection = $connected.get();
  if (route.view !== 'SendReview' || route.state === 'approving' || !connection) return;
  const connector = findWallet(connection.walletId);
  if (!connector || !isEvmConnector(connector)) return reportError(new WidgetError('UNSUPPORTED_CHAIN', t('error.unsupportedChain')));
  const { transfer } = route;
  replaceRoute({ ...route, state: 'approving', error: undefined });
  const { sendTransfer, waitForTransfer } = await import('../../connectors/evm/transfer.js');
  const chainId = connection.chainId;
  const kind = transfer.tokenAddress ? 'erc20-transfer' : 'native-transfer';
  let hash: `0x${string}`;
  try {
    hash = await sendTransfer({ from: connection.address as `0x${string}`, to: transfer.to, tokenAddress: transfer.tokenAddress, amount: BigInt(transfer.amount) }, connector.getProvider());
  } catch (cause) {
    const error = cause instanceof WidgetError ? cause : new WidgetError('UNKNOWN', t('error.sendFailed'), { cause });
    if ($route.get().view === 'SendReview') replaceRoute({ ...route, state: undefined, error: { code: error.code, message: error.shortMessage } });
    return reportError(error);
  }
  noteTransaction({ status: 'pending', hash, chainId, kind });
  showToast('loading', t('send.pending'));
  $sendDraft.set({ tokenKey: transfer.tokenKey, amount: '', receiver: '' });
  resetRoute({ view: 'Account', tab: 'activity' });
  const source = await chainSource(chainId, connector.getProvider());
  const status = await waitForTransfer(hash, source, { onSlow: () => showToast('loading', t('error.receiptTimeout')) });
  if (status === 'pending') return;
  noteTransaction({ status, hash, chainId, kind });
  showToast(status === 'confirmed' ? 'success' : 'error', status === 'confirmed' ? t('send.confirmed') : t('error.sendFailed'));
  void refreshNativeBalance();
  void refreshPortfolio();
  void refreshActivity(hash);
}
