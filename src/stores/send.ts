import '../core/messages-account.js';
import '../core/messages-solana-send.js';
import { atom, computed } from 'nanostores';
import { decimalToBaseUnits, exampleAmount, parseAmount } from '../core/amount.js';
import { isAddress, isSolanaAddress } from '../core/address.js';
import { isEvmAddress, parseCaip10 } from '../core/caip.js';
import { t } from '../core/messages.js';
import { networkInfo } from '../core/networks.js';
import { $nativeBalance } from './balance.js';
import { $config } from './config.js';
import { $connected } from './connection.js';
import { $portfolio, type PortfolioState } from './portfolio.js';

export interface SendDraft {
  tokenKey: string | undefined;
  amount: string;
  receiver: string;
}

/** What the visitor has typed into Send; kept while they go to review and back. */
export const $sendDraft = atom<SendDraft>({ tokenKey: undefined, amount: '', receiver: '' });

export interface SendToken {
  key: string;
  name: string;
  symbol: string;
  decimals: number;
  balance: bigint;
  /** The ERC-20 contract (EVM) or the SPL mint (Solana); undefined for the native coin. */
  tokenAddress: string | undefined;
  iconUrl: string | undefined;
  /** The price in US dollars, when the service knows it. */
  usdPrice: number | undefined;
}

/**
 * The wallet data API's addresses for a chain's native coin (docs/wire-formats.md, "Native token placeholder
 * addresses"): `<caip2>:` + one of these names the coin itself, which has no contract or mint.
 */
const isNativePlaceholder = (address: string) => address.toLowerCase() === '0x' + 'e'.repeat(40) || address === 'So11111111111111111111111111111111111111111';

type Balance = Extract<PortfolioState, { status: 'ready' }>['balances'][number];

/** One of the API's balance rows as a token Send can send, or undefined when its amount or address cannot be read. */
export function sendTokenOf(b: Balance, namespace: string): SendToken | undefined {
  const decimals = Number(b.quantity.decimals);
  const balance = decimalToBaseUnits(b.quantity.numeric, decimals);
  const given = b.address ? parseCaip10(b.address)?.address : undefined;
  const contract = given !== undefined && isNativePlaceholder(given) ? undefined : given;
  if (balance === undefined || (contract !== undefined && !isAddress(namespace, contract))) return undefined;
  return { key: contract === undefined ? `${b.chainId}:native` : b.address!, name: b.name, symbol: b.symbol, decimals, balance, tokenAddress: contract, iconUrl: b.iconUrl || undefined, usdPrice: b.price > 0 ? b.price : undefined };
}

/**
 * What can be sent: the API's balances when there are some, and the native balance read from the chain when the API's
 * list lacks the native coin (not indexed yet, or the API down): a funded account always has its coin to send.
 */
export const $sendTokens = computed([$portfolio, $nativeBalance, $connected, $config], (portfolio, native, connection, config): SendToken[] => {
  if (!connection) return [];
  const listed = portfolio.status === 'ready' ? portfolio.balances.flatMap((b) => sendTokenOf(b, connection.namespace) ?? []) : [];
  const nativeKey = `${connection.chainId}:native`;
  if (native.status !== 'ready' || listed.some((token) => token.key === nativeKey) || (portfolio.status === 'ready' && native.value === 0n)) return listed;
  const { nativeCurrency } = networkInfo(connection.chainId, config.rpcUrls[connection.chainId], config.networkMeta[connection.chainId]);
  return [{ key: nativeKey, name: nativeCurrency.name, symbol: nativeCurrency.symbol, decimals: nativeCurrency.decimals, balance: native.value, tokenAddress: undefined, iconUrl: undefined, usdPrice: undefined }, ...listed];
});

/** The Send form's messages, each shown next to its field (`form`: above the button, for the whole form). */
export interface SendErrors {
  form?: string;
  token?: string;
  amount?: string;
  receiver?: string;
}
export type SendField = keyof SendErrors;

/** The messages of the last check; actions write them, and editing a field clears its own. */
export const $sendErrors = atom<SendErrors>({});

export type SendCheck =
  | { ok: true; token: SendToken; amount: bigint; receiver: string }
  | { ok: false; errors: SendErrors; message: string };

