import '../../core/messages-onramp.js';
import { decimalToBaseUnits } from '../../core/amount.js';
import { formatAmount } from '../../core/format.js';
import { t } from '../../core/messages.js';
import { networkInfo } from '../../core/networks.js';
import { DEFAULT_ONRAMP_OPTIONS, checkAmount, formatCents } from '../../core/onramp.js';
import { getOnRampOptions, getOnRampQuote, getOnRampUrl, getUsdPrice } from '../../services/onramp-api.js';
import { type WalletApiConfig, getBalances } from '../../services/wallet-api.js';
import { readNativeBalanceOf } from '../balance.js';
import { $config } from '../config.js';
import { $connected, type Connected } from '../connection.js';
import { $onRampDraft, $onRampOptions, $onRampPurchases, $onRampQuote, type OnRampDraft } from '../onramp.js';
import { refreshBalances } from '../refresh-balances.js';
import { $route, type Route, popRoute, pushRoute, resetRoute } from '../route.js';

type BuyRoute = Extract<Route, { view: 'BuyInProgress' }>;
import { showToast } from '../toasts.js';
import { $walletApi } from '../wallet-api-config.js';

/** docs/specification.md#constants: the provider window is the social popup's size, and is checked for closing every second. */
const POPUP_FEATURES = 'width=600,height=800,scrollbars=yes';
const POPUP_NAME = 'wallet-connect-modal-onramp';
const CLOSED_CHECK_MS = 1_000;
/** The balance is read this often while the purchase is in progress. */
const BALANCE_CHECK_MS = 2_000;
/** Typing pauses this long before a quote is asked for. */
const QUOTE_DEBOUNCE_MS = 300;

const lang = () => $config.get().lang;

/** The provider's name: from the service when it says, else a generic one. */
export const providerName = (): string => {
  const state = $onRampOptions.get();
  return (state.status === 'ready' && state.options.provider?.name) || t('onramp.providerFallback', {}, lang());
};

/** Opens the buy form (OnRampProviders) and loads the options. */
export function openBuy(): Promise<void> {
  pushRoute({ view: 'OnRampProviders' });
  return loadBuyOptions();
}

/** Loads the buy form's options; when they fail, the built-in defaults (docs/specification.md#calls). */
export async function loadBuyOptions(): Promise<void> {
  const api = $walletApi.get();
  const loaded = $onRampOptions.get();
  if (!api) $onRampOptions.set({ status: 'ready', options: DEFAULT_ONRAMP_OPTIONS, fallback: true });
  // Loaded once per page; a fallback is asked for again on the next open.
  if (!api || (loaded.status === 'ready' && !loaded.fallback)) return settleChoices();
  $onRampOptions.set({ status: 'loading' });
  try {
    $onRampOptions.set({ status: 'ready', options: await getOnRampOptions(api), fallback: false });
  } catch {
    $onRampOptions.set({ status: 'ready', options: DEFAULT_ONRAMP_OPTIONS, fallback: true });
  }
  settleChoices();
}

/** Keeps the chosen currencies among those offered (the first ones otherwise), then quotes. */
function settleChoices(): void {
  const state = $onRampOptions.get();
  if (state.status !== 'ready') return;
  const draft = $onRampDraft.get();
  const purchases = $onRampPurchases.get();
  const symbol = purchases.some((p) => p.currency.symbol === draft.symbol) ? draft.symbol : purchases[0]?.currency.symbol;
  const fiat = state.options.paymentCurrencies.some((c) => c.id === draft.fiat) ? draft.fiat : (state.options.paymentCurrencies[0]?.id ?? draft.fiat);
  $onRampDraft.set({ ...draft, symbol, fiat, error: undefined });
  void requote();
}

export function updateOnRampDraft(change: Partial<Pick<OnRampDraft, 'amount' | 'method'>>): void {
  $onRampDraft.set({ ...$onRampDraft.get(), ...change, error: undefined });
  clearTimeout(quoteTimer);
  quoteTimer = setTimeout(() => void requote(), change.amount === undefined ? 0 : QUOTE_DEBOUNCE_MS);
}

/** A picker's choice: back to the form with it. */
export function chooseOnRamp(change: { symbol: string } | { fiat: string }): void {
  $onRampDraft.set({ ...$onRampDraft.get(), ...change, error: undefined });
  popRoute();
  void requote();
}

let quoteTimer: ReturnType<typeof setTimeout> | undefined;
let quoteSeq = 0;

/** The current choices, checked; undefined when the form cannot be quoted. */
function selection() {
  const state = $onRampOptions.get();
  const draft = $onRampDraft.get();
  const purchase = $onRampPurchases.get().find((p) => p.currency.symbol === draft.symbol);
  const fiat = state.status === 'ready' ? state.options.paymentCurrencies.find((c) => c.id === draft.fiat) : undefined;
  const check = checkAmount(draft.amount, fiat, draft.method);
  return purchase && fiat && check.ok ? { ...purchase, fiat, cents: check.cents } : undefined;
}

/**
 * Asks for a quote (stale answers dropped). When the quote call fails, NOT a made-up 1:1 quote as the hosted
 * client shows: an estimate from the USD price (fees not included, labelled so), or "Quote unavailable".
 */
