// JSON-RPC 2.0 dispatch over the facade's methods (single requests and batches).
import { RpcError } from './errors.js';
import type { RpcMethod } from './methods.js';

export interface JsonRpcRequest {
  jsonrpc?: string;
  id?: number | string | null;
  method?: string;
  params?: unknown[];
}

export type JsonRpcHandler = (request: JsonRpcRequest) => Promise<Record<string, unknown>>;

export function createHandler(methods: Record<string, RpcMethod>): JsonRpcHandler {
  return async (req) => {
    const id = req.id ?? null;
    const method = typeof req.method === 'string' && Object.hasOwn(methods, req.method) ? methods[req.method] : undefined;
    if (!method) return { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${String(req.method)}` } };
    try {
      return { jsonrpc: '2.0', id, result: await method(Array.isArray(req.params) ? req.params : []) };
    } catch (err) {
      if (err instanceof RpcError) return { jsonrpc: '2.0', id, error: { code: err.code, message: err.message, ...(err.data === undefined ? {} : { data: err.data }) } };
      return { jsonrpc: '2.0', id, error: { code: -32603, message: err instanceof Error ? err.message : String(err) } };
    }
  };
}

/**
 * Bigints (lamports, slots) go out as exact JSON integers, as a real RPC sends them: a double would round a
 * balance past 2^53 lamports. JSON.stringify cannot write a bigint, so each is written as a marked string
 * first and the marks are taken off.
 */
const BIGINT_MARK = '\u0000bigint:';
export const toJson = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${BIGINT_MARK}${v}` : v)).replace(/"\\u0000bigint:(-?\d+)"/g, '$1');
