/**
 * The relay's store-and-forward: every publish is kept per topic until its ttl runs out, with the client
 * ids that have acknowledged it. A subscriber that was offline, or subscribed after the publish (the wallet
 * subscribes to the pairing topic after the dapp has published its proposal), gets what it has not acked
 * when it subscribes. Nothing is persisted: a relay restart starts empty.
 */

export interface StoredMessage {
  /** The same on every instance: a hash of the topic and the envelope (messageId). */
  id: string;
  topic: string;
  /** The opaque envelope (base64); the relay never holds the keys. */
  message: string;
  /** Milliseconds since the epoch. */
  publishedAt: number;
  expiresAt: number;
  tag: number;
  attestation?: string;
  /** Client id of the publisher, who is never sent its own message. */
  publisher: string;
  /** The publisher's client address (limits.ts clientAddress), whose storage it counts in. */
  address: string;
  ackedBy: Set<string>;
}

export interface PublishInput {
  topic: string;
  message: string;
  /** Seconds. */
  ttl: number;
  tag: number;
  attestation?: string;
  publisher: string;
  /** The publisher's client address; default 'unknown'. */
  address?: string;
}

import { createHash } from 'node:crypto';
import { DEFAULT_LIMITS, LimitError, type RelayLimits } from './limits.js';

/** A publish's id: the same envelope on the same topic is the same message (a client retrying its publish). */
export const messageId = (topic: string, message: string): string => createHash('sha256').update(`${topic}\n${message}`).digest('base64url');

export type MailboxLimits = Pick<RelayLimits, 'maxMessagesPerTopic' | 'maxBytesPerTopic' | 'maxMailboxTopics'> &
  Partial<Pick<RelayLimits, 'maxStoredBytes' | 'maxStoredBytesPerAddress' | 'maxStoredMessagesPerAddress'>>;

/** What a message costs: its envelope and its attestation. */
export const bytes = (entry: { message: string; attestation?: string }) => Buffer.byteLength(entry.message, 'utf8') + (entry.attestation ? Buffer.byteLength(entry.attestation, 'utf8') : 0);

export class Mailbox {
  private readonly topics = new Map<string, StoredMessage[]>();
  private totalBytes = 0;
  private readonly byAddress = new Map<string, { bytes: number; messages: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly limits: MailboxLimits = DEFAULT_LIMITS,
  ) {}

  /**
   * Stores a publish. The same envelope on the same topic again (a client retrying a publish) is not stored
   * twice: the existing entry is returned, its expiry extended, with `duplicate` set. A topic over its
   * message count or bytes drops its oldest messages; a new topic past `maxMailboxTopics` is a LimitError.
   */
  store(input: PublishInput): { stored: StoredMessage; duplicate: boolean } {
    const now = this.now();
    if (!this.topics.has(input.topic) && this.topics.size >= this.limits.maxMailboxTopics) {
      this.sweep();
      if (this.topics.size >= this.limits.maxMailboxTopics) {
        throw new LimitError(`the relay keeps messages for at most ${this.limits.maxMailboxTopics} topics`);
      }
    }
    const list = this.live(input.topic);
    const expiresAt = now + input.ttl * 1000;
    const existing = list.find((entry) => entry.message === input.message);
    if (existing) {
      existing.expiresAt = Math.max(existing.expiresAt, expiresAt);
      return { stored: existing, duplicate: true };
    }
    const address = input.address ?? 'unknown';
    const size = bytes(input);
    const { maxStoredBytes = DEFAULT_LIMITS.maxStoredBytes, maxStoredBytesPerAddress = DEFAULT_LIMITS.maxStoredBytesPerAddress, maxStoredMessagesPerAddress = DEFAULT_LIMITS.maxStoredMessagesPerAddress } = this.limits;
    if (this.totalBytes + size > maxStoredBytes) {
      this.sweep();
      if (this.totalBytes + size > maxStoredBytes) throw new LimitError(`the relay stores at most ${maxStoredBytes} bytes of messages`);
    }
    const usage = this.byAddress.get(address) ?? { bytes: 0, messages: 0 };
    if (usage.bytes + size > maxStoredBytesPerAddress) throw new LimitError(`one client address may store at most ${maxStoredBytesPerAddress} bytes of messages`);
    if (usage.messages + 1 > maxStoredMessagesPerAddress) throw new LimitError(`one client address may store at most ${maxStoredMessagesPerAddress} messages`);
    const stored: StoredMessage = {
      id: messageId(input.topic, input.message),
      topic: input.topic,
      message: input.message,
      publishedAt: now,
      expiresAt,
      tag: input.tag,
      ...(input.attestation ? { attestation: input.attestation } : {}),
      publisher: input.publisher,
      address,
      ackedBy: new Set(),
    };
    list.push(stored);
    this.count(stored, 1);
    if (list.length > this.limits.maxMessagesPerTopic) for (const dropped of list.splice(0, list.length - this.limits.maxMessagesPerTopic)) this.count(dropped, -1);
    let total = list.reduce((sum, entry) => sum + bytes(entry), 0);
    // The newest message always stays (its size is bounded by the frame size).
    while (total > this.limits.maxBytesPerTopic && list.length > 1) {
      const dropped = list.shift()!;
      total -= bytes(dropped);
      this.count(dropped, -1);
    }
    this.topics.set(input.topic, list);
    return { stored, duplicate: false };
  }

  /** What `clientId` has neither published nor acked on `topic`, oldest first. */
  pendingFor(topic: string, clientId: string): StoredMessage[] {
    return this.live(topic).filter((entry) => entry.publisher !== clientId && !entry.ackedBy.has(clientId));
  }

  ack(stored: StoredMessage, clientId: string): void {
    stored.ackedBy.add(clientId);
  }

  /** Drops expired messages and empty topics; returns how many messages were dropped. */
  sweep(): number {
    let dropped = 0;
    for (const topic of [...this.topics.keys()]) {
      const before = this.topics.get(topic)?.length ?? 0;
      dropped += before - this.live(topic).length;
    }
    return dropped;
  }

  get messageCount(): number {
    let count = 0;
    for (const list of this.topics.values()) count += list.length;
    return count;
  }

  get topicCount(): number {
    return this.topics.size;
  }

  /** Bytes of the messages kept (envelopes and attestations). */
  get storedBytes(): number {
    return this.totalBytes;
  }

  clear(): void {
    this.topics.clear();
    this.byAddress.clear();
    this.totalBytes = 0;
  }

  /** Adds (`sign` 1) or removes (-1) a message from the relay's and its address's storage. */
  private count(entry: StoredMessage, sign: 1 | -1): void {
    const size = bytes(entry);
    this.totalBytes += sign * size;
    const usage = this.byAddress.get(entry.address) ?? { bytes: 0, messages: 0 };
    usage.bytes += sign * size;
    usage.messages += sign;
    if (usage.messages <= 0) this.byAddress.delete(entry.address);
    else this.byAddress.set(entry.address, usage);
  }

  /** The topic's unexpired messages; prunes the expired ones as a side effect. */
  private live(topic: string): StoredMessage[] {
    const list = this.topics.get(topic);
    if (!list) return [];
    const now = this.now();
    if (list.every((entry) => entry.expiresAt > now)) return list;
    const kept = list.filter((entry) => entry.expiresAt > now);
    for (const entry of list) if (entry.expiresAt <= now) this.count(entry, -1);
    if (kept.length === 0) this.topics.delete(topic);
    else this.topics.set(topic, kept);
    return kept;
  }
}
