/**
 * One frame from a client, as JSON-RPC 2.0: requests go to the method handlers (answered with their result,
 * or -32700 / -32600 / -32601 / -32602 / -32005 / -32603), answers to the relay's own `irn_subscription`
 * requests are acks. Ids are echoed exactly (json.ts keeps 16+ digit numbers as text).
 */
import type { RawData } from 'ws';
import { RawNumber, parseWire } from './json.js';
import { LIMIT_EXCEEDED, LimitError } from './limits.js';
import type { Connection, Handled, Method } from './methods.js';
import * as check from './params.js';

export interface DispatchContext {
  handlers: Record<string, Method>;
  send(conn: Connection, payload: unknown): void;
  /** A client's answer to one of the relay's requests. */
  onAck(conn: Connection, id: unknown, payload: Record<string, unknown>): void;
  countMethod(method: string): void;
  log?: ((line: string) => void) | undefined;
}

type JsonRpcId = string | number | RawNumber | null;

function toText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function isId(value: unknown): value is Exclude<JsonRpcId, null> {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || value instanceof RawNumber;
}

export async function dispatch(conn: Connection, data: RawData, context: DispatchContext): Promise<void> {
  let payload: unknown;
  try {
    payload = parseWire(toText(data));
  } catch {
    context.send(conn, { id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: malformed JSON' } });
    return;
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
    context.send(conn, { id: null, jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request: expected one JSON-RPC object (batches are not supported)' } });
    return;
  }
  const request = payload as Record<string, unknown>;
  const id: JsonRpcId = isId(request.id) ? request.id : null;
  if (request.method === undefined) {
    if ('result' in request || 'error' in request) context.onAck(conn, request.id, request);
    else context.send(conn, { id, jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request: no method' } });
    return;
  }
  if (typeof request.method !== 'string') {
    context.send(conn, { id, jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request: method must be a string' } });
    return;
  }
  const method = request.method;
  context.countMethod(method);
  // A request without an id is a notification: no answer.
  const reply = (body: { result: unknown } | { error: { code: number; message: string } }) => {
    if (request.id !== undefined) context.send(conn, { id, jsonrpc: '2.0', ...body });
  };
  const handler = Object.hasOwn(context.handlers, method) ? context.handlers[method] : undefined;
  if (!handler) {
    reply({ error: { code: -32601, message: `Method not found: ${method}` } });
    return;
  }
  let handled: Handled;
  try {
    handled = await handler(conn, request.params);
  } catch (err) {
    if (err instanceof check.ParamsError) reply({ error: { code: -32602, message: `Invalid params: ${err.message}` } });
    else if (err instanceof LimitError) reply({ error: { code: LIMIT_EXCEEDED, message: `Limit exceeded: ${err.message}` } });
    else {
      context.log?.(`${method} failed: ${(err as Error).stack ?? String(err)}`);
      reply({ error: { code: -32603, message: 'Internal error' } });
    }
    return;
  }
  reply({ result: handled.result });
  try {
    await handled.after?.();
  } catch (err) {
    context.log?.(`${method}: delivering stored messages failed: ${(err as Error).message}`);
  }
}
