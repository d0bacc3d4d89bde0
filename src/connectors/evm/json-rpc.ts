import type { Eip1193Provider } from '../types.js';
import { ProviderRpcError } from '../../core/provider-rpc-error.js';

/**
 * The methods that only read the chain, which any RPC node answers the same as the wallet would. Everything
 * else (accounts, the chain id, signing, sending, `wallet_*`) belongs to the wallet.
 */
export const READ_METHODS: ReadonlySet<string> = new Set([
  'eth_blobBaseFee', 'eth_blockNumber', 'eth_call', 'eth_createAccessList', 'eth_estimateGas', 'eth_feeHistory',
  'eth_gasPrice', 'eth_getBalance', 'eth_getBlockByHash', 'eth_getBlockByNumber', 'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash', 'eth_getBlockTransactionCountByNumber', 'eth_getCode', 'eth_getLogs',
  'eth_getProof', 'eth_getStorageAt', 'eth_getTransactionByBlockHashAndIndex', 'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash', 'eth_getTransactionCount', 'eth_getTransactionReceipt', 'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber', 'eth_maxPriorityFeePerGas', 'eth_syncing', 'net_listening', 'net_version', 'web3_clientVersion',
]);

let nextId = 0;

/**
 * One JSON-RPC call over HTTP, answered as an EIP-1193 provider would: the result, or a `ProviderRpcError`
 * with the node's code (-32603 when the node could not be reached or did not answer JSON-RPC).
 */
export async function rpcRequest(url: string, { method, params }: Parameters<Eip1193Provider['request']>[0]): Promise<unknown> {
  let body: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, ...(params === undefined ? {} : { params }) }),
      signal: AbortSignal.timeout(10_000),
    });
    body = (await response.json()) as typeof body;
    if (typeof body !== 'object' || body === null) throw new Error(`HTTP ${response.status}: not a JSON-RPC answer`);
  } catch (cause) {
    throw new ProviderRpcError(-32603, `${method}: the RPC at ${new URL(url).origin} did not answer (${cause instanceof Error ? cause.message : String(cause)})`);
  }
  if (body.error) {
    const { code, message, data } = body.error;
    throw new ProviderRpcError(typeof code === 'number' ? code : -32603, typeof message === 'string' ? message : `${method} failed`, data);
  }
  return body.result ?? null;
}
