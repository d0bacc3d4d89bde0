/**
 * The few Solana JSON-RPC reads the account view needs, by hand (a POST each): @solana/web3.js loads only
 * for sending. Loaded on demand.
 */
let nextId = 0;

/**
 * The balance of `address` in lamports, exactly: a u64 can pass 2^53, so the number is taken from the answer's
 * text as digits, never through a JS number. Throws when the node cannot be reached or answers an error.
 */
export async function readSolBalance(rpcUrl: string, address: string, signal: AbortSignal = AbortSignal.timeout(10_000)): Promise<bigint> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
    signal,
  });
  // `"value": 123` becomes `"value": "123"` before parsing: the digits reach BigInt as they were sent.
  const text = (await response.text()).replace(/("value"\s*:\s*)(\d+)/g, '$1"$2"');
  const body = JSON.parse(text) as { result?: { value?: unknown }; error?: { message?: unknown } };
  if (body?.error) throw new Error(`getBalance: ${typeof body.error.message === 'string' ? body.error.message : 'the node answered an error'}`);
  const value = body?.result?.value;
  if (typeof value !== 'string' || !/^\d{1,20}$/.test(value)) throw new Error(`getBalance: not a balance (HTTP ${response.status})`);
  return BigInt(value);
}

/**
 * A JSON-RPC caller for `rpcUrl` (one POST per call): the result, or an Error with the node's message. Numbers
 * come through JSON: callers use it for values that fit (fees, rent, statuses), never for balances.
 */
export function solanaRpc(rpcUrl: string, timeoutMs = 10_000): (method: string, params: unknown[]) => Promise<unknown> {
  return async (method, params) => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json()) as { result?: unknown; error?: { message?: unknown } };
    if (body?.error) throw new Error(`${method}: ${typeof body.error.message === 'string' ? body.error.message : 'the node answered an error'}`);
    if (!body || !('result' in body)) throw new Error(`${method}: not a JSON-RPC answer (HTTP ${response.status})`);
    return body.result;
  };
}
