/**
 * Where the relay keeps messages and how a publish reaches subscribers on other instances. One relay instance
 * keeps them in memory (`MemoryStore`, over the Mailbox); any number of instances on one Redis share them
 * (`RedisStore`, redis-store.ts): stored messages with their TTL and acks, and a pub/sub channel per topic that
 * carries each publish to the instances with a subscriber on it.
 */
import { Mailbox, type MailboxLimits, type PublishInput, type StoredMessage } from './mailbox.js';

/** A publish as another instance announced it: the message, and who had acked it then. */
export type RemoteMessage = StoredMessage;

export interface MessageStore {
  /** Stores a publish (see Mailbox.store); past a bound, a LimitError and nothing stored. */
  store(input: PublishInput): Promise<{ stored: StoredMessage; duplicate: boolean }>;
  /** What `clientId` has neither published nor acked on `topic`, oldest first. */
  pendingFor(topic: string, clientId: string): Promise<StoredMessage[]>;
  ack(stored: StoredMessage, clientId: string): Promise<void>;
  /** Tells the other instances about a publish (after `store`); a no-op with one instance. */
  announce(stored: StoredMessage): Promise<void>;
  /** From now on, publishes on `topic` at other instances reach `onRemote`; `unwatch` ends that. */
  watch(topic: string): Promise<void>;
  unwatch(topic: string): Promise<void>;
  onRemote(handler: (message: RemoteMessage) => void): void;
  /** Drops what has expired. */
  sweep(): Promise<void>;
  counts(): Promise<{ messages: number; topics: number }>;
  /** Throws when the storage cannot be reached (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** One instance: the Mailbox in this process. */
export class MemoryStore implements MessageStore {
  private readonly mailbox: Mailbox;

  constructor(now: () => number, limits: MailboxLimits) {
    this.mailbox = new Mailbox(now, limits);
  }

  async store(input: PublishInput) {
    return this.mailbox.store(input);
  }
  async pendingFor(topic: string, clientId: string) {
    return this.mailbox.pendingFor(topic, clientId);
  }
  async ack(stored: StoredMessage, clientId: string) {
    this.mailbox.ack(stored, clientId);
  }
  async announce() {}
  async watch() {}
  async unwatch() {}
  onRemote() {}
  async sweep() {
    this.mailbox.sweep();
  }
  async counts() {
    this.mailbox.sweep();
    return { messages: this.mailbox.messageCount, topics: this.mailbox.topicCount };
  }
  async ping() {}
  async close() {
    this.mailbox.clear();
  }
}
