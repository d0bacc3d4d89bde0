/**
 * A WalletConnect v2 relay for the local stack, enough for the real SDKs (sign-client 2.25 in the browser
 * and in Node, WalletKit 1.6): one HTTP server on loopback answering `GET /health`, with WebSocket upgrades
 * on any path. Each socket must carry the client's self-signed `?auth=` JWT (auth.ts); its `iss` is the
 * client id that acks and the mailbox are kept by.
 *
 * Methods (methods.ts): irn_subscribe / irn_batchSubscribe (then the topic's unacked messages are sent),
 * irn_unsubscribe / irn_batchUnsubscribe, irn_publish / irn_batchPublish, irn_fetchMessages /
 * irn_batchFetchMessages, and the session shortcuts of core 2.25: wc_proposeSession (subscribes the caller to the pairing topic, then
 * publishes the proposal there) and wc_approveSession (subscribes the caller to the session topic, then
 * publishes the proposal response on the pairing topic and the settle request on the session topic).
 * Messages go out as `irn_subscription` requests, to every subscriber except the publisher; the client's
 * `{ id, result: true }` marks the message acked for that client id. The relay pings every socket every
 * `pingMs` (Node clients drop a socket after 35 s without one) and drops those that stopped answering.
 * Every resource a client can make it hold is bounded (limits.ts), and a socket is closed when its JWT expires.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { isAllowedHost, localHosts, MISDIRECTED_TEXT } from '../host-check.js';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { isAddressInUse, PortInUseError } from '../ports.js';
import { health as makeHealth } from '../service/health.js';
import { RelayAuthError, audienceMatches, verifyRelayAuth } from './auth.js';
import { dispatch } from './dispatch.js';
import { relayHttpHandler, Tally } from './http.js';
import { idKey, stringifyWire } from './json.js';
import { clientAddress, type RelayLimits, relayLimits } from './limits.js';
import { Subscriptions, subscriptionId } from './subscriptions.js';
import type { StoredMessage } from './mailbox.js';
import { RedisStore } from './redis-store.js';
import { MemoryStore, type MessageStore } from './store.js';
import { relayMethods, type Connection } from './methods.js';
import * as check from './params.js';

export interface RelayOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** How often every socket is pinged (default 20 s; the Node client gives up after 35 s without one). */
  pingMs?: number;
  /**
   * The URL clients are given for this relay (what their JWT's `aud` must name), e.g. `wss://relay.example.com`
   * behind a TLS proxy. Default: the address it listens on, `ws://<host>:<port>`.
   */
  publicUrl?: string;
  /** Bounds on what clients can make the relay hold (limits.ts); each defaults to DEFAULT_LIMITS. */
  limits?: Partial<RelayLimits>;
  /** One line per connection, rejection and message flow. */
  log?: (line: string) => void;
  /** The clock stored messages' `publishedAt` and ttl are read from (default `Date.now`; tests pass their own). */
  now?: () => number;
  /**
   * Redis shared by several relay instances (`redis://…`): stored messages, acks and the fan-out between
   * instances go through it (redis-store.ts). Default: this process's memory, for one instance.
   */
  redisUrl?: string;
  /** Key prefix in that Redis (default `wcr:`): relays with another prefix are another network. */
  redisPrefix?: string;
}

export interface RelayStats {
  /** Open, authenticated sockets. */
  connections: number;
  /** Distinct client ids among them. */
  clients: number;
  /** Topics with at least one subscribed socket. */
  topics: number;
  /** Socket-topic pairs. */
  subscriptions: number;
  /** Unexpired messages in the mailbox. */
  storedMessages: number;
  /** Accepted publishes by tag, the implicit ones of wc_proposeSession / wc_approveSession included. */
  publishes: Record<string, number>;
  /** Calls by method name, unknown ones included. */
  methods: Record<string, number>;
  /** `irn_subscription` messages sent, and how many of them clients acked. */
  delivered: number;
  acked: number;
  /** Sockets closed for bad or missing auth. */
  authRejected: number;
}

export interface Relay {
  /** e.g. ws://127.0.0.1:8548 */
  url: string;
  /** What JWT audiences are checked against: `publicUrl`, or `url`. */
  publicUrl: string;
  port: number;
  stats(): Promise<RelayStats>;
  /** Throws when its storage (Redis) cannot be reached. */
  ready(): Promise<void>;
  /** Closes every socket (code 1001) and the server; idempotent. */
  stop(): Promise<void>;
}