export async function requote(): Promise<void> {
  const seq = ++quoteSeq;
  const chosen = selection();
  const api = $walletApi.get();
  const connection = $connected.get();
  if (!chosen || !api || !connection) return $onRampQuote.set({ status: 'idle' });
  $onRampQuote.set({ status: 'loading' });
  const amount = formatCents(chosen.cents);
  try {
    const quote = await getOnRampQuote(api, { purchaseCurrency: chosen.currency, paymentCurrency: chosen.fiat, amount, network: chosen.network.name });
    if (seq === quoteSeq) $onRampQuote.set({ status: 'quote', quote });
  } catch {
    let estimate: string | undefined;
    try {
      // The price endpoint is in USD only: another fiat currency has no estimate.
      const price = chosen.fiat.id === 'USD' ? await getUsdPrice(api, connection.chainId, chosen.network.contract_address, chosen.currency.symbol) : undefined;
      if (price) estimate = (Number(amount) / price).toPrecision(6).replace(/\.?0+$/, '');
    } catch {
      estimate = undefined;
    }
    if (seq === quoteSeq) $onRampQuote.set(estimate ? { status: 'estimate', amount: estimate, symbol: chosen.currency.symbol } : { status: 'unavailable' });
  }
}

interface Holding {
  value: bigint;
  decimals: number;
}

/** The purchased asset's balance of the connected account (native from the chain, tokens from the API). */
async function readBalance(connection: Connected, symbol: string, native: boolean): Promise<Holding | undefined> {
  if (native) {
    const { decimals } = networkInfo(connection.chainId, undefined, $config.get().networkMeta[connection.chainId]).nativeCurrency;
    return { value: await readNativeBalanceOf(connection), decimals };
  }
  const api = $walletApi.get();
  if (!api) return undefined;
  const row = (await getBalances(api, connection.address, connection.chainId, { force: true })).find((b) => b.symbol === symbol);
  // No row yet: none of the token held (a first purchase creates it).
  return row ? { value: decimalToBaseUnits(row.quantity.numeric, Number(row.quantity.decimals)) ?? 0n, decimals: Number(row.quantity.decimals) } : { value: 0n, decimals: 0 };
}

const isNative = (address: string) => /^0x[eE]{40}$/.test(address) || address === 'So11111111111111111111111111111111111111111';

/**
 * Continue: the provider's page in a popup (600×800). The window is opened at once, in the click (a window
 * opened after an await is blocked), without an opener, and sent to the URL once the service gives it; a
 * blocked window leaves a link to click. Then BuyInProgress watches the balance and the window.
 */
let continuing = false;

export async function continueBuy(): Promise<void> {
  const chosen = selection();
  const api = $walletApi.get();
  const connection = $connected.get();
  // A second press while the first one's URL is on its way would make a second order.
  if (!chosen || !api || !connection || continuing) return;
  continuing = true;
  try {
    await startPurchase(chosen, api, connection);
  } finally {
    continuing = false;
  }
}

async function startPurchase(chosen: NonNullable<ReturnType<typeof selection>>, api: WalletApiConfig, connection: Connected): Promise<void> {
  const popup = window.open('', POPUP_NAME, POPUP_FEATURES);
  if (popup) popup.opener = null;
  const quote = $onRampQuote.get();
  let url: string;
  try {
    url = await getOnRampUrl(api, {
      address: connection.address,
      network: chosen.network.name,
      symbol: chosen.currency.symbol,
      fiatAmount: formatCents(chosen.cents),
      fiat: chosen.fiat.id,
      cryptoAmount: quote.status === 'quote' ? quote.quote.purchaseAmount.amount : undefined,
    });
  } catch {
    popup?.close();
    $onRampDraft.set({ ...$onRampDraft.get(), error: t('onramp.urlFailed', {}, lang()) });
    return;
  }
  const native = isNative(chosen.network.contract_address);
  const baseline = await readBalance(connection, chosen.currency.symbol, native).catch(() => undefined);
  if (popup && !popup.closed) popup.location.href = url;
  const route: BuyRoute = { view: 'BuyInProgress', url, provider: providerName(), blocked: !popup, symbol: chosen.currency.symbol };
  pushRoute(route);
  watch(route, connection, native, baseline, popup);
}

/**
 * BuyInProgress: every second the window is checked; every two the balance is read. Funds arriving (the
 * balance rises) or the window closing (after one last read) end it on the Account view, with a toast.
 */
function watch(route: BuyRoute, connection: Connected, native: boolean, baseline: Holding | undefined, popup: Window | null): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ticks = 0;
  const here = () => $route.get() === route;
  const stop = () => {
    clearTimeout(timer);
    offRoute();
  };
  const offRoute = $route.listen(() => { if (!here()) stop(); });
  const arrived = async (): Promise<Holding | undefined> => {
    const now = await readBalance(connection, route.symbol, native).catch(() => undefined);
    if (now === undefined) return undefined;
    if (!baseline) baseline = now;
    // Before a token's first purchase there is no row (0, of no known decimals): 0 in the unit read now.
    else if (baseline.decimals !== now.decimals) baseline = { value: baseline.value, decimals: now.decimals };
    return now.value > baseline.value ? { value: now.value - baseline.value, decimals: now.decimals } : undefined;
  };
  const finish = (received: Holding | undefined) => {
    stop();
    resetRoute({ view: 'Account' });
    refreshBalances();
    if (received) showToast('success', t('onramp.received', { amount: formatAmount(received.value, received.decimals, lang(), received.decimals), symbol: route.symbol }, lang()));
    else showToast('error', t('onramp.closed', { provider: route.provider }, lang()));
  };
  const tick = async () => {
    ticks += 1;
    const closed = Boolean(popup?.closed);
    if (closed || ticks % (BALANCE_CHECK_MS / CLOSED_CHECK_MS) === 0) {
      const received = await arrived();
      if (!here()) return;
      if (received !== undefined || closed) return finish(received);
    }
    if (here()) timer = setTimeout(() => void tick(), CLOSED_CHECK_MS);
  };
  timer = setTimeout(() => void tick(), CLOSED_CHECK_MS);
}

/** Cancel on BuyInProgress: the window is left to the visitor; back to the Account view. */
export function cancelBuy(): void {
  resetRoute({ view: 'Account' });
}
