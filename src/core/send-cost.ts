/**
 * What a transfer costs besides its amount, and the checks of amount + cost against the balances, for both
 * namespaces (docs/specification.md#constants for EVM; docs/solana.md for Solana). Pure: amounts are bigint base units.
 */
export interface SendCost {
  /** The network fee: EVM gas × gas price (an estimate); Solana the message's fee (exact). */
  fee: bigint;
  /** Solana: the rent deposit of the receiver's token account when the transfer creates it; else 0. */
  deposit: bigint;
  /** Solana: what the sender's account must keep to stay open (its rent exemption); EVM 0. */
  keep: bigint;
  /** Solana: SOL sent to a new account must be at least its rent exemption; else 0. */
  minAmount: bigint;
}

export const evmCost = (fee: bigint): SendCost => ({ fee, deposit: 0n, keep: 0n, minAmount: 0n });

/**
 * What the native balance pays besides the amount, as told to the visitor: on EVM the estimate plus half (a
 * wallet caps its fee above today's price, docs/specification.md#constants); on Solana the fee and the deposit, which are exact.
 */
export const costReserve = (namespace: string, cost: SendCost): bigint =>
  namespace === 'solana' ? cost.fee + cost.deposit : cost.fee + cost.fee / 2n;

/** "Max" of the native coin: EVM the balance less twice the estimate; Solana less the fee and the account's minimum. */
export const maxNativeAmount = (namespace: string, balance: bigint, cost: SendCost): bigint =>
  namespace === 'solana' ? balance - cost.fee - cost.deposit - cost.keep : balance - cost.fee * 2n;

export type CostProblem =
  /** The native amount + `reserve` (+ the account's minimum on Solana) passes the balance. */
  | { kind: 'amount-and-fee'; reserve: bigint }
  /** A token transfer whose `reserve` (+ the minimum on Solana) the native balance cannot pay. */
  | { kind: 'fee'; reserve: bigint }
  /** Solana: SOL to a new account below its rent exemption `min`. */
  | { kind: 'below-rent'; min: bigint };

/**
 * Whether the balances pay `amount` and `cost`. `balance` is the sent token's; `nativeBalance` the native
 * coin's (the same for a native transfer; undefined when unknown: then a token transfer is not refused here).
 */
export function costProblem(
  { namespace, native, amount, balance, nativeBalance, cost }: { namespace: string; native: boolean; amount: bigint; balance: bigint; nativeBalance: bigint | undefined; cost: SendCost },
): CostProblem | undefined {
  const reserve = costReserve(namespace, cost);
  if (native) {
    if (amount < cost.minAmount) return { kind: 'below-rent', min: cost.minAmount };
    return amount + reserve + cost.keep > balance ? { kind: 'amount-and-fee', reserve: reserve + cost.keep } : undefined;
  }
  return nativeBalance !== undefined && reserve + cost.keep > nativeBalance ? { kind: 'fee', reserve } : undefined;
}
