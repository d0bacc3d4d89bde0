import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import WebSocket from 'ws';
import { setTimeout as sleep } from 'node:timers/promises';
import { PortInUseError } from '../../server/ports.js';
import { startRelay, type Relay, type RelayOptions } from '../../server/relay/relay.js';
import { startRedis, type LocalRedis } from '../support/local-databases.js';
import { Client, connect, identity, jwt, open, subscriptionId, topic, type Response } from './relay-client.js';
import { occupyPort } from './helpers.js';

// Every behaviour twice: one relay keeping its messages in memory, and one keeping them in Redis (each relay its
// own key prefix there, so tests do not see each other's messages).
let redis: LocalRedis | undefined;
let prefixes = 0;
after(async () => {
  await redis?.stop();
});
const backends = {
  memory: async (): Promise<RelayOptions> => ({}),
  Redis: async (): Promise<RelayOptions> => {
    redis ??= await startRedis();
    return { redisUrl: redis.url, redisPrefix: `test${++prefixes}:` };
  },
};

for (const [backend, storage] of Object.entries(backends)) describe(`WalletConnect relay (${backend})`, { timeout: 20_000 }, () => {
  const relays: Relay[] = [];
  const clients: Client[] = [];
  after(async () => {
    for (const client of clients) client.ws.terminate();
    await Promise.all(relays.map((relay) => relay.stop()));
  });
  async function relay(options: RelayOptions = {}): Promise<Relay> {
    const started = await startRelay({ ...(await storage()), ...options });
    relays.push(started);
    return started;
  }
  async function client(r: Relay, options?: Parameters<typeof connect>[1]): Promise<Client> {
    const c = connect(r, options);
    clients.push(c);
    await c.opened;
    return c;
  }

  it('listens on 127.0.0.1 and answers GET /health', async () => {
    const r = await relay();
    assert.match(r.url, /^ws:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(r.url, `ws://127.0.0.1:${r.port}`);
    const health = await fetch(`http://127.0.0.1:${r.port}/health`);
    assert.equal(health.status, 200);
    assert.equal(((await health.json()) as { status: string }).status, 'ok');
    assert.equal((await fetch(`http://127.0.0.1:${r.port}/`)).status, 426);
    assert.equal((await fetch(`http://127.0.0.1:${r.port}/nope`)).status, 404);
  });

  it('accepts a client with a valid EdDSA JWT and counts it', async () => {
    const r = await relay();
    const a = await client(r);
    const answer = await a.request('irn_subscribe', { topic: 'a-topic' });
    assert.deepEqual(answer, { id: '1', jsonrpc: '2.0', result: subscriptionId('a-topic', a.id.did) });
    assert.deepEqual({ ...(await r.stats()), methods: undefined, publishes: undefined }, {
      connections: 1, clients: 1, topics: 1, subscriptions: 1, storedMessages: 0, delivered: 0, acked: 0, authRejected: 0, methods: undefined, publishes: undefined,
    });
  });

  it('refuses missing, forged, expired and foreign-audience tokens with close code 4001 (never the fatal 3000)', async () => {
    const r = await relay();
    const id = identity();
    const cases: [string, string | null, RegExp][] = [
      ['missing', null, /^unauthorized: missing auth$/],
      ['not a JWT', 'abc', /not a compact JWT/],
      ['signed by another key', jwt(id, r.url, { signer: identity().privateKey }), /bad JWT signature/],
      ['expired', jwt(id, r.url, { exp: Math.floor(Date.now() / 1000) - 1 }), /JWT expired/],
      ['another relay', jwt(id, 'ws://127.0.0.1:1'), /aud is not this relay/],
    ];
    for (const [name, auth, reason] of cases) {
      const c = connect(r, { id, auth });
      clients.push(c);
      const closed = await Promise.race([c.closed, sleep(3000, undefined, { ref: false }).then(() => assert.fail(`${name}: the relay kept the socket open`))]);
      assert.equal(closed.code, 4001, name);
      assert.match(closed.reason, reason, name);
    }
    assert.equal((await r.stats()).authRejected, cases.length);
    assert.equal((await r.stats()).connections, 0);
  });

  it('refuses a JWT issued in the future or with exp before iat, and closes an open socket with 4001 when its JWT expires', async () => {
    const r = await relay();
    const id = identity();
    const now = Math.floor(Date.now() / 1000);
    for (const [name, auth, reason] of [
      ['issued in an hour', jwt(id, r.url, { iat: now + 3600, exp: now + 7200 }), /JWT iat is in the future/],
      ['exp before iat', jwt(id, r.url, { iat: now + 100, exp: now + 50 }), /JWT exp is not after iat/],
    ] as const) {
      const c = connect(r, { id, auth });
      clients.push(c);
      const closed = await c.closed;
      assert.deepEqual([closed.code, reason.test(closed.reason)], [4001, true], `${name}: ${closed.reason}`);
    }
    // A token valid for two more seconds: accepted, then the socket is closed when it runs out.
    const short = await client(r, { id, auth: jwt(id, r.url, { exp: now + 2 }) });
    assert.equal((await short.request('irn_subscribe', { topic: 'expiring-auth' })).error, undefined);
    const started = Date.now();
    assert.deepEqual(await short.closed, { code: 4001, reason: 'unauthorized: JWT expired' });
    assert.ok(Date.now() - started < 3500, `closed after ${Date.now() - started} ms`);
  });

  it('checks aud against the configured public URL, never against the Host header the client sends', async () => {
    const id = identity();
    const plain = await relay();
    assert.equal(plain.publicUrl, plain.url);
    // Another name of this relay in Host (another name altogether is refused at the upgrade: host-check-services
    // test) with that name as aud: still refused, aud is compared with the relay's URL, not the Host header.
    const other = `localhost:${new URL(plain.url).port}`;
    const forged = connect(plain, { id, auth: jwt(id, `ws://${other}`), host: other });
    clients.push(forged);
    const refused = await forged.closed;
    assert.deepEqual([refused.code, refused.reason], [4001, 'unauthorized: JWT aud is not this relay']);

    const proxied = await relay({ publicUrl: 'wss://relay.example.com/' });
    assert.equal(proxied.publicUrl, 'wss://relay.example.com/');
    const through = await client(proxied, { id, auth: jwt(id, 'wss://relay.example.com') });
    assert.equal((await through.request('irn_subscribe', { topic: 'behind-a-proxy' })).error, undefined);
    const direct = connect(proxied, { id, auth: jwt(id, proxied.url) });
    clients.push(direct);
    assert.equal((await direct.closed).code, 4001);
    await assert.rejects(startRelay({ publicUrl: 'https://relay.example.com' }), /publicUrl must be a ws: or wss: URL/);
    await assert.rejects(startRelay({ limits: { maxTopicsPerSocket: 0 } }), /relay limit maxTopicsPerSocket must be a positive whole number \(got 0\)/);
  });

  it('answers a publish over 1 MiB with -32602 and keeps the socket; closes it with 1009 for a frame over 2 MiB', async () => {
    const r = await relay();
    const a = await client(r);
    const t = topic('big');
    const tooBig = await a.request('irn_publish', { topic: t, message: 'A'.repeat(1024 * 1024 + 1), ttl: 300, tag: 1108 });
    assert.deepEqual(tooBig.error, { code: -32602, message: 'Invalid params: params.message is over 1048576 bytes' });
    assert.equal((await a.request('irn_publish', { topic: t, message: 'A'.repeat(1024 * 1024), ttl: 300, tag: 1108 })).result, true);
    assert.equal((await r.stats()).storedMessages, 1);
    a.send({ id: 'huge', jsonrpc: '2.0', method: 'irn_publish', params: { topic: t, message: 'A'.repeat(2 * 1024 * 1024), ttl: 300 } });
    assert.equal((await a.closed).code, 1009);
  });

  it('bounds topics per socket and subscriptions across the relay with -32005, subscribing nothing of a batch past the bound', async () => {
    const r = await relay({ limits: { maxTopicsPerSocket: 3, maxSubscriptions: 4 } });
    const a = await client(r);
    assert.equal((await a.request('irn_batchSubscribe', { topics: ['t1', 't2'] })).error, undefined);
    const over = await a.request('irn_batchSubscribe', { topics: ['t1', 't3', 't4'] });
    assert.deepEqual(over.error, { code: -32005, message: 'Limit exceeded: a socket may subscribe to at most 3 topics' });
    assert.equal((await r.stats()).subscriptions, 2);
    // Subscribing again to a topic it has costs nothing.
    assert.equal((await a.request('irn_batchSubscribe', { topics: ['t1', 't2', 't3'] })).error, undefined);
    const b = await client(r);
    assert.equal((await b.request('irn_subscribe', { topic: 't1' })).error, undefined);
    assert.deepEqual((await b.request('wc_proposeSession', { pairingTopic: 'p1', sessionProposal: 'cA==', ttl: 300 })).error, {
      code: -32005, message: 'Limit exceeded: the relay holds at most 4 subscriptions',
    });
    assert.equal((await r.stats()).storedMessages, 0, 'a refused proposal is not published');
    await a.request('irn_unsubscribe', { topic: 't3' });
    assert.equal((await b.request('irn_subscribe', { topic: 't9' })).error, undefined);
    assert.equal((await r.stats()).subscriptions, 4);
  });

  it("bounds each topic's mailbox by count and bytes (oldest dropped) and the topics it keeps (new ones refused with -32005)", async () => {
    const r = await relay({ limits: { maxMessagesPerTopic: 3, maxBytesPerTopic: 10, maxMailboxTopics: 2 } });
    const a = await client(r);
    for (const message of ['bTE=', 'bTI=', 'bTM=', 'bTQ=']) await a.request('irn_publish', { topic: 'counted', message, ttl: 300, tag: 1108 });
    const b = await client(r);
    await b.request('irn_subscribe', { topic: 'counted' });
    await b.settle();
    // Three kept by count, and of their 12 bytes only the newest two fit in 10.
    assert.deepEqual(b.inbox.map((m) => m.params.data.message), ['bTM=', 'bTQ=']);
    await a.request('irn_publish', { topic: 'second', message: 'eA==', ttl: 300, tag: 1108 });
    assert.deepEqual((await a.request('irn_publish', { topic: 'third', message: 'eA==', ttl: 300, tag: 1108 })).error, {
      code: -32005, message: 'Limit exceeded: the relay keeps messages for at most 2 topics',
    });
  });

  it('fans a publish out to the other subscribers, never back to the publisher', async () => {
    const r = await relay();
    const [a, b, c] = [await client(r), await client(r), await client(r)];
    const t = topic('fanout');
    for (const x of [a, b, c]) await x.request('irn_subscribe', { topic: t });
    const before = Date.now();
    assert.equal((await a.request('irn_publish', { topic: t, message: 'bWVzc2FnZQ==', ttl: 300, tag: 1108, prompt: false, correlationId: 1 })).result, true);
    for (const x of [b, c]) {
      const [message] = await x.received(1);
      assert.equal(message?.method, 'irn_subscription');
      assert.equal(message?.params.id, subscriptionId(t, x.id.did));
      const { publishedAt, ...data } = message!.params.data;
      assert.deepEqual(data, { topic: t, message: 'bWVzc2FnZQ==', tag: 1108 });
      assert.ok(publishedAt >= before && publishedAt <= Date.now());
    }
    await a.settle();
    assert.deepEqual(a.inbox, []);
    await Promise.all([b.settle(), c.settle()]);
    assert.deepEqual((await r.stats()).publishes, { 1108: 1 });
    assert.equal((await r.stats()).delivered, 2);
    assert.equal((await r.stats()).acked, 2);
  });

  it('keeps messages for subscribers that come later, and forgets them when their ttl runs out', async () => {
    let clock = Date.now();
    const r = await relay({ now: () => clock });
    const a = await client(r);
    const [kept, expiring] = [topic('kept'), topic('expiring')];
    await a.request('irn_publish', { topic: kept, message: 'a2VwdA==', ttl: 300, tag: 1100 });
    await a.request('irn_publish', { topic: expiring, message: 'Z29uZQ==', ttl: 1, tag: 1100 });
    // The same envelope again (a client retrying) is stored once.
    await a.request('irn_publish', { topic: kept, message: 'a2VwdA==', ttl: 300, tag: 1100 });
    assert.equal((await r.stats()).storedMessages, 2);

    const b = await client(r);
    const subscribed = await b.request('irn_batchSubscribe', { topics: [kept] });
    assert.deepEqual(subscribed.result, [subscriptionId(kept, b.id.did)]);
    const [message] = await b.received(1);
    assert.equal(message?.params.data.message, 'a2VwdA==');

    clock += 999;
    assert.equal((await r.stats()).storedMessages, 2, 'kept until its ttl runs out');
    clock += 1;
    assert.equal((await r.stats()).storedMessages, 1);
    await b.request('irn_subscribe', { topic: expiring });
    await b.settle();
    assert.equal(b.inbox.length, 1, 'nothing from the expired topic');
    assert.deepEqual((await b.request('irn_fetchMessages', { topic: expiring })).result, { messages: [], hasMore: false });
  });

  it('does not resend what a client acked, after it reconnects; resends what it did not ack', async () => {
    const r = await relay();
    const acking = identity();
    const silent = identity();
    const t = topic('acks');
    const b = await client(r, { id: acking });
    const c = await client(r, { id: silent, autoAck: false });
    await b.request('irn_subscribe', { topic: t });
    await c.request('irn_subscribe', { topic: t });
    const a = await client(r);
    await a.request('irn_publish', { topic: t, message: 'YWNr', ttl: 300, tag: 1108 });
    await b.received(1);
    await c.received(1);
    await b.settle();
    assert.equal((await r.stats()).acked, 1);

    b.close();
    c.close();
    await Promise.all([b.closed, c.closed]);
    const b2 = await client(r, { id: acking });
    const c2 = await client(r, { id: silent });
    await b2.request('irn_batchSubscribe', { topics: [t] });
    await c2.request('irn_batchSubscribe', { topics: [t] });
    await b2.settle();
    assert.deepEqual(b2.inbox, [], 'acked: not sent again');
    const [again] = await c2.received(1);
    assert.equal(again?.params.data.message, 'YWNr');
    await c2.settle();
    assert.equal((await r.stats()).acked, 2);
  });

  it('wc_proposeSession and wc_approveSession subscribe the caller and publish with the session tags', async () => {
    const r = await relay();
    const dapp = await client(r);
    const wallet = await client(r);
    const [pairing, session] = [topic('pairing'), topic('session')];

    const proposed = await dapp.request('wc_proposeSession', { pairingTopic: pairing, sessionProposal: 'cHJvcG9zYWw=', ttl: 300, attestation: 'att', correlationId: 7 });
    assert.equal(proposed.result, true);
    await wallet.request('irn_subscribe', { topic: pairing });
    const [proposal] = await wallet.received(1);
    assert.deepEqual({ ...proposal!.params.data, publishedAt: 0 }, { topic: pairing, message: 'cHJvcG9zYWw=', tag: 1100, attestation: 'att', publishedAt: 0 });

    const approved = await wallet.request('wc_approveSession', {
      sessionTopic: session,
      pairingTopic: pairing,
      sessionProposalResponse: 'cmVzcG9uc2U=',
      sessionSettlementRequest: 'c2V0dGxl',
      ttl: 300,
      correlationId: 7,
    });
    assert.equal(approved.result, true);
    // The dapp never subscribed to the pairing topic itself: wc_proposeSession did.
    const [response] = await dapp.received(1);
    assert.equal(response?.params.data.topic, pairing);
    assert.equal(response?.params.data.tag, 1101);
    assert.equal(response?.params.data.message, 'cmVzcG9uc2U=');
    await dapp.request('irn_subscribe', { topic: session });
    const [, settle] = await dapp.received(2);
    assert.deepEqual([settle?.params.data.topic, settle?.params.data.tag, settle?.params.data.message], [session, 1102, 'c2V0dGxl']);

    // Likewise the wallet is on the session topic without asking.
    await dapp.request('irn_publish', { topic: session, message: 'cmVxdWVzdA==', ttl: 900, tag: 1108 });
    const [, request] = await wallet.received(2);
    assert.equal(request?.params.data.topic, session);
    assert.deepEqual((await r.stats()).publishes, { 1100: 1, 1101: 1, 1102: 1, 1108: 1 });
    assert.equal((await r.stats()).subscriptions, 4);
  });

  it('echoes 19-digit ids exactly, numbers and strings alike', async () => {
    const r = await relay();
    const a = await client(r);
    a.send('{"id":1737000000000000123,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"big"}}');
    a.send('{"id":"1737000000000000124","jsonrpc":"2.0","method":"irn_unsubscribe","params":{"topic":"big"}}');
    a.send('{"id":9007199254740993,"jsonrpc":"2.0","method":"no_such_method","params":{}}');
    await a.settle();
    assert.ok(a.raw.some((text) => text.startsWith('{"id":1737000000000000123,"jsonrpc":"2.0","result":"')), a.raw.join('\n'));
    assert.ok(a.raw.includes('{"id":"1737000000000000124","jsonrpc":"2.0","result":true}'), a.raw.join('\n'));
    assert.ok(a.raw.some((text) => text.startsWith('{"id":9007199254740993,"jsonrpc":"2.0","error":{"code":-32601')), a.raw.join('\n'));
  });

  it('answers unknown methods with -32601, bad params with -32602, and survives malformed JSON', async () => {
    const r = await relay();
    const a = await client(r);
    assert.deepEqual(await a.request('irn_teleport', {}), { id: '1', jsonrpc: '2.0', error: { code: -32601, message: 'Method not found: irn_teleport' } });
    const bad = [
      ['irn_subscribe', {}],
      ['irn_subscribe', undefined],
      ['irn_batchSubscribe', { topics: 'x' }],
      ['irn_publish', { topic: 't', ttl: 300 }],
      ['irn_publish', { topic: 't', message: 'm', ttl: -5 }],
      ['wc_approveSession', { sessionTopic: 's', pairingTopic: 'p' }],
    ] as const;
    for (const [method, params] of bad) {
      const answer = await a.request(method, params);
      assert.equal(answer.error?.code, -32602, `${method} ${JSON.stringify(params)}`);
      assert.match(answer.error?.message ?? '', /^Invalid params: /);
    }
    a.send('{"id":1,"method":');
    a.send('[1,2]');
    a.ws.send(Buffer.from([0xff, 0xfe]), { binary: true });
    await a.settle();
    const errors = a.raw.map((text) => JSON.parse(text) as Response).filter((p) => p.id === null);
    assert.deepEqual(errors.map((p) => p.error?.code), [-32700, -32600, -32700]);
    assert.equal((await a.request('irn_subscribe', { topic: 'still-fine' })).result, subscriptionId('still-fine', a.id.did));
    assert.equal((await r.stats()).connections, 1);
  });

  it('pings every socket every pingMs, and drops one that stops answering', { timeout: 15_000 }, async () => {
    const r = await relay({ pingMs: 50 });
    const a = await client(r);
    const mute = await client(r, { autoPong: false });
    // The mute socket is dropped after a ping it leaves unanswered; the answering one keeps being pinged. Waits
    // for both rather than a fixed time, which a loaded machine could make too short.
    assert.equal((await mute.closed).code, 1006);
    for (const deadline = Date.now() + 10_000; a.pings < 3 && Date.now() < deadline; ) await sleep(20);
    assert.ok(a.pings >= 3, `pings: ${a.pings}`);
    assert.equal(a.ws.readyState, WebSocket.OPEN);
    assert.equal((await r.stats()).connections, 1);
  });

  it('stop() closes every client (1001, not fatal) and the port; a second stop() is a no-op', async () => {
    const r = await startRelay();
    const a = await open(r);
    const b = await open(r);
    clients.push(a, b);
    await a.request('irn_subscribe', { topic: 'x' });
    await Promise.all([r.stop(), r.stop()]);
    assert.deepEqual(await a.closed, { code: 1001, reason: 'relay stopping' });
    assert.equal((await b.closed).code, 1001);
    await assert.rejects(fetch(`http://127.0.0.1:${r.port}/health`));
    await r.stop();
  });

  it('throws PortInUseError for a taken port', async () => {
    const held = await occupyPort();
    try {
      await assert.rejects(startRelay({ port: held.port }), (err: unknown) => {
        assert.ok(err instanceof PortInUseError);
        assert.equal(err.port, held.port);
        assert.equal(err.service, 'WalletConnect relay');
        return true;
      });
    } finally {
      await held.release();
    }
  });
});

for (const [backend, storage] of Object.entries(backends)) describe(`WalletConnect relay: per-client and per-address caps (${backend})`, { timeout: 180_000 }, () => {
  const relays: Relay[] = [];
  const clients: Client[] = [];
  after(async () => {
    for (const client of clients) client.ws.terminate();
    await Promise.all(relays.map((relay) => relay.stop()));
  });
  async function relay(options: RelayOptions = {}): Promise<Relay> {
    const started = await startRelay({ ...(await storage()), ...options });
    relays.push(started);
    return started;
  }
  async function client(r: Relay, options?: Parameters<typeof connect>[1]): Promise<Client> {
    const c = connect(r, options);
    clients.push(c);
    await c.opened;
    return c;
  }

  it('one address flooding with sockets of one client id and subscriptions cannot lock another client out of pairing', { timeout: 120_000 }, async () => {
    const r = await relay();
    const flooder = identity();
    const sockets: Client[] = [];
    const refusals = new Map<string, number>();
    // 120 sockets of one self-issued id from 127.0.0.2, each subscribing 1000 topics in batches of 500.
    for (let s = 0; s < 120; s++) {
      const c = connect(r, { id: flooder, from: '127.0.0.2' });
      clients.push(c);
      const refused = c.closed.then(({ code, reason }) => `closed ${code} ${reason}`);
      await Promise.race([c.opened, refused]);
      let kept = true;
      for (let batch = 0; batch < 2 && kept; batch++) {
        const answer = await Promise.race([c.request('irn_batchSubscribe', { topics: Array.from({ length: 500 }, (_, i) => `flood-${s}-${batch}-${i}`) }), refused]);
        const refusal = typeof answer === 'string' ? answer : answer.error?.message;
        if (typeof answer === 'string') kept = false;
        if (refusal) refusals.set(refusal, (refusals.get(refusal) ?? 0) + 1);
      }
      if (kept) sockets.push(c);
    }
    const victim = await client(r);
    const proposal = await victim.request('wc_proposeSession', { pairingTopic: topic('victim'), sessionProposal: 'cA==', ttl: 300 });
    assert.equal(proposal.error, undefined, `the second client could not pair: ${JSON.stringify(proposal.error)} (the flooder holds ${(await r.stats()).subscriptions} subscriptions)`);
    assert.deepEqual([...refusals.keys()].sort(), ['Limit exceeded: one client address may hold at most 10000 subscriptions', 'closed 1013 too many sockets from this client id']);
    assert.equal(sockets.length, 20, 'one client id holds at most 20 sockets');
    assert.equal((await r.stats()).subscriptions, 10_001);
  });

  it('caps sockets per client address (configurable) and stored bytes per address and relay-wide, attestations counted', async () => {
    const r = await relay({ limits: { maxSocketsPerAddress: 2, maxStoredBytesPerAddress: 40, maxStoredBytes: 60, maxBytesPerTopic: 30 } });
    const [a, b] = [await client(r, { from: '127.0.0.3' }), await client(r, { from: '127.0.0.3' })];
    const third = connect(r, { from: '127.0.0.3' });
    clients.push(third);
    assert.deepEqual(await third.closed, { code: 1013, reason: 'too many sockets from this address' });
    assert.equal((await a.request('irn_publish', { topic: 'b1', message: 'eHh4eHh4eHh4eA==', ttl: 300, tag: 1108 })).error, undefined);
    assert.deepEqual((await b.request('irn_publish', { topic: 'b2', message: 'eHh4eHh4eHh4eA==', ttl: 300, tag: 1108, attestation: 'x'.repeat(20) })).error, {
      code: -32005, message: 'Limit exceeded: one client address may store at most 40 bytes of messages',
    });
    const c = await client(r);
    assert.equal((await c.request('irn_publish', { topic: 'c1', message: 'eHh4eHh4eHh4eA==', ttl: 300, tag: 1108 })).error, undefined);
    assert.deepEqual((await c.request('irn_publish', { topic: 'c2', message: 'eHh4eHh4eHh4eA==', ttl: 300, tag: 1108, attestation: 'x'.repeat(14) })).error, {
      code: -32005, message: 'Limit exceeded: the relay stores at most 60 bytes of messages',
    });
    a.close();
    await a.closed;
    const again = connect(r, { from: '127.0.0.3' });
    clients.push(again);
    await again.opened;
  });
});