export interface SendCheckContext {
  namespace: string | undefined;
  lang?: string;
  /** The sender: sending to it is refused. */
  from?: string;
  /** Whether a mixed-case address's EIP-55 checksum matches (loaded with viem); unchecked when absent. */
  checksumMatches?: (address: `0x${string}`) => boolean;
}

const ZERO_ADDRESS = /^0x0{40}$/i;
/** Solana's System Program: the all-zero key, the nearest thing to a zero address. */
const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** A Solana receiver's problem, if any: not a base58 public key (no names on Solana), the System Program, the sender. */
function solanaReceiverProblem(receiver: string, lang: string | undefined, from: string | undefined): string | undefined {
  if (!isSolanaAddress(receiver)) return t('solanaSend.invalidReceiver', {}, lang);
  if (receiver === SYSTEM_PROGRAM) return t('solanaSend.systemProgram', {}, lang);
  return from !== undefined && receiver === from ? t('error.selfSend', {}, lang) : undefined;
}

/** The receiver's problem, if any: form, zero address, checksum, the sender's own address. */
export function receiverProblem(receiver: string, { namespace, lang, from, checksumMatches }: Partial<SendCheckContext>): string | undefined {
  if (namespace === 'solana') return solanaReceiverProblem(receiver, lang, from);
  if (!isEvmAddress(receiver)) return /^[^\s.]+(\.[^\s.]+)+$/.test(receiver) ? undefined : t('error.invalidReceiver', {}, lang);
  if (ZERO_ADDRESS.test(receiver)) return t('error.zeroAddress', {}, lang);
  const hex = receiver.slice(2);
  const mixedCase = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
  if (mixedCase && checksumMatches && !checksumMatches(receiver)) return t('error.badChecksum', {}, lang);
  if (from !== undefined && receiver.toLowerCase() === from.toLowerCase()) return t('error.selfSend', {}, lang);
  return undefined;
}

/**
 * docs/specification.md#validation: only EVM (and Solana) can send; an amount and a receiver are required (that message
 * for the empty one of the two); a token is required (its own message, shown whether or not the others are
 * filled in); then the receiver's form, the amount's form in the visitor's locale, decimals and balance. Each
 * problem is reported next to its field; `message` is the first of them.
 */
export function checkSend(draft: SendDraft, tokens: SendToken[], context: SendCheckContext): SendCheck {
  const { namespace, lang = 'en' } = context;
  const fail = (errors: SendErrors): SendCheck => ({ ok: false, errors, message: (errors.form ?? errors.token ?? errors.amount ?? errors.receiver)! });
  if (namespace !== 'eip155' && namespace !== 'solana') return fail({ form: t('error.unsupportedChain', {}, lang) });
  const errors: SendErrors = {};
  const amountText = draft.amount.trim();
  const receiver = draft.receiver.trim();
  const required = t('error.amountAndReceiverRequired', {}, lang);
  if (amountText === '') errors.amount = required;
  else if (receiver === '') errors.receiver = required;
  const token = tokens.find((candidate) => candidate.key === draft.tokenKey);
  if (!token) errors.token = t('error.tokenRequired', {}, lang);
  if (receiver !== '' && !errors.receiver) {
    const problem = receiverProblem(receiver, { ...context, lang });
    if (problem) errors.receiver = problem;
  }
  let amount = 0n;
  if (token && amountText !== '') {
    const parsed = parseAmount(draft.amount, token.decimals, lang);
    if (!parsed.ok) {
      errors.amount = parsed.reason === 'too-many-decimals' ? t('error.tooManyDecimals', { symbol: token.symbol, decimals: String(token.decimals) }, lang)
        : parsed.reason === 'zero' ? t('error.zeroAmount', {}, lang)
          : t('error.amountFormat', { example: exampleAmount(lang) }, lang);
    } else if (parsed.value > token.balance) errors.amount = t('error.insufficientBalance', { symbol: token.symbol }, lang);
    else amount = parsed.value;
  }
  if (!token || Object.keys(errors).length > 0) return fail(errors);
  return { ok: true, token, amount, receiver };
}
