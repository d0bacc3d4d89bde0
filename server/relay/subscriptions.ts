/**
 * Which sockets are subscribed to which topics, within the relay's bounds: at most `maxTopicsPerSocket`
 * topics per socket, `maxSubscriptionsPerAddress` pairs per client address and `maxSubscriptions` socket-topic
 * pairs in all (limits.ts). A subscribe past any
 * is a LimitError and subscribes none of its topics.
 */
import { createHash } from 'node:crypto';
import { LimitError, type RelayLimits } from './limits.js';
import type { Connection } from './methods.js';

/** The id the client computes for itself: sha256-hex(topic + its did:key). */
export const subscriptionId = (topic: string, clientId: string): string => createHash('sha256').update(topic + clientId).digest('hex');

export class Subscriptions {
  private readonly byTopic = new Map<string, Set<Connection>>();
  private pairs = 0;
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly limits: Pick<RelayLimits, 'maxTopicsPerSocket' | 'maxSubscriptions' | 'maxSubscriptionsPerAddress'>) {}

  /** Adds `conn` to `topics` (those it has already cost nothing); returns their subscription ids. */
  add(conn: Connection, topics: readonly string[]): string[] {
    const added = new Set(topics.filter((topic) => !conn.topics.has(topic))).size;
    if (conn.topics.size + added > this.limits.maxTopicsPerSocket) {
      throw new LimitError(`a socket may subscribe to at most ${this.limits.maxTopicsPerSocket} topics`);
    }
    const held = this.byAddress.get(conn.address) ?? 0;
    if (held + added > this.limits.maxSubscriptionsPerAddress) {
      throw new LimitError(`one client address may hold at most ${this.limits.maxSubscriptionsPerAddress} subscriptions`);
    }
    if (this.pairs + added > this.limits.maxSubscriptions) throw new LimitError(`the relay holds at most ${this.limits.maxSubscriptions} subscriptions`);
    if (added > 0) this.byAddress.set(conn.address, held + added);
    for (const topic of topics) {
      if (conn.topics.has(topic)) continue;
      conn.topics.add(topic);
      const set = this.byTopic.get(topic) ?? new Set();
      set.add(conn);
      this.byTopic.set(topic, set);
      this.pairs++;
    }
    return topics.map((topic) => subscriptionId(topic, conn.clientId));
  }

  remove(conn: Connection, topic: string): void {
    if (!conn.topics.delete(topic)) return;
    this.pairs--;
    const held = (this.byAddress.get(conn.address) ?? 1) - 1;
    if (held > 0) this.byAddress.set(conn.address, held);
    else this.byAddress.delete(conn.address);
    const set = this.byTopic.get(topic);
    set?.delete(conn);
    if (set?.size === 0) this.byTopic.delete(topic);
  }

  /** Whether any socket is subscribed to `topic`. */
  has(topic: string): boolean {
    return this.byTopic.has(topic);
  }

  /** The sockets subscribed to `topic`. */
  peers(topic: string): Iterable<Connection> {
    return this.byTopic.get(topic) ?? [];
  }

  /** Topics with at least one socket. */
  get topicCount(): number {
    return this.byTopic.size;
  }

  /** Socket-topic pairs. */
  get count(): number {
    return this.pairs;
  }

  clear(): void {
    this.byTopic.clear();
    this.byAddress.clear();
    this.pairs = 0;
  }
}
