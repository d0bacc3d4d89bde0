import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { evmChainIdOf } from './caip.js';
import type { ChainRegistry } from './chains.js';
import type { SolanaChains } from './solana/chain.js';

/** The largest request body the proxy reads (a batch of calls, or one transaction with its calldata). */
export const RPC_PROXY_MAX_BODY = 256 * 1024;
/** The most calls one batch may hold. */
export const RPC_PROXY_MAX_BATCH = 100;

/**
 * What the proxy passes to the chain: reading methods, the chain's id and broadcasting a signed
 * transaction. Never the node's own accounts (`eth_sendTransaction`, `eth_sign…`, `eth_accounts`) or its
 * admin and test methods (`anvil_*`, `evm_*`, `debug_*`): the local chains unlock their dev accounts.
 */
export const RPC_PROXY_METHODS: ReadonlySet<string> = new Set([
  'eth_blobBaseFee', 'eth_blockNumber', 'eth_call', 'eth_chainId', 'eth_createAccessList', 'eth_estimateGas',
  'eth_feeHistory', 'eth_gasPrice', 'eth_getBalance', 'eth_getBlockByHash', 'eth_getBlockByNumber',
  'eth_getBlockReceipts', 'eth_getBlockTransactionCountByHash', 'eth_getBlockTransactionCountByNumber', 'eth_getCode',
  'eth_getLogs', 'eth_getProof', 'eth_getStorageAt', 'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex', 'eth_getTransactionByHash', 'eth_getTransactionCount',
  'eth_getTransactionReceipt', 'eth_getUncleCountByBlockHash', 'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas', 'eth_sendRawTransaction', 'eth_syncing', 'net_listening', 'net_version', 'web3_clientVersion',
]);

/**
 * The same rule on a solana: chain: reads, fee and blockhash lookups, simulation and broadcasting a signed
 * transaction; never requestAirdrop (the local faucet) or anything else.
 */
export const SOLANA_RPC_PROXY_METHODS: ReadonlySet<string> = new Set([
  'getAccountInfo', 'getBalance', 'getBlock', 'getBlockHeight', 'getBlocks', 'getBlockTime', 'getEpochInfo', 'getFeeForMessage', 'getFirstAvailableBlock',
  'getGenesisHash', 'getHealth', 'getLatestBlockhash', 'getMinimumBalanceForRentExemption', 'getMultipleAccounts',
  'getRecentPrioritizationFees', 'getSignaturesForAddress', 'getSignatureStatuses', 'getSlot', 'getTokenAccountBalance',
  'getTokenAccountsByOwner', 'getTokenSupply', 'getTransaction', 'getVersion', 'isBlockhashValid', 'sendTransaction',
  'simulateTransaction',
]);

type Id = string | number | null;
interface RpcResponse {
  jsonrpc: '2.0';
  id: Id;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

const failure = (id: Id, code: number, message: string): RpcResponse => ({ jsonrpc: '2.0', id, error: { code, message } });
const idOf = (call: unknown): Id => {
  const id = (call as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
};

/** One call: checked, then sent to the node; every failure is a JSON-RPC error for that call's id. */
async function forward(rpcUrl: string, call: unknown, methods: ReadonlySet<string> = RPC_PROXY_METHODS): Promise<RpcResponse> {
  const id = idOf(call);
  if (typeof call !== 'object' || call === null || Array.isArray(call)) return failure(id, -32600, 'Invalid request: a call is a JSON object');
  const { jsonrpc, method, params } = call as { jsonrpc?: unknown; method?: unknown; params?: unknown };
  if (jsonrpc !== '2.0' || typeof method !== 'string') return failure(id, -32600, 'Invalid request: jsonrpc must be "2.0" and method a string');
  if (params !== undefined && (typeof params !== 'object' || params === null)) return failure(id, -32602, 'Invalid params: params must be an array or an object');
  if (!methods.has(method)) return failure(id, -32601, `Method not available through this proxy: ${method}`);
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) }),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await response.json()) as { result?: unknown; error?: RpcResponse['error'] };
    return answer.error ? { jsonrpc: '2.0', id, error: answer.error } : { jsonrpc: '2.0', id, result: answer.result ?? null };
  } catch (err) {
    console.warn(`[wallet-api] rpc proxy ${method}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    return failure(id, -32603, 'The chain did not answer');
  }
}

/**
 * The hosted Blockchain API's JSON-RPC proxy (docs/wire-formats.md#wallet-data-api): `POST /v1?chainId=<caip2>&projectId=…`
 * with a JSON-RPC call or a batch, answered by the local chain of that id. `projectId` is checked when the API
 * has a list of them; `st` and `sv` are not required here, as the hosted proxy does not require them.
 */
export function addRpcProxy(
  app: Hono,
  { chains, solanaChains, projectIds }: { chains: ChainRegistry; solanaChains?: SolanaChains; projectIds: ReadonlySet<string> | undefined },
): void {
  const handler = async (c: Context) => {
    const chainId = c.req.query('chainId') ?? '';
    const solana = chainId.startsWith('solana:') ? solanaChains?.get(chainId) : undefined;
    const chain = solana ? { rpcUrl: solana.rpcUrl } : chains.get(evmChainIdOf(chainId));
    const methods = solana ? SOLANA_RPC_PROXY_METHODS : RPC_PROXY_METHODS;
    if (!chain) {
      const served = [...chains.all().map((served) => served.caip2), ...(solanaChains?.all().map((served) => served.chainId) ?? [])].join(', ');
      return c.json(failure(null, -32602, `chainId ${chainId ? `"${chainId}" is not served here` : 'is required'}; served: ${served}`), 400);
    }
    const projectId = c.req.query('projectId');
    if (projectIds && !(projectId && projectIds.has(projectId))) return c.json(failure(null, -32600, 'Unknown project id'), 403);
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json(failure(null, -32700, 'Parse error: the body must be a JSON-RPC call or an array of them'), 400);
    }
    if (!Array.isArray(body)) return c.json(await forward(chain.rpcUrl, body, methods));
    if (body.length === 0 || body.length > RPC_PROXY_MAX_BATCH) {
      return c.json(failure(null, -32600, `Invalid request: a batch holds 1 to ${RPC_PROXY_MAX_BATCH} calls`), 400);
    }
    return c.json(await Promise.all(body.map((call) => forward(chain.rpcUrl, call, methods))));
  };
  const limit = bodyLimit({
    maxSize: RPC_PROXY_MAX_BODY,
    onError: (c) => c.json(failure(null, -32600, `Invalid request: the body is over ${RPC_PROXY_MAX_BODY} bytes`), 413),
  });
  app.post('/v1', limit, handler);
  app.post('/v1/', limit, handler);
}
