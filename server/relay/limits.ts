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
 * - a topic's mailbox past `maxMessagesPerTopic` or `maxBytesPerTopic`: its oldest messages are dropped;
 *   a publish past `maxStoredBytes`, or past what its client address may store (`maxStoredBytesPerAddress`,
 *   `maxStoredMessagesPerAddress`): -32005, nothing stored (a message's bytes are its envelope and attestation);
 * - a socket past `maxSocketsPerClient` (one client id) or `maxSocketsPerAddress` (one client address): it is
 *   closed at once with 1013 (try again later); a subscribe past `maxSubscriptionsPerAddress`: -32005.
 *
 * Client ids are self-issued (a JWT signed with a fresh key), so the per-address bounds are the ones that hold
 * an anonymous client: an address is the socket's IPv4 address, or the /64 of an IPv6 one. Behind a proxy every
 * client has the proxy's address: raise them there. The defaults let one address use a tenth of the relay.
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
  /** Bytes of messages (envelopes and attestations) kept across the relay. */
  maxStoredBytes: number;
  /** Open sockets of one client id. */
  maxSocketsPerClient: number;
  /** Open sockets from one client address. */
  maxSocketsPerAddress: number;
  /** Socket-topic subscriptions held by the sockets of one client address. */
  maxSubscriptionsPerAddress: number;
  /** Bytes of messages kept that one client address published. */
  maxStoredBytesPerAddress: number;
  /** Messages kept that one client address published. */
  maxStoredMessagesPerAddress: number;
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
  maxStoredBytes: 512 * MiB,
  maxSocketsPerClient: 20,
  maxSocketsPerAddress: 200,
  maxSubscriptionsPerAddress: 10_000,
  maxStoredBytesPerAddress: 48 * MiB,
  maxStoredMessagesPerAddress: 5_000,
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

/** The address a client's caps are kept by: IPv4 as is (also when IPv4-mapped), IPv6 by its /64. */
export function clientAddress(remote: string | undefined): string {
  if (!remote) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remote);
  if (mapped) return mapped[1]!;
  if (!remote.includes(':')) return remote;
  const [head = '', tail = ''] = remote.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = remote.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
