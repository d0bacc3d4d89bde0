/**
 * The relay's messages in Redis, shared by any number of relay instances (`REDIS_URL`). Each write is one Lua
 * script, so instances never interleave inside one: a publish checks every bound the in-memory mailbox checks
 * (per topic, per client address, relay-wide), drops what expired, and stores the message; a subscribe reads what
 * the client has not acked. Publishes reach the other instances through a pub/sub channel per topic, which an
 * instance listens on while one of its sockets is subscribed there.
 *
 * Keys (under `prefix`): `m:<id>` the message, `k:<id>` who acked it, `o:<topic>` its messages in publish order,
 * `s:<topic>` each one's size and client address, `tb:<topic>` its bytes, `all` every message by expiry,
 * `topics`, `bytes`, `ab:<address>` / `an:<address>` what each client address stores, `seq`. Expiry is the
 * relay's clock; every key also has a Redis TTL an hour past it, so nothing outlives the relays that wrote it.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { LimitError } from './limits.js';
import { bytes, messageId, type MailboxLimits, type PublishInput, type StoredMessage } from './mailbox.js';
import type { MessageStore, RemoteMessage } from './store.js';

const GRACE_MS = 3_600_000;

// Drops one message (member "topic\nid") with its accounting. Shared by the scripts below.
const DROP = `
local function drop(P, member)
  local nl = string.find(member, '\\n', 1, true)
  local topic = string.sub(member, 1, nl - 1)
  local id = string.sub(member, nl + 1)
  local meta = redis.call('HGET', P .. 's:' .. topic, id)
  if meta then
    local bar = string.find(meta, '|', 1, true)
    local size = tonumber(string.sub(meta, 1, bar - 1))
    local address = string.sub(meta, bar + 1)
    redis.call('HDEL', P .. 's:' .. topic, id)
    redis.call('DECRBY', P .. 'bytes', size)
    redis.call('DECRBY', P .. 'tb:' .. topic, size)
    if redis.call('DECRBY', P .. 'ab:' .. address, size) <= 0 then redis.call('DEL', P .. 'ab:' .. address) end
    if redis.call('DECR', P .. 'an:' .. address) <= 0 then redis.call('DEL', P .. 'an:' .. address) end
  end
  redis.call('ZREM', P .. 'o:' .. topic, id)
  redis.call('ZREM', P .. 'all', member)
  redis.call('DEL', P .. 'm:' .. id, P .. 'k:' .. id)
  if redis.call('ZCARD', P .. 'o:' .. topic) == 0 then
    redis.call('SREM', P .. 'topics', topic)
    redis.call('DEL', P .. 'o:' .. topic, P .. 's:' .. topic, P .. 'tb:' .. topic)
  end
end
local function sweep(P, now)
  for _, member in ipairs(redis.call('ZRANGEBYSCORE', P .. 'all', '-inf', now, 'LIMIT', 0, 1000)) do drop(P, member) end
end
`;

// ARGV: prefix, now, id, topic, record (JSON), size, address, expiresAt, grace ms, then the bounds: per topic
// messages, per topic bytes, topics, stored bytes, per address bytes, per address messages.
const STORE = `${DROP}
local P, now, id, topic, record = ARGV[1], tonumber(ARGV[2]), ARGV[3], ARGV[4], ARGV[5]
local size, address, expiresAt, grace = tonumber(ARGV[6]), ARGV[7], tonumber(ARGV[8]), tonumber(ARGV[9])
local perTopic, topicBytes, maxTopics, maxStored = tonumber(ARGV[10]), tonumber(ARGV[11]), tonumber(ARGV[12]), tonumber(ARGV[13])
local addressBytes, addressMessages = tonumber(ARGV[14]), tonumber(ARGV[15])
sweep(P, now)
local member = topic .. '\\n' .. id
local ttl = expiresAt - now + grace
if redis.call('ZSCORE', P .. 'o:' .. topic, id) then
  redis.call('ZADD', P .. 'all', 'GT', expiresAt, member)
  for _, key in ipairs({P .. 'm:' .. id, P .. 'k:' .. id, P .. 'o:' .. topic, P .. 's:' .. topic, P .. 'tb:' .. topic}) do
    if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
  end
  local acked = redis.call('SMEMBERS', P .. 'k:' .. id)
  return {'dup', redis.call('GET', P .. 'm:' .. id), tostring(redis.call('ZSCORE', P .. 'all', member)), unpack(acked)}
end
if redis.call('EXISTS', P .. 'o:' .. topic) == 0 and redis.call('SCARD', P .. 'topics') >= maxTopics then
  return {'limit', 'the relay keeps messages for at most ' .. maxTopics .. ' topics'}
end
if tonumber(redis.call('GET', P .. 'bytes') or '0') + size > maxStored then
  return {'limit', 'the relay stores at most ' .. maxStored .. ' bytes of messages'}
end
if tonumber(redis.call('GET', P .. 'ab:' .. address) or '0') + size > addressBytes then
  return {'limit', 'one client address may store at most ' .. addressBytes .. ' bytes of messages'}
end
if tonumber(redis.call('GET', P .. 'an:' .. address) or '0') + 1 > addressMessages then
  return {'limit', 'one client address may store at most ' .. addressMessages .. ' messages'}
end
local seq = redis.call('INCR', P .. 'seq')
redis.call('SET', P .. 'm:' .. id, record, 'PX', ttl)
redis.call('ZADD', P .. 'o:' .. topic, seq, id)
redis.call('ZADD', P .. 'all', expiresAt, member)
redis.call('HSET', P .. 's:' .. topic, id, size .. '|' .. address)
redis.call('SADD', P .. 'topics', topic)
redis.call('INCRBY', P .. 'bytes', size)
redis.call('INCRBY', P .. 'tb:' .. topic, size)
redis.call('INCRBY', P .. 'ab:' .. address, size)
redis.call('INCR', P .. 'an:' .. address)
for _, key in ipairs({P .. 'o:' .. topic, P .. 's:' .. topic, P .. 'tb:' .. topic, P .. 'ab:' .. address, P .. 'an:' .. address}) do
  if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
end
-- Over the topic's bounds, its oldest messages go; the newest always stays.
local excess = redis.call('ZCARD', P .. 'o:' .. topic) - perTopic
if excess > 0 then
  for _, old in ipairs(redis.call('ZRANGE', P .. 'o:' .. topic, 0, excess - 1)) do drop(P, topic .. '\\n' .. old) end
end
while tonumber(redis.call('GET', P .. 'tb:' .. topic) or '0') > topicBytes and redis.call('ZCARD', P .. 'o:' .. topic) > 1 do
  drop(P, topic .. '\\n' .. redis.call('ZRANGE', P .. 'o:' .. topic, 0, 0)[1])
end
return {'ok'}
`;

// ARGV: prefix, now, topic, client id. Returns record, expiresAt pairs, oldest first.
const PENDING = `${DROP}
local P, now, topic, client = ARGV[1], tonumber(ARGV[2]), ARGV[3], ARGV[4]
sweep(P, now)
local out = {}
for _, id in ipairs(redis.call('ZRANGE', P .. 'o:' .. topic, 0, -1)) do
  local expiresAt = tonumber(redis.call('ZSCORE', P .. 'all', topic .. '\\n' .. id))
  if expiresAt and expiresAt > now and redis.call('SISMEMBER', P .. 'k:' .. id, client) == 0 then
    local record = redis.call('GET', P .. 'm:' .. id)
    if record then
      table.insert(out, record)
      table.insert(out, tostring(expiresAt))
    end
  end
end
return out
`;

const SWEEP = `${DROP}
sweep(ARGV[1], tonumber(ARGV[2]))
return redis.call('ZCARD', ARGV[1] .. 'all')
`;

type Record = Omit<StoredMessage, 'ackedBy' | 'expiresAt'>;
const fromRecord = (json: string, expiresAt: number, ackedBy: Iterable<string> = []): StoredMessage => ({ ...(JSON.parse(json) as Record), expiresAt, ackedBy: new Set(ackedBy) });

interface Scripts {
  wcrStore(...args: (string | number)[]): Promise<string[]>;
  wcrPending(...args: (string | number)[]): Promise<string[]>;
  wcrSweep(...args: (string | number)[]): Promise<number>;
}

export class RedisStore implements MessageStore {
  private readonly redis: Redis & Scripts;
  private readonly subscriber: Redis;
  /** Told apart from the other instances' announcements. */
  private readonly instance = randomUUID();
  private handler: (message: RemoteMessage) => void = () => undefined;

  constructor(
    url: string,
    private readonly now: () => number,
    private readonly limits: Required<MailboxLimits>,
    private readonly prefix = 'wcr:',
  ) {
    // Commands wait for a reconnect instead of failing at once; readiness reports the outage meanwhile.
    this.redis = new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: true }) as Redis & Scripts;
    this.redis.on('error', () => undefined);
    this.redis.defineCommand('wcrStore', { numberOfKeys: 0, lua: STORE });
    this.redis.defineCommand('wcrPending', { numberOfKeys: 0, lua: PENDING });
    this.redis.defineCommand('wcrSweep', { numberOfKeys: 0, lua: SWEEP });
    this.subscriber = new Redis(url, { lazyConnect: true });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (channel: string, text: string) => {
      if (!channel.startsWith(`${this.prefix}p:`)) return;
      const { origin, ackedBy, ...message } = JSON.parse(text) as StoredMessage & { origin: string; ackedBy: string[] };
      if (origin !== this.instance) this.handler({ ...message, ackedBy: new Set(ackedBy) });
    });
  }

  /** Connects both clients; a Redis that cannot be reached fails the relay's start. */
  async connect(): Promise<void> {
    await Promise.all([this.redis.connect(), this.subscriber.connect()]);
  }

  async store(input: PublishInput): Promise<{ stored: StoredMessage; duplicate: boolean }> {
    const now = this.now();
    const id = messageId(input.topic, input.message);
    const expiresAt = now + input.ttl * 1000;
    const address = input.address ?? 'unknown';
    const record: Record = {
      id,
      topic: input.topic,
      message: input.message,
      publishedAt: now,
      tag: input.tag,
      ...(input.attestation ? { attestation: input.attestation } : {}),
      publisher: input.publisher,
      address,
    };
    const l = this.limits;
    const [status, ...rest] = await this.redis.wcrStore(this.prefix, now, id, input.topic, JSON.stringify(record), bytes(input), address, expiresAt, GRACE_MS,
      l.maxMessagesPerTopic, l.maxBytesPerTopic, l.maxMailboxTopics, l.maxStoredBytes, l.maxStoredBytesPerAddress, l.maxStoredMessagesPerAddress);
    if (status === 'limit') throw new LimitError(rest[0] as string);
    if (status === 'dup') return { stored: fromRecord(rest[0] as string, Number(rest[1]), rest.slice(2)), duplicate: true };
    return { stored: { ...record, expiresAt, ackedBy: new Set() }, duplicate: false };
  }

  async pendingFor(topic: string, clientId: string): Promise<StoredMessage[]> {
    const flat = await this.redis.wcrPending(this.prefix, this.now(), topic, clientId);
    const out: StoredMessage[] = [];
    for (let i = 0; i < flat.length; i += 2) {
      const message = fromRecord(flat[i] as string, Number(flat[i + 1]));
      if (message.publisher !== clientId) out.push(message);
    }
    return out;
  }

  async ack(stored: StoredMessage, clientId: string): Promise<void> {
    const key = `${this.prefix}k:${stored.id}`;
    await this.redis.multi().sadd(key, clientId).pexpire(key, Math.max(1, stored.expiresAt - this.now()) + GRACE_MS).exec();
    stored.ackedBy.add(clientId);
  }

  async announce(stored: StoredMessage): Promise<void> {
    await this.redis.publish(`${this.prefix}p:${stored.topic}`, JSON.stringify({ ...stored, ackedBy: [...stored.ackedBy], origin: this.instance }));
  }

  async watch(topic: string): Promise<void> {
    await this.subscriber.subscribe(`${this.prefix}p:${topic}`);
  }

  async unwatch(topic: string): Promise<void> {
    await this.subscriber.unsubscribe(`${this.prefix}p:${topic}`);
  }

  onRemote(handler: (message: RemoteMessage) => void): void {
    this.handler = handler;
  }

  async sweep(): Promise<void> {
    await this.redis.wcrSweep(this.prefix, this.now());
  }

  async counts(): Promise<{ messages: number; topics: number }> {
    const messages = await this.redis.wcrSweep(this.prefix, this.now());
    return { messages, topics: await this.redis.scard(`${this.prefix}topics`) };
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
