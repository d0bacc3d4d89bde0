// Two relay instances on one Redis are one network: a dapp on one and a wallet on the other pair, sign and
// disconnect with the real SDKs (sign-client, WalletKit); what was published while a client was away reaches it
// when it subscribes at the other instance, unless its ttl ran out; a live publish crosses instances at once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { verifyMessage, type Hex } from 'viem';
import { startWalletPeer } from '../../devstack/wc-wallet/index.js';
import { findFreePort } from '../../server/ports.js';
import { startRelay, type Relay } from '../../server/relay/relay.js';
import { startRedis, type LocalRedis } from '../support/local-databases.js';
import { runServiceProcess, startServiceProcess } from '../support/service-process.js';
import { open, subscriptionId, topic } from './relay-client.js';
import { startDapp } from './wc-dapp.js';

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('two relays on one Redis', { timeout: 60_000 }, () => {
  let redis: LocalRedis;
  let a: Relay;
  let b: Relay;
  const clock = { now: Date.now() };
  before(async () => {
    redis = await startRedis();
    const started = await Promise.all([0, 1].map(() => startRelay({ redisUrl: redis.url, now: () => clock.now })));
    [a, b] = [started[0] as Relay, started[1] as Relay];
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
  });

  it('a sign-client dapp on one and a WalletKit wallet on the other pair, sign and disconnect', async () => {
    const { dapp, stop } = await startDapp(a.url);
    const wallet = await startWalletPeer({ relayUrl: b.url, chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${await findFreePort()}` }] });
    try {
      const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['accountsChanged'] } } });
      await wallet.pair(uri as string);
      const session = await approval();
      assert.deepEqual(session.namespaces.eip155?.accounts, [`eip155:31337:${ACCOUNT_0}`]);
      const message = '0x68656c6c6f2061637265737320696e7374616e636573' as Hex;
      const signature = (await dapp.request({ topic: session.topic, chainId: 'eip155:31337', request: { method: 'personal_sign', params: [message, ACCOUNT_0] } })) as Hex;
      assert.equal(await verifyMessage({ address: ACCOUNT_0, message: { raw: message }, signature }), true);
      await dapp.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } });
      await wallet.waitForNoSession(10_000);
      assert.deepEqual(wallet.sessions(), []);
    } finally {
      await wallet.stop();
      await stop();
    }
  });

  it('a live publish at one reaches a subscriber at the other, never the publisher', async () => {
    const t = topic('live');
    const [publisher, subscriber] = await Promise.all([open(a), open(b)]);
    try {
      assert.equal((await subscriber.request('irn_subscribe', { topic: t })).result, subscriptionId(t, subscriber.id.did));
      assert.equal((await publisher.request('irn_subscribe', { topic: t })).result, subscriptionId(t, publisher.id.did));
      assert.equal((await publisher.request('irn_publish', { topic: t, message: 'bGl2ZQ', ttl: 300, tag: 1108 })).result, true);
      const [received] = await subscriber.received(1);
      assert.equal(received?.params.data.message, 'bGl2ZQ');
      await publisher.settle();
      assert.equal(publisher.inbox.length, 0);
    } finally {
      publisher.close();
      subscriber.close();
    }
  });

  it('what was published while a client was away is delivered when it subscribes at the other instance; an expired message is not', async () => {
    const [kept, expired] = [topic('kept'), topic('expired')];
    const publisher = await open(a);
    await publisher.request('irn_publish', { topic: kept, message: 'a2VwdA', ttl: 300, tag: 1108 });
    await publisher.request('irn_publish', { topic: expired, message: 'Z29uZQ', ttl: 30, tag: 1108 });
    publisher.close();
    clock.now += 31_000;
    const late = await open(b);
    try {
      await late.request('irn_batchSubscribe', { topics: [kept, expired] });
      const [message] = await late.received(1);
      assert.deepEqual({ topic: message?.params.data.topic, message: message?.params.data.message }, { topic: kept, message: 'a2VwdA' });
      await late.settle();
      assert.equal(late.inbox.length, 1, 'the expired message is not delivered');
      assert.equal((await b.stats()).storedMessages, (await a.stats()).storedMessages, 'both instances count the same messages');
    } finally {
      late.close();
    }
  });
});

describe('the relay command line', { timeout: 60_000 }, () => {
  it('a bad environment exits 1 naming each variable', async () => {
    const run = await runServiceProcess('server/relay/cli.ts', { RELAY_PORT: '99999', REDIS_URL: 'http://cache:6379' });
    assert.equal(await run.exited, 1);
    assert.equal(
      run.stderr().trim(),
      ['relay: invalid configuration:', '  - RELAY_PORT: must be a port number (0-65535) (got "99999")', '  - REDIS_URL: must be a URL (redis://… or rediss://…) (got a value that is not one)'].join('\n'),
    );
  });

  it('on Redis: ready while Redis answers, 503 when it is gone, SIGTERM exits 0', async () => {
    const own = await startRedis();
    const relay = await startServiceProcess('server/relay/cli.ts', { RELAY_PORT: '0', REDIS_URL: own.url });
    try {
      const http = relay.url.replace(/^ws/, 'http');
      assert.deepEqual(await (await fetch(`${http}/health/ready`)).json(), { status: 'ready', checks: { storage: 'ok' } });
      assert.equal(relay.logs.find((line) => line.msg === 'relay')?.storage, 'redis');
      await own.stop();
      const down = await fetch(`${http}/health/ready`);
      assert.equal(down.status, 503);
      assert.equal(((await down.json()) as { status: string }).status, 'unavailable');
      assert.equal((await fetch(`${http}/health`)).status, 200);
      relay.child.kill('SIGTERM');
      assert.equal(await relay.exited, 0);
      assert.deepEqual(relay.logs.slice(-2).map((line) => line.msg), ['shutting down', 'stopped']);
    } finally {
      relay.child.kill('SIGKILL');
      await own.stop();
    }
  });

  it('keeps every publish it acknowledged when its process is killed (kill -9): the next instance delivers them', async () => {
    const own = await startRedis();
    const env = { RELAY_PORT: '0', REDIS_URL: own.url };
    let relay = await startServiceProcess('server/relay/cli.ts', env);
    try {
      const publisher = await open({ url: relay.url } as Relay);
      const killed = topic('killed');
      const messages = Array.from({ length: 20 }, (_, i) => `envelope-${i}`);
      for (const message of messages) {
        assert.equal((await publisher.request('irn_publish', { topic: killed, message, ttl: 300, tag: 1100, prompt: false })).result, true);
      }
      relay.child.kill('SIGKILL');
      assert.equal(await relay.exited, 'SIGKILL');
      relay = await startServiceProcess('server/relay/cli.ts', env);
      const subscriber = await open({ url: relay.url } as Relay);
      assert.equal((await subscriber.request('irn_subscribe', { topic: killed })).result, subscriptionId(killed, subscriber.id.did));
      const delivered = await subscriber.received(messages.length, 5_000);
      assert.deepEqual(delivered.map((m) => m.params.data.message), messages);
      subscriber.close();
    } finally {
      relay.child.kill('SIGKILL');
      await own.stop();
    }
  });
});
