import '../../core/messages-account.js';
import { amountInputText } from '../../core/amount.js';
import { isEvmAddress } from '../../core/caip.js';
import { formatTokenAmount } from '../../core/format.js';
import { t } from '../../core/messages.js';
import { networkInfo } from '../../core/networks.js';
import { $nativeBalance } from '../balance.js';
import { $config } from '../config.js';
import { $connected } from '../connection.js';
import type { SendTransfer } from '../route.js';
import { $sendDraft, $sendErrors, $sendTokens, type SendDraft, type SendErrors, type SendToken } from '../send.js';
import { $sendFee, estimateFee, feeReserve, maxFeeReserve, sendFeeKey } from '../send-fee.js';

/** The visitor edits the Send form: the edited fields' messages, and the form's, go away. */
export function editSendDraft(change: Partial<SendDraft>): void {
  $sendDraft.set({ ...$sendDraft.get(), ...change });
  const errors: SendErrors = { ...$sendErrors.get() };
  delete errors.form;
  if ('tokenKey' in change) delete errors.token;
  if ('amount' in change || 'tokenKey' in change) delete errors.amount;
  if ('receiver' in change) delete errors.receiver;
  $sendErrors.set(errors);
}

/** The native balance of the connected account: the API's, else the chain's. */
function nativeBalance(tokens: SendToken[]): bigint | undefined {
  const native = tokens.find((token) => token.tokenAddress === undefined);
  if (native) return native.balance;
  const read = $nativeBalance.get();
  return read.status === 'ready' ? read.value : undefined;
}

/**
 * After the fee estimate of `transfer`: the message when the balance cannot pay amount + fee (native coin)
 * or the fee (token), with the fee's reserve (`feeReserve`); undefined when it fits or the fee is unknown
 * (the review then says so and keeps "Send now" disabled).
 */
export function feeProblem(transfer: SendTransfer, token: SendToken, lang: string): string | undefined {
  const fee = $sendFee.get();
  if (fee?.key !== sendFeeKey(transfer) || fee.status !== 'ready') return undefined;
  const { nativeCurrency } = networkInfo(transfer.chainId);
  const reserve = feeReserve(fee.fee);
  const shown = formatTokenAmount(reserve, nativeCurrency.decimals, lang);
  if (token.tokenAddress === undefined) {
    return BigInt(transfer.amount) + reserve > token.balance ? t('error.feeExceedsBalance', { symbol: token.symbol, fee: shown }, lang) : undefined;
  }
  const native = nativeBalance($sendTokens.get());
  return native !== undefined && reserve > native ? t('error.noFeeFunds', { symbol: nativeCurrency.symbol, fee: shown }, lang) : undefined;
}

/**
 * "Max": the whole balance of a token; of the native coin, the balance less twice the estimated fee
 * (`maxFeeReserve`), so the review's amount + fee check passes and the wallet can pay the fee.
 */
export async function fillMaxAmount(): Promise<void> {
  const lang = $config.get().lang;
  const draft = $sendDraft.get();
  const token = $sendTokens.get().find((candidate) => candidate.key === draft.tokenKey);
  if (!token) return $sendErrors.set({ ...$sendErrors.get(), token: t('error.tokenRequired', {}, lang) });
  if (token.tokenAddress !== undefined) return editSendDraft({ amount: amountInputText(token.balance, token.decimals, lang) });
  const connection = $connected.get();
  if (!connection || !isEvmAddress(connection.address)) return $sendErrors.set({ ...$sendErrors.get(), form: t('error.unsupportedChain', {}, lang) });
  const receiver = draft.receiver.trim();
  const to = isEvmAddress(receiver) ? receiver : connection.address;
  let fee: bigint;
  try {
    fee = await estimateFee({ chainId: connection.chainId, from: connection.address, to, tokenAddress: undefined, amount: '0' });
  } catch {
    return $sendErrors.set({ ...$sendErrors.get(), amount: t('error.feeUnknown', {}, lang) });
  }
  if ($sendDraft.get().tokenKey !== token.key) return;
  const max = token.balance - maxFeeReserve(fee);
  if (max <= 0n) {
    const shown = formatTokenAmount(feeReserve(fee), token.decimals, lang);
    return $sendErrors.set({ ...$sendErrors.get(), amount: t('error.noFeeFunds', { symbol: token.symbol, fee: shown }, lang) });
  }
  editSendDraft({ amount: amountInputText(max, token.decimals, lang) });
}
