// A raw relay client for the relay's tests: ed25519 identities, the SDK's self-signed JWT, JSON-RPC requests by
// id and a queue of what the relay sends.
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import type { Relay } from '../../server/relay/relay.js';

// Raw `ws` clients that authenticate the way the SDK does: an ed25519 key of their own, its did:key as `iss`,
// and a compact EdDSA JWT in `?auth=`. The did:key encoding here is written independently of the relay's.

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  return out;
}

export interface Identity {
  privateKey: KeyObject;
  did: string;
}

export function identity(): Identity {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
  return { privateKey, did: `did:key:z${base58(Buffer.concat([Buffer.from([0xed, 0x01]), raw]))}` };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function jwt(id: Identity, aud: string, { exp, iat = Math.floor(Date.now() / 1000), signer }: { exp?: number; iat?: number; signer?: KeyObject } = {}): string {
  const data = `${b64({ alg: 'EdDSA', typ: 'JWT' })}.${b64({ iss: id.did, sub: 'test', aud, iat, exp: exp ?? iat + 86400 })}`;
  return `${data}.${sign(null, Buffer.from(data), signer ?? id.privateKey).toString('base64url')}`;
}

export interface Incoming {
  id: number;
  method: string;
  params: { id: string; data: { topic: string; message: string; publishedAt: number; tag: number } };
}

export interface Response {
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/** A relay client: requests by id, a queue of relay → client messages, raw frames for exact-text checks. */
export class Client {
  readonly inbox: Incoming[] = [];
  readonly raw: string[] = [];
  pings = 0;
  private waiters: (() => void)[] = [];
  private pending = new Map<string, (response: Response) => void>();
  private nextId = 1;
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;

  constructor(
    readonly ws: WebSocket,
    readonly id: Identity,
    private readonly autoAck: boolean,
  ) {
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    this.opened.catch(() => undefined); // a refused socket is awaited through `closed`
    this.closed = new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on('ping', () => this.pings++);
    ws.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      const payload = JSON.parse(text) as Incoming & Response;
      if (payload.method) {
        this.inbox.push(payload);
        if (this.autoAck) this.send({ id: payload.id, jsonrpc: '2.0', result: true });
        for (const wake of this.waiters.splice(0)) wake();
      } else this.pending.get(String(payload.id))?.(payload);
    });
  }

  send(payload: unknown): void {
    this.ws.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
  }

  request(method: string, params?: unknown): Promise<Response> {
    const id = String(this.nextId++);
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.send({ id, jsonrpc: '2.0', method, params });
    });
  }

  /** Waits until the inbox holds at least `count` messages. */
  async received(count: number, timeoutMs = 2000): Promise<Incoming[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.inbox.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${this.inbox.length}`);
      await Promise.race([new Promise<void>((resolve) => this.waiters.push(resolve)), sleep(50)]);
    }
    return this.inbox;
  }

  /** A round trip: everything the relay sent before its answer has arrived by the time this resolves. */
  async settle(): Promise<void> {
    await this.request('irn_unsubscribe', { topic: 'settle-no-such-topic' });
  }

  close(): void {
    this.ws.close();
  }
}

export interface ConnectOptions {
  id?: Identity;
  auth?: string | null;
  autoAck?: boolean;
  autoPong?: boolean;
  /** A Host header of the client's choosing. */
  host?: string;
  /** The socket's local address (another loopback address, 127.0.0.2, is another client address). */
  from?: string;
}

export function connect(relay: Relay, { id = identity(), auth, autoAck = true, autoPong = true, host, from }: ConnectOptions = {}): Client {
  const token = auth === undefined ? jwt(id, relay.url) : auth;
  const url = token === null ? relay.url : `${relay.url}/?auth=${encodeURIComponent(token)}&projectId=test&ua=node-test`;
  return new Client(new WebSocket(url, { autoPong, ...(host ? { headers: { host } } : {}), ...(from ? { localAddress: from } : {}) }), id, autoAck);
}

export async function open(relay: Relay, options?: Parameters<typeof connect>[1]): Promise<Client> {
  const client = connect(relay, options);
  await client.opened;
  return client;
}

export const subscriptionId = (topic: string, did: string) => createHash('sha256').update(topic + did).digest('hex');
export const topic = (name: string) => createHash('sha256').update(`${name}-${Math.random()}`).digest('hex');

