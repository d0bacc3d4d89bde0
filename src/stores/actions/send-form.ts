import '../../core/messages-account.js';
import { amountInputText } from '../../core/amount.js';
import { isAddress } from '../../core/address.js';
import { type Caip2, namespaceOf } from '../../core/caip.js';
import { formatAmount, formatTokenAmount } from '../../core/format.js';
import { t } from '../../core/messages.js';
import '../../core/messages-solana-send.js';
import { type CostProblem, type SendCost, costProblem, costReserve, maxNativeAmount } from '../../core/send-cost.js';
import { networkInfo } from '../../core/networks.js';
import { $nativeBalance } from '../balance.js';
import { $config } from '../config.js';
import { $connected } from '../connection.js';
import type { SendTransfer } from '../route.js';
import { $sendDraft, $sendErrors, $sendTokens, type SendDraft, type SendErrors, type SendToken } from '../send.js';
import { $sendFee, estimateFee, sendFeeKey } from '../send-fee.js';

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

/** The message of a cost problem (`costProblem`), in the words of the namespace. */
function costMessage(problem: CostProblem, namespace: string, token: SendToken, chainId: Caip2, lang: string): string {
  const { nativeCurrency } = networkInfo(chainId);
  const amount = (value: bigint) => formatTokenAmount(value, nativeCurrency.decimals, lang);
  const symbol = nativeCurrency.symbol;
  // A minimum is shown exactly (rounded down it would still be refused).
  if (problem.kind === 'below-rent') return t('solanaSend.belowRent', { amount: formatAmount(problem.min, nativeCurrency.decimals, lang, nativeCurrency.decimals), symbol }, lang);
  if (namespace === 'solana') {
    return problem.kind === 'amount-and-fee' ? t('solanaSend.feeExceedsBalance', { symbol, fee: amount(problem.reserve) }, lang) : t('solanaSend.noFeeFunds', { symbol, fee: amount(problem.reserve) }, lang);
  }
  return problem.kind === 'amount-and-fee' ? t('error.feeExceedsBalance', { symbol: token.symbol, fee: amount(problem.reserve) }, lang) : t('error.noFeeFunds', { symbol, fee: amount(problem.reserve) }, lang);
}

/**
 * After the fee estimate of `transfer`: the message when the balance cannot pay amount + fee (native coin)
 * or the fee (token), with what to keep (`costReserve`: on EVM the estimate plus half; on Solana the fee, the
 * receiver's token-account deposit and the sender account's minimum); on Solana also SOL to a new account
 * below its rent exemption. Undefined when it fits or the fee is unknown (the review then says so and keeps
 * "Send now" disabled).
 */
export function feeProblem(transfer: SendTransfer, token: SendToken, lang: string): string | undefined {
  const fee = $sendFee.get();
  if (fee?.key !== sendFeeKey(transfer) || fee.status !== 'ready') return undefined;
  const namespace = namespaceOf(transfer.chainId) ?? '';
  const native = token.tokenAddress === undefined;
  const problem = costProblem({ namespace, native, amount: BigInt(transfer.amount), balance: token.balance, nativeBalance: native ? token.balance : nativeBalance($sendTokens.get()), cost: fee.cost });
  return problem && costMessage(problem, namespace, token, transfer.chainId, lang);
}

/**
 * "Max": the whole balance of a token; of the native coin, the balance less what the fee needs
 * (`maxNativeAmount`: EVM twice the estimate, room for the price to move until review; Solana the exact fee
 * and the account's minimum), so the review's amount + fee check passes and the wallet can pay the fee.
 */
export async function fillMaxAmount(): Promise<void> {
  const lang = $config.get().lang;
  const draft = $sendDraft.get();
  const token = $sendTokens.get().find((candidate) => candidate.key === draft.tokenKey);
  if (!token) return $sendErrors.set({ ...$sendErrors.get(), token: t('error.tokenRequired', {}, lang) });
  if (token.tokenAddress !== undefined) return editSendDraft({ amount: amountInputText(token.balance, token.decimals, lang) });
  const connection = $connected.get();
  if (!connection || !isAddress(connection.namespace, connection.address)) return $sendErrors.set({ ...$sendErrors.get(), form: t('error.unsupportedChain', {}, lang) });
  const receiver = draft.receiver.trim();
  const to = isAddress(connection.namespace, receiver) && receiver !== connection.address ? receiver : connection.address;
  let cost: SendCost;
  try {
    cost = await estimateFee({ chainId: connection.chainId, from: connection.address, to, tokenAddress: undefined, amount: '0' });
  } catch {
    return $sendErrors.set({ ...$sendErrors.get(), amount: t('error.feeUnknown', {}, lang) });
  }
  if ($sendDraft.get().tokenKey !== token.key) return;
  const max = maxNativeAmount(connection.namespace, token.balance, cost);
  if (max <= 0n) {
    const problem = { kind: 'fee', reserve: costReserve(connection.namespace, cost) } as const;
    return $sendErrors.set({ ...$sendErrors.get(), amount: costMessage(problem, connection.namespace, token, connection.chainId, lang) });
  }
  editSendDraft({ amount: amountInputText(max, token.decimals, lang) });
}
