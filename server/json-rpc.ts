/** A JSON-RPC error object returned by the node, kept whole so callers can read `code`. */
export class JsonRpcError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(`JSON-RPC error ${code}: ${message}`);
    this.name = 'JsonRpcError';
    this.code = code;
  }
}

/**
 * One JSON-RPC 2.0 call over HTTP. Deliberately tiny (no viem) so the server's readiness checks do not
 * depend on a chain SDK; `timeoutMs` keeps a wedged node from hanging a poll loop.
 */
export async function rpcCall<T = unknown>(
  url: string,
  method: string,
  params: unknown[] = [],
  timeoutMs = 2000,
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`${method} to ${url}: HTTP ${response.status}`);
  const body = (await response.json()) as { result?: T; error?: { code: number; message: string } };
  if (body.error) throw new JsonRpcError(body.error.code, body.error.message);
  return body.result as T;
}
