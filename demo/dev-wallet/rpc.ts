// Forwards read-only JSON-RPC calls to the current chain's node.
import { ProviderRpcError, chainDisconnected, internalError } from './errors.js';

let nextId = 1;

/** POSTs one JSON-RPC request; returns its result or throws the node's error with its code. */
export async function forwardRpc(rpcUrl: string, chainId: number | string, method: string, params: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
    });
  } catch (error) {
    throw chainDisconnected(chainId, `${rpcUrl} is unreachable (${(error as Error).message})`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw internalError(`${rpcUrl} answered HTTP ${response.status} without JSON`);
  }
  const { result, error } = (body ?? {}) as { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
  if (error) {
    const code = typeof error.code === 'number' ? error.code : -32603;
    throw new ProviderRpcError(code, String(error.message ?? 'RPC error'), error.data);
  }
  if (!response.ok) throw internalError(`${rpcUrl} answered HTTP ${response.status}`);
  return result ?? null;
}
