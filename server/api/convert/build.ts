/** Router and approve calldata for the convert endpoints, and the amounts they bound. */
import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem';
import { isNativeAddress } from '../caip.js';
import { routerAbi, type SwapMarket, type SwapToken } from './pools.js';

/** How long a built swap stays valid, counted from the chain's latest block time (not the wall clock). */
export const DEADLINE_SECONDS = 20 * 60;
/** eth_estimateGas answers the exact need; the hosted service adds 10 % (GAS_ESTIMATION_SLIPPAGE = 1.1). */
export const GAS_MARGIN_PERCENT = 10n;
/**
 * Gas limits when the caller asks for no estimate (`disableEstimate`, as the reference client does): above
 * what Router02 uses on these pools with a first-time recipient, per hop (test/node/convert.test.ts checks).
 */
export const STATIC_SWAP_GAS = (hops: number): bigint => 150_000n + 100_000n * BigInt(hops);
export const STATIC_APPROVE_GAS = 60_000n;

/** The least output a swap may deliver: the quote less `slippage` percent, to the hundredth of a percent. */
export function minimumOut(quoted: bigint, slippagePercent: number): bigint {
  const basisPoints = BigInt(Math.floor(slippagePercent * 100 + 1e-9));
  return (quoted * (10_000n - basisPoints)) / 10_000n;
}

export const withMargin = (gas: bigint): bigint => (gas * (100n + GAS_MARGIN_PERCENT) + 99n) / 100n;

export interface SwapCall {
  data: Hex;
  /** Wei sent along: the amount for ETH in, else 0. */
  value: bigint;
}

/** swapExactETHForTokens / swapExactTokensForETH / swapExactTokensForTokens, paying `recipient`. */
export function swapCall(from: SwapToken, to: SwapToken, path: Address[], amountIn: bigint, amountOutMin: bigint, recipient: Address, deadline: bigint): SwapCall {
  if (isNativeAddress(from.address)) {
    return { data: encodeFunctionData({ abi: routerAbi, functionName: 'swapExactETHForTokens', args: [amountOutMin, path, recipient, deadline] }), value: amountIn };
  }
  const functionName = isNativeAddress(to.address) ? 'swapExactTokensForETH' : 'swapExactTokensForTokens';
  return { data: encodeFunctionData({ abi: routerAbi, functionName, args: [amountIn, amountOutMin, path, recipient, deadline] }), value: 0n };
}

/** approve(router, amount) on the token. */
export function approveCall(market: SwapMarket, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [market.router, amount] });
}
