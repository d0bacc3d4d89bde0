import '../../core/messages-swap.js';
import { amountInputText } from '../../core/amount.js';
import { isWidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { createQuoteRefresher } from '../../core/quote-refresh.js';
import { SWAP_INITIAL_GAS, SWAP_QUOTE_REFRESH_MS, maxNativeSwap, networkFee } from '../../core/swap-math.js';
import { getSwapGasPrice, getSwapQuote, getSwapTokens } from '../../services/swap-api.js';
import { $config } from '../config.js';
import { $connected } from '../connection.js';
import { $modal } from '../modal.js';
import { reportError } from '../errors.js';
import { $route, type SwapPlan, popRoute, pushRoute } from '../route.js';
import {
  $swapDraft, $swapQuote, $swapServiceTokens, $swapSubmitted, $swapTokens, type SwapDraft, type SwapQuote, type SwapQuoteInput, checkSwap, nativeKey,
} from '../swap.js';
import { $walletApi } from '../wallet-api-config.js';

/** The message of a failed service call: the service being down reads as such, never as a stuck spinner. */
export const serviceProblem = (error: unknown, lang: string): string =>
  isWidgetError(error) && (error.code === 'UNSUPPORTED_CHAIN' || error.code === 'INVALID_RESPONSE') ? error.shortMessage : t('swap.serviceDown', {}, lang);

/** The service's swappable tokens of the connected chain (cached 5 minutes by the client). */
export async function loadSwapTokens(): Promise<void> {
  const connection = $connected.get();
  const api = $walletApi.get();
  if (!connection || !api) return $swapServiceTokens.set({ status: 'idle' });
  const { chainId } = connection;
  const now = $swapServiceTokens.get();
  if (now.status !== 'error' && now.status !== 'idle' && now.chainId === chainId) return;
  $swapServiceTokens.set({ status: 'loading', chainId });
  try {
    const tokens = await getSwapTokens(api, chainId);
    if ($connected.get()?.chainId !== chainId) return;
    $swapServiceTokens.set({ status: 'ready', chainId, tokens });
    // Opened from Account: the native coin to pay with, unless a token is already chosen.
    if ($swapDraft.get().from === undefined && tokens.some((token) => token.address.toLowerCase() === nativeKey(chainId))) editSwapDraft({ from: nativeKey(chainId) });
  } catch (error) {
    if ($connected.get()?.chainId !== chainId) return;
    $swapServiceTokens.set({ status: 'error', chainId, message: serviceProblem(error, $config.get().lang) });
    if (isWidgetError(error)) reportError(error);
  }
}

/** Gas price once per quote: the quote takes it, and the network fee is the initial gas limit × it. */
async function fetchQuote(input: SwapQuoteInput, signal: AbortSignal): Promise<SwapQuote> {
  const api = $walletApi.get();
  if (!api) throw new Error('no api-url');
  const { standard } = await getSwapGasPrice(api, input.chainId);
  const toAmount = await getSwapQuote(api, { from: input.from, to: input.to, amount: BigInt(input.amount), userAddress: input.user, gasPrice: standard }, signal);
  return { toAmount, gasPrice: standard };
}

const refresher = createQuoteRefresher<SwapQuoteInput, SwapQuote>(fetchQuote, (state) => $swapQuote.set(state), { intervalMs: SWAP_QUOTE_REFRESH_MS });

/** What the form asks a quote for right now, or undefined (no two different tokens, or no readable amount). */
export function currentQuoteInput(): SwapQuoteInput | undefined {
  const connection = $connected.get();
  if (!connection) return undefined;
  const check = checkSwap($swapDraft.get(), $swapTokens.get(), $config.get().lang);
  const parts = check.ok ? check : check.quotable;
  if (!parts) return undefined;
  return { chainId: connection.chainId, user: connection.address, from: parts.from.key, to: parts.to.key, amount: parts.amount.toString() };
}

/** The quote for a plan under preview: its tokens and amount, whatever the form says meanwhile. */
const planInput = (plan: SwapPlan): SwapQuoteInput => ({ chainId: plan.chainId, user: plan.from, from: plan.fromToken.key, to: plan.toToken.key, amount: plan.amount });

let stopWatching: (() => void) | undefined;

/**
 * While Swap or its preview is on screen and the modal is open: the quote follows the inputs (asked at once on a
 * change, then every 10 s; a late answer to older inputs is dropped). One watch at a time: a new one ends the
 * last. Returns the stop, for the view's unmount.
 */
export function watchSwapQuote(): () => void {
  stopWatching?.();
  void loadSwapTokens();
  let key = '';
  const update = () => {
    const route = $route.get();
    const input = !$modal.get().open ? undefined : route.view === 'SwapPreview' ? planInput(route.swap) : route.view === 'Swap' ? currentQuoteInput() : undefined;
    const next = JSON.stringify(input ?? null);
    if (next === key) return;
    key = next;
    refresher.set(input);
  };
  update();
  const offs = [
    $swapDraft.listen(update), $swapTokens.listen(update), $route.listen(update), $modal.listen(update),
    $connected.listen(() => { void loadSwapTokens(); update(); }),
  ];
  const stop = () => {
    offs.forEach((off) => off());
    refresher.stop();
    if (stopWatching === stop) stopWatching = undefined;
  };
  stopWatching = stop;
  return stop;
}

/** Asks for the quote again now (the preview's "Try again"). */
export const refreshSwapQuote = () => refresher.refresh();

/** The visitor edits the form. */
export function editSwapDraft(change: Partial<SwapDraft>): void {
  $swapDraft.set({ ...$swapDraft.get(), ...change });
  $swapSubmitted.set(false);
}

/** A token picked in SwapSelectToken, for the side it was opened for; back to the form. */
export function chooseSwapToken(side: 'from' | 'to', key: string): void {
  editSwapDraft(side === 'from' ? { from: key } : { to: key });
  if ($route.get().view === 'SwapSelectToken') popRoute();
}

/** Exchanges the two tokens (the amount stays, now of the other token). */
export function flipSwapTokens(): void {
  const { from, to } = $swapDraft.get();
  editSwapDraft({ from: to, to: from });
}

/**
 * "Max": the whole balance of a token; of the native coin the balance less twice the swap's network fee at
 * today's gas price (the initial gas limit), so the wallet can still pay gas.
 */
export async function fillSwapMax(): Promise<void> {
  const lang = $config.get().lang;
  const draft = $swapDraft.get();
  const token = $swapTokens.get().find((candidate) => candidate.key === draft.from);
  const api = $walletApi.get();
  if (!token) return;
  if (token.tokenAddress !== undefined) return editSwapDraft({ amount: amountInputText(token.balance, token.decimals, lang) });
  const connection = $connected.get();
  if (!connection || !api) return;
  let gasPrice: bigint;
  try {
    gasPrice = (await getSwapGasPrice(api, connection.chainId)).standard;
  } catch (error) {
    return $swapQuote.set({ status: 'error', input: currentQuoteInput() ?? { chainId: connection.chainId, user: connection.address, from: token.key, to: '', amount: '0' }, error });
  }
  if ($swapDraft.get().from !== token.key) return;
  editSwapDraft({ amount: amountInputText(maxNativeSwap(token.balance, networkFee(SWAP_INITIAL_GAS, gasPrice)), token.decimals, lang) });
}

/**
 * "Review swap": the form checked; the current quote must be for these inputs and have liquidity (a press while
 * it is still coming waits for it, rather than being lost). Then the preview, pinned to the chain and account it
 * was made on.
 */
export async function reviewSwap(): Promise<void> {
  const connection = $connected.get();
  const lang = $config.get().lang;
  const check = checkSwap($swapDraft.get(), $swapTokens.get(), lang);
  $swapSubmitted.set(true);
  if (!check.ok || !connection) return;
  const input = JSON.stringify(currentQuoteInput());
  let quote = $swapQuote.get();
  if (quote.status === 'loading' && JSON.stringify(quote.input) === input) {
    await new Promise<void>((resolve) => { const off = $swapQuote.listen(() => { off(); resolve(); }); });
    quote = $swapQuote.get();
    // The visitor changed something meanwhile: that change decides, not this press.
    if (JSON.stringify(currentQuoteInput()) !== input) return;
  }
  if (quote.status !== 'ready' || JSON.stringify(quote.input) !== input || quote.quote.toAmount === undefined) return;
  const token = (t: typeof check.from) => ({ key: t.key, symbol: t.symbol, decimals: t.decimals, tokenAddress: t.tokenAddress, usdPrice: t.usdPrice });
  const swap: SwapPlan = {
    chainId: connection.chainId, from: connection.address, fromToken: token(check.from), toToken: token(check.to),
    amount: check.amount.toString(), toAmount: quote.quote.toAmount.toString(), slippageBps: check.slippageBps.toString(),
  };
  if ($route.get().view === 'Swap') pushRoute({ view: 'SwapPreview', swap });
}
