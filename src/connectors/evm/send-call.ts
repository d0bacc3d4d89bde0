import { numberToHex } from 'viem';
import { toWidgetError } from '../../core/foreign-errors.js';
import type { Eip1193Provider } from '../types.js';

/** A contract call a service built (a swap's approval or router call), for the wallet to sign and send. */
export interface EvmCall {
  /** The chain it was previewed on: sent as the transaction's `chainId`, so a wallet on another chain refuses it. */
  chainId: number;
  from: `0x${string}`;
  to: `0x${string}`;
  data: `0x${string}`;
  value: bigint;
  /** The service's gas estimate, when it gave one; else the wallet estimates. */
  gas?: bigint | undefined;
}

/** Asks the wallet to sign and send `call` (`eth_sendTransaction`); resolves with the hash. Errors are `WidgetError`s. */
export async function sendCall(call: EvmCall, provider: Eip1193Provider): Promise<`0x${string}`> {
  try {
    const hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: call.from, to: call.to, data: call.data, value: numberToHex(call.value), chainId: numberToHex(call.chainId), ...(call.gas ? { gas: numberToHex(call.gas) } : {}) }],
    });
    if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new Error(`not a transaction hash: ${String(hash)}`);
    return hash as `0x${string}`;
  } catch (error) {
    throw toWidgetError(error, 'request');
  }
}
