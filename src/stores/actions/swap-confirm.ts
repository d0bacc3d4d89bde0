import '../../core/messages-swap.js';
import { isEvmConnector } from '../../connectors/types.js';
import { sameAddress } from '../../core/address.js';
import { evmChainId } from '../../core/caip.js';
import { WidgetError, isWidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { minimumOut, slippagePercent } from '../../core/swap-math.js';
import { type BuiltTransaction, buildSwapApprove, buildSwapTransaction, getSwapAllowance } from '../../services/swap-api.js';
import { $config } from '../config.js';
import { $connected } from '../connection.js';
import { reportError } from '../errors.js';
import { $modal } from '../modal.js';
import { $transactionStatus, addPendingTransaction } from '../pending-transactions.js';
import { $route, type SentTransaction, type SwapPlan, replaceRoute, resetRoute } from '../route.js';
import { $swapDraft, $swapQuote } from '../swap.js';
import { showToast } from '../toasts.js';
import { noteTransaction } from '../transactions.js';
import { $walletApi } from '../wallet-api-config.js';
import { findWallet } from '../wallets.js';
import { serviceProblem } from './swap.js';
import { trackTransaction } from './track-transactions.js';

type Step = 'approving' | 'approval-pending' | 'swapping';

const stillPinned = (plan: SwapPlan) => {
  const connection = $connected.get();
  return connection !== undefined && connection.chainId === plan.chainId && sameAddress(connection.address, plan.from);
};

/** The preview of `plan`, still on screen (the visitor may have gone back or closed the modal meanwhile). */
const onPreview = (plan: SwapPlan) => {
  const route = $route.get();
  return route.view === 'SwapPreview' && route.swap.amount === plan.amount && route.swap.fromToken.key === plan.fromToken.key && route.swap.toToken.key === plan.toToken.key;
};

function show(plan: SwapPlan, state: Step | undefined, error?: string): void {
  const route = $route.get();
  if (route.view === 'SwapPreview' && onPreview(plan)) replaceRoute({ view: 'SwapPreview', swap: route.swap, state, error });
}

/** Signs and sends a built call; the pending transaction is stored and announced (`wallet-transaction`). */
async function send(plan: SwapPlan, built: BuiltTransaction, kind: 'approve' | 'swap', provider: Parameters<typeof import('../../connectors/evm/send-call.js').sendCall>[1]): Promise<SentTransaction> {
  const { sendCall } = await import('../../connectors/evm/send-call.js');
  if (!stillPinned(plan)) throw new WidgetError('UNKNOWN', t('swap.contextChanged', {}, $config.get().lang));
  const hash = await sendCall({ chainId: evmChainId(plan.chainId)!, from: plan.from as `0x${string}`, to: built.to, data: built.data, value: built.value, gas: built.gas }, provider);
  const transaction: SentTransaction = {
    hash, chainId: plan.chainId, kind, from: plan.from, to: built.to, amount: plan.amount, decimals: plan.fromToken.decimals, symbol: plan.fromToken.symbol,
    submittedAt: Date.now(), tokens: kind === 'swap' ? [plan.fromToken.key, plan.toToken.key] : undefined,
  };
  addPendingTransaction(transaction);
  noteTransaction({ status: 'pending', hash, chainId: plan.chainId, kind });
  return transaction;
}

/**
 * "Approve" / "Swap now" in the preview. An ERC-20 whose allowance for the router is short is approved first
 * (its own transaction, `kind: 'approve'`, waited for); then the swap is built with the slippage bound and sent
 * (`kind: 'swap'`). A fresh quote below the previewed minimum stops it before the wallet is asked. Each failure
 * is said in the preview, never left as a spinner.
 */
export async function confirmSwap(): Promise<void> {
  const route = $route.get();
  if (route.view !== 'SwapPreview' || route.state) return;
  const plan = route.swap;
  const lang = $config.get().lang;
  const api = $walletApi.get();
  const connection = $connected.get();
  const connector = connection && findWallet(connection.walletId);
  if (!stillPinned(plan)) return show(plan, undefined, t('swap.contextChanged', {}, lang));
  if (!api || !connector || !isEvmConnector(connector)) return show(plan, undefined, t('error.unsupportedChain', {}, lang));
  const provider = connector.getProvider();
  const bps = BigInt(plan.slippageBps);
  const user = `${plan.chainId}:${plan.from}`;
  const amount = BigInt(plan.amount);
  // The price may have moved since the preview: a fresh quote under the previewed minimum needs a new look, and
  // a pool that has lost its liquidity stops the swap.
  const quote = $swapQuote.get();
  const forPlan = quote.status === 'ready' && quote.input.from === plan.fromToken.key && quote.input.to === plan.toToken.key && quote.input.amount === plan.amount;
  if (forPlan && quote.quote.toAmount === undefined) return show(plan, undefined, t('swap.noLiquidity', {}, lang));
  if (forPlan && quote.quote.toAmount! < minimumOut(BigInt(plan.toAmount), bps)) {
    replaceRoute({ view: 'SwapPreview', swap: { ...plan, toAmount: quote.quote.toAmount!.toString() }, error: t('swap.priceMoved', {}, lang) });
    return;
  }
  let step: Step = 'approving';
  try {
    if (plan.fromToken.tokenAddress !== undefined) {
      show(plan, 'approving');
      const allowance = await getSwapAllowance(api, plan.fromToken.key, user);
      if (allowance < amount) {
        const approval = await send(plan, await buildSwapApprove(api, { userAddress: user, from: plan.fromToken.key, to: plan.toToken.key, amount }), 'approve', provider);
        step = 'approval-pending';
        show(plan, 'approval-pending');
        await trackTransaction(approval, provider);
        if ($transactionStatus.get()[approval.hash] !== 'confirmed') return show(plan, undefined, t('swap.approvalFailed', {}, lang));
      }
    }
    step = 'swapping';
    show(plan, 'swapping');
    const built = await buildSwapTransaction(api, {
      userAddress: user, from: plan.fromToken.key, to: plan.toToken.key, amount, slippage: slippagePercent(bps), native: plan.fromToken.tokenAddress === undefined,
    });
    const swap = await send(plan, built, 'swap', provider);
    $swapDraft.set({ ...$swapDraft.get(), amount: '' });
    if (onPreview(plan) && $modal.get().open) resetRoute({ view: 'Account', tab: 'activity' });
    showToast('loading', t('swap.pending', {}, lang));
    await trackTransaction(swap, provider);
  } catch (cause) {
    const error = isWidgetError(cause) ? cause : new WidgetError('UNKNOWN', t(step === 'swapping' ? 'swap.failed' : 'swap.approvalFailed', {}, lang), { cause });
    const message = error.code === 'USER_REJECTED' || error.code === 'UNKNOWN' ? error.shortMessage : serviceProblem(error, lang);
    show(plan, undefined, message);
    reportError(error);
  }
}
