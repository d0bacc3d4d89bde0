import '../core/messages-account.js';
import { atom, computed } from 'nanostores';
import { decimalToBaseUnits, parseAmount } from '../core/amount.js';
import { isEvmAddress, parseCaip10 } from '../core/caip.js';
import { t } from '../core/messages.js';
import { networkInfo } from '../core/networks.js';
import { $nativeBalance } from './balance.js';
import { $config } from './config.js';
import { $connected } from './connection.js';
import { $portfolio } from './portfolio.js';

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
  tokenAddress: `0x${string}` | undefined;
  iconUrl: string | undefined;
}

/** What can be sent: the API's balances when there is one, else the native balance read from the chain. */
export const $sendTokens = computed([$portfolio, $nativeBalance, $connected, $config], (portfolio, native, connection, config): SendToken[] => {
  if (!connection) return [];
  if (portfolio.status === 'ready') {
    return portfolio.balances.flatMap((b) => {
      const decimals = Number(b.quantity.decimals);
      const balance = decimalToBaseUnits(b.quantity.numeric, decimals);
      const contract = b.address ? parseCaip10(b.address)?.address : undefined;
      if (balance === undefined || (contract !== undefined && !isEvmAddress(contract))) return [];
      return [{ key: b.address ?? `${b.chainId}:native`, name: b.name, symbol: b.symbol, decimals, balance, tokenAddress: contract as `0x${string}` | undefined, iconUrl: b.iconUrl || undefined }];
    });
  }
  if (native.status !== 'ready') return [];
  const { nativeCurrency } = networkInfo(connection.chainId, config.rpcUrls[connection.chainId]);
  return [{ key: `${connection.chainId}:native`, name: nativeCurrency.name, symbol: nativeCurrency.symbol, decimals: nativeCurrency.decimals, balance: native.value, tokenAddress: undefined, iconUrl: undefined }];
});

export type SendCheck =
  | { ok: true; token: SendToken; amount: bigint; receiver: string }
  | { ok: false; message: string };

/**
 * SPEC.md §5 and §8, in this order: only EVM (and Solana) can send; an amount and a receiver are required;
 * a token is required; then the receiver's form, the amount's form, decimals and balance.
 */
export function checkSend(draft: SendDraft, tokens: SendToken[], namespace: string | undefined, lang = 'en'): SendCheck {
  if (namespace !== 'eip155') return { ok: false, message: t('error.unsupportedChain', {}, lang) };
  if (draft.amount.trim() === '' || draft.receiver.trim() === '') return { ok: false, message: t('error.amountAndReceiverRequired', {}, lang) };
  const token = tokens.find((candidate) => candidate.key === draft.tokenKey);
  if (!token) return { ok: false, message: t('error.tokenRequired', {}, lang) };
  const receiver = draft.receiver.trim();
  if (!isEvmAddress(receiver) && !/^[^\s.]+(\.[^\s.]+)+$/.test(receiver)) return { ok: false, message: t('error.invalidReceiver', {}, lang) };
  const parsed = parseAmount(draft.amount, token.decimals);
  if (!parsed.ok) {
    const values = { symbol: token.symbol, decimals: String(token.decimals) };
    const id = parsed.reason === 'too-many-decimals' ? 'error.tooManyDecimals' : parsed.reason === 'zero' ? 'error.zeroAmount' : 'error.invalidAmount';
    return { ok: false, message: t(id, values, lang) };
  }
  if (parsed.value > token.balance) return { ok: false, message: t('error.insufficientBalance', { symbol: token.symbol }, lang) };
  return { ok: true, token, amount: parsed.value, receiver };
}
