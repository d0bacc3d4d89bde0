import '../core/messages-account.js';
import '../core/messages-swap.js';
import { atom, computed } from 'nanostores';
import { decimalToBaseUnits, exampleAmount, parseAmount } from '../core/amount.js';
import { type Caip2, parseCaip10 } from '../core/caip.js';
import { t } from '../core/messages.js';
import { networkInfo } from '../core/networks.js';
import type { QuoteState } from '../core/quote-refresh.js';
import { DEFAULT_SLIPPAGE_PERCENT, NATIVE_TOKEN_ADDRESS, parseSlippage } from '../core/swap-math.js';
import type { SwapServiceToken } from '../services/swap-api.js';
import { $nativeBalance } from './balance.js';
import { $connected } from './connection.js';
import { $portfolio } from './portfolio.js';

/** A token Swap offers: the service's, with the visitor's balance of it (0 when none). */
export interface SwapToken {
  /** The CAIP-10 id, lower-case (the native coin: `<caip2>:0xeeee…eeee`); what the service is sent. */
  key: string;
  name: string;
  symbol: string;
  decimals: number;
  /** The ERC-20 contract; undefined for the native coin. */
  tokenAddress: `0x${string}` | undefined;
  balance: bigint;
  /** Whether the visitor holds some (such tokens are listed first). */
  owned: boolean;
  usdPrice: number | undefined;
  iconUrl: string | undefined;
}

export interface SwapDraft {
  from: string | undefined;
  to: string | undefined;
  amount: string;
  /** Percent, as typed ("1", "0.5"). */
  slippage: string;
}

export const initialSwapDraft = (): SwapDraft => ({ from: undefined, to: undefined, amount: '', slippage: DEFAULT_SLIPPAGE_PERCENT });

/** What the visitor has typed into Swap; kept while they pick tokens and preview. */
export const $swapDraft = atom<SwapDraft>(initialSwapDraft());
/** Whether "Review swap" was pressed since the last edit: the "required" messages show only then. */
export const $swapSubmitted = atom(false);

/** The service's swappable tokens of the connected chain. */
export type SwapTokensState =
  | { status: 'idle' }
  | { status: 'loading'; chainId: Caip2 }
  | { status: 'ready'; chainId: Caip2; tokens: SwapServiceToken[] }
  | { status: 'error'; chainId: Caip2; message: string };
export const $swapServiceTokens = atom<SwapTokensState>({ status: 'idle' });

const keyOf = (caip10: string) => caip10.toLowerCase();
export const nativeKey = (chainId: Caip2) => `${chainId}:${NATIVE_TOKEN_ADDRESS}`;

/**
 * The tokens Swap offers on the connected chain: the service's list, the visitor's own first (with their
 * balances from the Tokens tab, else the native balance read from the chain), then the rest.
 */
export const $swapTokens = computed([$swapServiceTokens, $portfolio, $nativeBalance, $connected], (service, portfolio, native, connection): SwapToken[] => {
  if (!connection || service.status !== 'ready' || service.chainId !== connection.chainId) return [];
  const balances = new Map<string, { balance: bigint; usdPrice: number | undefined; iconUrl: string | undefined }>();
  if (portfolio.status === 'ready') {
    for (const row of portfolio.balances) {
      const balance = decimalToBaseUnits(row.quantity.numeric, Number(row.quantity.decimals));
      const address = row.address ? parseCaip10(row.address)?.address : undefined;
      if (balance === undefined) continue;
      const key = address ? keyOf(`${connection.chainId}:${address}`) : nativeKey(connection.chainId);
      balances.set(key, { balance, usdPrice: row.price > 0 ? row.price : undefined, iconUrl: row.iconUrl || undefined });
    }
  }
  const nativeId = nativeKey(connection.chainId);
  if (!balances.has(nativeId) && native.status === 'ready') balances.set(nativeId, { balance: native.value, usdPrice: undefined, iconUrl: undefined });
  const tokens = service.tokens.map((token): SwapToken => {
    const key = keyOf(token.address);
    const held = balances.get(key);
    const contract = parseCaip10(token.address)?.address as `0x${string}`;
    return {
      key, name: token.name, symbol: token.symbol, decimals: token.decimals,
      tokenAddress: key === nativeId ? undefined : contract,
      balance: held?.balance ?? 0n, owned: (held?.balance ?? 0n) > 0n, usdPrice: held?.usdPrice, iconUrl: token.logoUri ?? held?.iconUrl,
    };
  });
  return [...tokens.filter((token) => token.owned), ...tokens.filter((token) => !token.owned)];
});

/** The native coin's symbol and decimals on the connected chain. */
export const nativeCurrencyOf = (chainId: Caip2) => networkInfo(chainId).nativeCurrency;

/** A quote as the views show it: `toAmount` undefined when no pool route has liquidity for it. */
export interface SwapQuote {
  toAmount: bigint | undefined;
  gasPrice: bigint;
}
export interface SwapQuoteInput {
  chainId: Caip2;
  user: string;
  from: string;
  to: string;
  amount: string;
}
export const $swapQuote = atom<QuoteState<SwapQuoteInput, SwapQuote>>({ status: 'idle' });

export interface SwapErrors {
  form?: string;
  amount?: string;
  slippage?: string;
}

export type SwapCheck =
  | { ok: true; from: SwapToken; to: SwapToken; amount: bigint; slippageBps: bigint }
  | { ok: false; errors: SwapErrors; quotable: { from: SwapToken; to: SwapToken; amount: bigint } | undefined };

/**
 * The form's problems, each for its field: both tokens (and two different ones), an amount in the visitor's
 * locale with no more decimals than the token has, within the balance, and a slippage within its bounds.
 * `quotable`: the parts a quote can be asked for even so (an amount beyond the balance still gets its quote).
 */
export function checkSwap(draft: SwapDraft, tokens: SwapToken[], lang = 'en'): SwapCheck {
  const errors: SwapErrors = {};
  const from = tokens.find((token) => token.key === draft.from);
  const to = tokens.find((token) => token.key === draft.to);
  const slippage = parseSlippage(draft.slippage, lang);
  if (!slippage.ok) errors.slippage = t('swap.slippageInvalid', {}, lang);
  if (!from || !to) return { ok: false, errors: { ...errors, form: t('swap.tokensRequired', {}, lang) }, quotable: undefined };
  if (from.key === to.key) return { ok: false, errors: { ...errors, form: t('swap.sameToken', {}, lang) }, quotable: undefined };
  if (draft.amount.trim() === '') return { ok: false, errors: { ...errors, amount: t('swap.amountRequired', {}, lang) }, quotable: undefined };
  const parsed = parseAmount(draft.amount, from.decimals, lang);
  if (!parsed.ok) {
    errors.amount = parsed.reason === 'too-many-decimals' ? t('error.tooManyDecimals', { symbol: from.symbol, decimals: String(from.decimals) }, lang)
      : parsed.reason === 'zero' ? t('error.zeroAmount', {}, lang)
        : t('error.amountFormat', { example: exampleAmount(lang) }, lang);
    return { ok: false, errors, quotable: undefined };
  }
  if (parsed.value > from.balance) errors.amount = t('error.insufficientBalance', { symbol: from.symbol }, lang);
  if (errors.amount || !slippage.ok) return { ok: false, errors, quotable: { from, to, amount: parsed.value } };
  return { ok: true, from, to, amount: parsed.value, slippageBps: slippage.bps };
}
