/**
 * The relay's JSON-RPC methods: parameter checks (params.ts) and what each method does in terms of the
 * relay's few operations. The irn_* methods are the relay API; wc_proposeSession and wc_approveSession are
 * the shortcuts @walletconnect/core 2.25 uses to connect, each subscribing the caller to a topic it never
 * subscribes to itself (the pairing topic for the dapp, the session topic for the wallet) before publishing
 * with the session tags (1100 proposal, 1101 proposal response, 1102 settle).
 */
import type { WebSocket } from 'ws';
import * as check from './params.js';

export interface Connection {
  ws: WebSocket;
  /** The `iss` of its auth JWT. */
  clientId: string;
  /** The client's address as its caps are kept (limits.ts clientAddress). */
  address: string;
  /** The JWT's `exp`, in seconds since the epoch: the socket is closed then. */
  expiresAt: number;
  /** The timer that closes the socket at `expiresAt`. */
  expiry?: ReturnType<typeof setTimeout>;
  topics: Set<string>;
  alive: boolean;
  closed: Promise<void>;
  /** The frames being handled, one after the other. */
  queue: Promise<void>;
}

export interface Handled {
  result: unknown;
  /** Runs after the answer is sent (the mailbox flush must follow the subscribe's answer). */
  after?: () => Promise<unknown>;
}

export interface RelayOperations {
  /**
   * Adds the socket to the topics; returns their subscription ids. All or nothing: past a bound it throws
   * a LimitError and subscribes none.
   */
  subscribe(conn: Connection, topics: string[]): Promise<string[]>;
  unsubscribe(conn: Connection, topic: string): void;
  /** Stores and fans out (never to the publisher). */
  publish(conn: Connection, params: check.PublishParams): Promise<void>;
  /** Sends the topic's messages this client has not acked. */
  flush(conn: Connection, topic: string): Promise<void>;
  fetchMessages(conn: Connection, topic: string): Promise<unknown[]>;
}

export type Method = (conn: Connection, params: unknown) => Promise<Handled>;

export function relayMethods(ops: RelayOperations, { maxMessageBytes }: { maxMessageBytes: number }): Record<string, Method> {
  return {
    async irn_subscribe(conn, raw) {
      const topic = check.topic(check.object(raw).topic);
      return { result: (await ops.subscribe(conn, [topic]))[0], after: () => ops.flush(conn, topic) };
    },
    async irn_batchSubscribe(conn, raw) {
      const topics = check.topics(check.object(raw).topics);
      return { result: await ops.subscribe(conn, topics), after: () => Promise.all(topics.map((topic) => ops.flush(conn, topic))) };
    },
    async irn_unsubscribe(conn, raw) {
      ops.unsubscribe(conn, check.topic(check.object(raw).topic));
      return { result: true };
    },
    async irn_batchUnsubscribe(conn, raw) {
      const list = check.object(raw).subscriptions;
      if (!Array.isArray(list) || list.length > check.MAX_BATCH) throw new check.ParamsError(`subscriptions must be an array of at most ${check.MAX_BATCH}`);
      const topics = list.map((item, index) => check.topic(check.object(item, `subscriptions[${index}]`).topic, `subscriptions[${index}].topic`));
      topics.forEach((topic) => ops.unsubscribe(conn, topic));
      return { result: true };
    },
    async irn_publish(conn, raw) {
      await ops.publish(conn, check.publishParams(raw, 'params', maxMessageBytes));
      return { result: true };
    },
    async irn_batchPublish(conn, raw) {
      const list = check.object(raw).messages;
      if (!Array.isArray(list) || list.length > check.MAX_BATCH) throw new check.ParamsError(`messages must be an array of at most ${check.MAX_BATCH}`);
      const messages = list.map((item, index) => check.publishParams(item, `messages[${index}]`, maxMessageBytes));
      for (const params of messages) await ops.publish(conn, params);
      return { result: true };
    },
    async irn_fetchMessages(conn, raw) {
      const topic = check.topic(check.object(raw).topic);
      return { result: { messages: await ops.fetchMessages(conn, topic), hasMore: false } };
    },
    async irn_batchFetchMessages(conn, raw) {
      const topics = check.topics(check.object(raw).topics);
      const messages: unknown[] = [];
      for (const topic of topics) messages.push(...(await ops.fetchMessages(conn, topic)));
      return { result: { messages, hasMore: false } };
    },
    async wc_proposeSession(conn, raw) {
      const params = check.object(raw);
      const pairingTopic = check.topic(params.pairingTopic, 'pairingTopic');
      const message = check.message(params.sessionProposal, 'sessionProposal', maxMessageBytes);
      const ttl = check.ttl(params.ttl, 300);
      const attestation = check.optionalString(params.attestation, 'attestation');
      // The dapp never subscribes to its pairing topic itself: this call does it.
      await ops.subscribe(conn, [pairingTopic]);
      await ops.publish(conn, { topic: pairingTopic, message, ttl, tag: check.TAGS.sessionPropose, ...(attestation ? { attestation } : {}) });
      return { result: true, after: () => ops.flush(conn, pairingTopic) };
    },
    async wc_approveSession(conn, raw) {
      const params = check.object(raw);
      const sessionTopic = check.topic(params.sessionTopic, 'sessionTopic');
      const pairingTopic = check.topic(params.pairingTopic, 'pairingTopic');
      const response = check.message(params.sessionProposalResponse, 'sessionProposalResponse', maxMessageBytes);
      const settle = check.message(params.sessionSettlementRequest, 'sessionSettlementRequest', maxMessageBytes);
      const ttl = check.ttl(params.ttl, 300);
      // Likewise the wallet never subscribes to the session topic itself.
      await ops.subscribe(conn, [sessionTopic]);
      await ops.publish(conn, { topic: pairingTopic, message: response, ttl, tag: check.TAGS.sessionProposeResponse });
      await ops.publish(conn, { topic: sessionTopic, message: settle, ttl, tag: check.TAGS.sessionSettle });
      return { result: true, after: () => ops.flush(conn, sessionTopic) };
    },
  };
}
