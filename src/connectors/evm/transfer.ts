import { createClient, custom, encodeFunctionData, erc20Abi, http, numberToHex } from 'viem';
import { estimateGas, getGasPrice, getTransactionReceipt, waitForTransactionReceipt } from 'viem/actions';
import { toWidgetError } from '../../core/foreign-errors.js';
import type { Eip1193Provider } from '../types.js';

/** Sending native currency or ERC-20 tokens through the connected wallet. Loaded on demand (viem). */
export interface EvmTransfer {
  /** The chain the transfer was reviewed on; sent as the transaction's `chainId`, so a wallet on another chain refuses it. */
  chainId?: number;
  from: `0x${string}`;
  to: `0x${string}`;
  /** ERC-20 contract; undefined for the native currency. */
  tokenAddress: `0x${string}` | undefined;
  amount: bigint;
}

export interface ChainSource {
  rpcUrl: string | undefined;
  provider: Eip1193Provider;
}

const reader = (source: ChainSource) =>
  createClient({ transport: source.rpcUrl ? http(source.rpcUrl, { retryCount: 1, timeout: 10_000 }) : custom(source.provider as never) });

/** The call the wallet is asked to make. */
/** The transfer as the call the account makes: to the token contract with `transfer(to, amount)`, or a plain value. */
export function call(transfer: EvmTransfer) {
  return transfer.tokenAddress
    ? { from: transfer.from, to: transfer.tokenAddress, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [transfer.to, transfer.amount] }), value: 0n }
    : { from: transfer.from, to: transfer.to, data: undefined, value: transfer.amount };
}

/** Gas × gas price, in the native currency's base units. */
export async function estimateTransferFee(transfer: EvmTransfer, source: ChainSource): Promise<bigint> {
  const client = reader(source);
  const { from, to, data, value } = call(transfer);
  const [gas, price] = await Promise.all([estimateGas(client, { account: from, to, data, value }), getGasPrice(client)]);
  return gas * price;
}

/** Asks the wallet to sign and send; resolves with the hash. Errors are `WidgetError`s. */
export async function sendTransfer(transfer: EvmTransfer, provider: Eip1193Provider): Promise<`0x${string}`> {
  const { from, to, data, value } = call(transfer);
  try {
    const chainId = transfer.chainId === undefined ? {} : { chainId: numberToHex(transfer.chainId) };
    const hash = await provider.request({ method: 'eth_sendTransaction', params: [{ from, to, ...(data ? { data } : {}), value: numberToHex(value), ...chainId }] });
    if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new Error(`not a transaction hash: ${String(hash)}`);
    return hash as `0x${string}`;
  } catch (error) {
    throw toWidgetError(error, 'request');
  }
}

/**
 * Waits for the receipt: up to `timeoutMs` (docs/specification.md#constants: 25 s), then, still pending, looks again every
 * `pollMs` (30 s) until `giveUpMs`. Calls `onSlow` once when the first wait runs out.
 */
export async function waitForTransfer(
  hash: `0x${string}`,
  source: ChainSource,
  { timeoutMs = 25_000, pollMs = 30_000, giveUpMs = 30 * 60_000, onSlow }: { timeoutMs?: number; pollMs?: number; giveUpMs?: number; onSlow?: () => void } = {},
): Promise<'confirmed' | 'failed' | 'pending'> {
  const client = reader(source);
  try {
    const receipt = await waitForTransactionReceipt(client, { hash, timeout: timeoutMs, pollingInterval: 1_000 });
    return receipt.status === 'success' ? 'confirmed' : 'failed';
  } catch {
    onSlow?.();
  }
  for (const started = Date.now(); Date.now() - started < giveUpMs; ) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    const receipt = await getTransactionReceipt(client, { hash }).catch(() => undefined);
    if (receipt) return receipt.status === 'success' ? 'confirmed' : 'failed';
  }
  return 'pending';
}
