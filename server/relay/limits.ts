/**
 * The relay's bounds. Site owners self-host it on the open internet, so every resource a client can make
 * it hold is bounded; the defaults fit WalletConnect traffic with a wide margin (a session proposal or a
 * signing request is a few kilobytes of base64; a dapp holds a pairing and a session topic or two, a
 * wallet a few per dapp; sign-client batch-subscribes at most 500 topics at a time). `startRelay({ limits })`
 * overrides any of them.
 *
 * What happens at a bound:
 * - a frame over `maxFrameBytes`: the socket is closed with 1009 (message too big), by `ws` itself;
 * - a publish whose `message` is over `maxMessageBytes`: the request is answered with -32602 (invalid
 *   params), the socket stays;
 * - a subscribe past `maxTopicsPerSocket` or `maxSubscriptions`, or a publish past `maxMailboxTopics`:
 *   answered with -32005 (limit exceeded, EIP-1474), nothing is subscribed or stored;
 * - a topic's mailbox past `maxMessagesPerTopic` or `maxBytesPerTopic`: its oldest messages are dropped.
 */
export interface RelayLimits {
  /** One WebSocket frame (one JSON-RPC request). */
  maxFrameBytes: number;
  /** The `message` of one publish (the encrypted envelope, base64), in UTF-8 bytes. */
  maxMessageBytes: number;
  /** Topics one socket may be subscribed to. */
  maxTopicsPerSocket: number;
  /** Socket-topic subscriptions across the whole relay. */
  maxSubscriptions: number;
  /** Messages kept per topic for subscribers that come later. */
  maxMessagesPerTopic: number;
  /** Bytes of messages kept per topic. */
  maxBytesPerTopic: number;
  /** Topics with messages kept, across the relay. */
  maxMailboxTopics: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_LIMITS: Readonly<RelayLimits> = Object.freeze({
  maxFrameBytes: 2 * MiB,
  maxMessageBytes: 1 * MiB,
  maxTopicsPerSocket: 1000,
  maxSubscriptions: 100_000,
  maxMessagesPerTopic: 1000,
  maxBytesPerTopic: 4 * MiB,
  maxMailboxTopics: 50_000,
});

/** JSON-RPC error code for a bound reached (EIP-1474 "limit exceeded"). */
export const LIMIT_EXCEEDED = -32005;

/** Thrown by a relay operation that would go past a bound; answered with LIMIT_EXCEEDED and the message. */
export class LimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LimitError';
  }
}

/** `limits` completed with the defaults; each must be a positive whole number. */
export function relayLimits(limits: Partial<RelayLimits> = {}): RelayLimits {
  const merged = { ...DEFAULT_LIMITS, ...limits };
  for (const [name, value] of Object.entries(merged)) {
    if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`relay limit ${name} must be a positive whole number (got ${String(value)})`);
  }
  return merged;
}