/** Close code for refused auth: anything but 3000, which the client treats as fatal (it would never retry). */
export const AUTH_CLOSE_CODE = 4001;
const STOP_CLOSE_CODE = 1001;
/** Close code for a socket past a per-client or per-address cap (RFC 6455 "try again later"). */
export const TRY_AGAIN_CLOSE_CODE = 1013;
const SWEEP_MS = 10_000;
const STOP_GRACE_MS = 1000;

const short = (clientId: string) => `…${clientId.slice(-6)}`;
const shortTopic = (topic: string) => topic.slice(0, 8);

/** Longest a timer may wait (setTimeout's 32-bit limit); a later JWT expiry is re-armed from there. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export async function startRelay({ host = '127.0.0.1', port = 0, pingMs = 20_000, publicUrl: configuredUrl, limits: given, log, now = Date.now, redisUrl, redisPrefix }: RelayOptions = {}): Promise<Relay> {
  const limits: RelayLimits = relayLimits(given);
  if (configuredUrl !== undefined && !audienceMatches(configuredUrl, configuredUrl)) {
    throw new TypeError(`publicUrl must be a ws: or wss: URL (got ${JSON.stringify(configuredUrl)})`);
  }
  // Known once listening (the default is the bound address).
  let publicUrl = configuredUrl ?? '';
  let store: MessageStore;
  if (redisUrl) {
    const shared = new RedisStore(redisUrl, now, limits, redisPrefix);
    try {
      await shared.connect();
    } catch (err) {
      await shared.close();
      throw new Error(`the relay could not reach Redis at ${redisUrl.replace(/\/\/[^@/]*@/, '//…@')}: ${(err as Error).message}`, { cause: err });
    }
    store = shared;
  } else {
    store = new MemoryStore(now, limits);
  }
  const connections = new Set<Connection>();
  const socketsByClient = new Tally();
  const socketsByAddress = new Tally();
  const subscriptions = new Subscriptions(limits);
  const awaitingAck = new Map<string, { conn: Connection; stored: StoredMessage }>();
  const counters = { delivered: 0, acked: 0, authRejected: 0, publishes: {} as Record<string, number>, methods: {} as Record<string, number> };
  // Our own request ids: safe integers, unique for this relay's life, so the client's acks echo them unchanged.
  let nextId = Date.now() * 1000;

  const send = (conn: Connection, payload: unknown): void => {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(stringifyWire(payload));
  };

  const deliver = (conn: Connection, stored: StoredMessage): void => {
    const id = ++nextId;
    awaitingAck.set(String(id), { conn, stored });
    counters.delivered++;
    const data = { topic: stored.topic, message: stored.message, publishedAt: stored.publishedAt, tag: stored.tag, ...(stored.attestation ? { attestation: stored.attestation } : {}) };
    send(conn, { id, jsonrpc: '2.0', method: 'irn_subscription', params: { id: subscriptionId(stored.topic, conn.clientId), data } });
  };

  const flush = async (conn: Connection, topic: string): Promise<void> => {
    for (const stored of await store.pendingFor(topic, conn.clientId)) deliver(conn, stored);
  };

  /** To this instance's sockets on the topic, but the publisher's and those who acked it. */
  const fanOut = (stored: StoredMessage, publisher: string): number => {
    let fanout = 0;
    for (const peer of subscriptions.peers(stored.topic)) {
      if (peer.clientId === publisher || stored.ackedBy.has(peer.clientId)) continue;
      deliver(peer, stored);
      fanout++;
    }
    return fanout;
  };
  // Publishes at other instances (Redis), on topics this one listens to.
  store.onRemote((stored) => {
    const fanout = fanOut(stored, stored.publisher);
    log?.(`publish ${shortTopic(stored.topic)} tag ${stored.tag} from another instance → ${fanout} socket(s)`);
  });

  const subscribe = async (conn: Connection, topics: string[]): Promise<string[]> => {
    // The first socket here on a topic: listen for the other instances' publishes there before reading the
    // mailbox, so a publish between the two is not missed (at worst it arrives twice; clients drop repeats).
    const fresh = topics.filter((topic) => !subscriptions.has(topic));
    const ids = subscriptions.add(conn, topics);
    await Promise.all([...new Set(fresh)].map((topic) => store.watch(topic)));
    return ids;
  };
  const unsubscribe = (conn: Connection, topic: string): void => {
    subscriptions.remove(conn, topic);
    if (!subscriptions.has(topic)) store.unwatch(topic).catch((err: Error) => log?.(`unwatch ${shortTopic(topic)} failed: ${err.message}`));
  };

  const publish = async (conn: Connection, params: check.PublishParams): Promise<void> => {
    const { stored, duplicate } = await store.store({ ...params, publisher: conn.clientId, address: conn.address });
    counters.publishes[String(params.tag)] = (counters.publishes[String(params.tag)] ?? 0) + 1;
    const fanout = fanOut(stored, conn.clientId);
    await store.announce({ ...stored, publisher: conn.clientId });
    log?.(`publish ${shortTopic(params.topic)} tag ${params.tag} ttl ${params.ttl}s from ${short(conn.clientId)} → ${fanout} socket(s)${duplicate ? ' (repeat)' : ''}`);
  };

  const fetchMessages = async (conn: Connection, topic: string) => {
    const pending = await store.pendingFor(topic, conn.clientId);
    // Fetched counts as delivered: the client cannot ack a fetch result message by message.
    await Promise.all(pending.map((stored) => store.ack(stored, conn.clientId)));
    return pending.map((stored) => ({ topic: stored.topic, message: stored.message, publishedAt: stored.publishedAt, tag: stored.tag, ...(stored.attestation ? { attestation: stored.attestation } : {}) }));
  };

  const handlers = relayMethods({ subscribe, unsubscribe, publish, flush, fetchMessages }, limits);

  const expired = (conn: Connection) => conn.expiresAt * 1000 <= Date.now();
  const closeExpired = (conn: Connection) => {
    log?.(`client ${short(conn.clientId)}: JWT expired, closing`);
    conn.ws.close(AUTH_CLOSE_CODE, 'unauthorized: JWT expired');
  };
  /** Closes the socket when its JWT expires (the client reconnects with a fresh one). */
  const armExpiry = (conn: Connection): ReturnType<typeof setTimeout> =>
    setTimeout(() => {
      if (expired(conn)) closeExpired(conn);
      else conn.expiry = armExpiry(conn);
    }, Math.min(MAX_TIMER_MS, Math.max(0, conn.expiresAt * 1000 - Date.now())));

  const onAck = (conn: Connection, id: unknown, payload: Record<string, unknown>): void => {
    const key = idKey(id);
    const entry = key === undefined ? undefined : awaitingAck.get(key);
    if (!entry || entry.conn !== conn) return;
    awaitingAck.delete(key as string);
    if (payload.result === true) {
      counters.acked++;
      store.ack(entry.stored, conn.clientId).catch((err: Error) => log?.(`ack failed: ${err.message}`));
    }
  };

  const onMessage = (conn: Connection, data: RawData): void => {
    conn.alive = true;
    // The token is checked on the open socket too: nothing is answered once it has expired.
    if (expired(conn)) return closeExpired(conn);
    // One frame at a time per socket, in order: a publish after a subscribe sees the subscription.
    conn.queue = conn.queue.then(() => dispatch(conn, data, { handlers, send, onAck, countMethod: (method) => (counters.methods[method] = (counters.methods[method] ?? 0) + 1), log }));
  };

  const onConnection = (ws: WebSocket, req: IncomingMessage): void => {
    const address = clientAddress(req.socket.remoteAddress);
    if (socketsByAddress.get(address) >= limits.maxSocketsPerAddress) {
      log?.(`refused a socket: too many from ${address}`);
      ws.close(TRY_AGAIN_CLOSE_CODE, 'too many sockets from this address');
      return;
    }
    let clientId: string;
    let expiresAt: number;
    try {
      const url = new URL(req.url ?? '/', 'ws://relay.invalid');
      ({ clientId, expiresAt } = verifyRelayAuth(url.searchParams.get('auth'), { audienceOk: (aud) => audienceMatches(aud, publicUrl) }));
    } catch (err) {
      counters.authRejected++;
      const reason = err instanceof RelayAuthError ? err.message : 'bad auth';
      log?.(`refused a socket: ${reason}`);
      ws.close(AUTH_CLOSE_CODE, `unauthorized: ${reason}`.slice(0, 120));
      return;
    }

    if (socketsByClient.get(clientId) >= limits.maxSocketsPerClient) {
      log?.(`refused a socket: too many for client ${short(clientId)}`);
      ws.close(TRY_AGAIN_CLOSE_CODE, 'too many sockets from this client id');
      return;
    }
    socketsByClient.add(clientId, 1);
    socketsByAddress.add(address, 1);
    let onClosed = (): void => undefined;
    const conn: Connection = { ws, clientId, address, expiresAt, topics: new Set(), alive: true, closed: new Promise((resolve) => (onClosed = resolve)), queue: Promise.resolve() };
    conn.expiry = armExpiry(conn);
    connections.add(conn);
    log?.(`client ${short(clientId)} connected (${connections.size} open)`);
    ws.on('pong', () => (conn.alive = true));
    ws.on('message', (data) => onMessage(conn, data));
    ws.on('error', (err) => log?.(`socket error from ${short(clientId)}: ${err.message}`));
    ws.on('close', (code) => {
      clearTimeout(conn.expiry);
      for (const topic of [...conn.topics]) unsubscribe(conn, topic);
      for (const [key, entry] of awaitingAck) if (entry.conn === conn) awaitingAck.delete(key);
      connections.delete(conn);
      socketsByClient.add(clientId, -1);
      socketsByAddress.add(address, -1);
      log?.(`client ${short(clientId)} disconnected (${code}; ${connections.size} open)`);
      onClosed();
    });
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxFrameBytes });
  const health = makeHealth({ storage: () => store.ping() });
  let stopping: Promise<void> | undefined;

  // The relay's own host names (set once bound): any other Host is refused, on HTTP and on the WebSocket upgrade.
  let hosts: readonly string[] = [];
  const server = createServer(relayHttpHandler({ hosts: () => hosts, connections: () => connections.size, ready: (request) => health.handle(request) }));
  server.on('upgrade', (req, socket, head) => {
    if (stopping) {
      socket.destroy();
      return;
    }
    if (!isAllowedHost(req.headers.host, hosts)) {
      socket.end(`HTTP/1.1 421 Misdirected Request\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n\r\n${MISDIRECTED_TEXT}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req));
  });

  const pingTimer = setInterval(() => {
    for (const conn of connections) {
      // No pong since the last ping: the peer is gone without a close frame.
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }, pingMs);
  const sweepTimer = setInterval(() => void store.sweep().catch((err: Error) => log?.(`sweep failed: ${err.message}`)), SWEEP_MS);
  pingTimer.unref();
  sweepTimer.unref();

  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      health.draining();
      clearInterval(pingTimer);
      clearInterval(sweepTimer);
      const open = [...connections];
      for (const conn of open) conn.ws.close(STOP_CLOSE_CODE, 'relay stopping');
      const grace = new Promise<void>((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
      await Promise.race([Promise.all(open.map((conn) => conn.closed)), grace]);
      // Stragglers, and sockets still being refused (they were never connections).
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await store.close();
      awaitingAck.clear();
      subscriptions.clear();
    })());

  return new Promise((resolve, reject) => {
    const onListenError = (err: Error): void => {
      clearInterval(pingTimer);
      clearInterval(sweepTimer);
      wss.close();
      server.close();
      void store.close();
      reject(isAddressInUse(err) ? new PortInUseError('WalletConnect relay', host, port) : err);
    };
    server.once('error', onListenError);
    server.listen({ host, port, exclusive: true }, () => {
      server.off('error', onListenError);
      server.on('error', (err) => log?.(`server error: ${err.message}`));
      const address = server.address();
      const boundPort = typeof address === 'object' && address ? address.port : port;
      const urlHost = host.includes(':') ? `[${host}]` : host;
      const url = `ws://${urlHost}:${boundPort}`;
      publicUrl = configuredUrl ?? url;
      hosts = localHosts(boundPort, url.replace(/^ws/, 'http'), configuredUrl?.replace(/^ws/, 'http'));
      resolve({
        url,
        publicUrl,
        port: boundPort,
        stop,
        ready: () => store.ping(),
        stats: async () => {
          const counts = await store.counts();
          return {
            connections: connections.size,
            clients: new Set([...connections].map((conn) => conn.clientId)).size,
            topics: subscriptions.topicCount,
            subscriptions: subscriptions.count,
            storedMessages: counts.messages,
            publishes: { ...counters.publishes },
            methods: { ...counters.methods },
            delivered: counters.delivered,
            acked: counters.acked,
            authRejected: counters.authRejected,
          };
        },
      });
    });
  });
}
