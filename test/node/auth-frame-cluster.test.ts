// Two login services (server/auth-frame/) on one database, PostgreSQL and a SQLite file: a user made at one
// signs at the other, 20 concurrent first logins spread over both lose no sealed key, a code, a social ticket, a
// request proof or a pending Farcaster channel spent at one is refused at the other, and wrong codes count across both.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { stringToHex, verifyMessage, type Hex } from 'viem';
import { startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { SqlFrameStore } from '../../server/auth-frame/store.js';
import { startPostgres, type LocalPostgres } from '../support/local-databases.js';
import { actAsFrame, newFrameKey } from './frame-proof.js';
import { assertKeyOpens, login, post, requestCode, signAt } from './login-client.js';

before(() => actAsFrame());

const SITE = 'http://127.0.0.1:5999';
let mail: MailCapture;
let postgres: LocalPostgres;
let dir: string;

before(async () => {
  [mail, postgres] = await Promise.all([startMailCapture(), startPostgres()]);
  dir = mkdtempSync(join(tmpdir(), 'wcm-login-cluster-'));
});
after(async () => {
  await Promise.all([mail?.stop(), postgres?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const backends: { name: string; database: () => Promise<string> }[] = [
  { name: 'PostgreSQL', database: () => postgres.createDatabase() },
  { name: 'SQLite', database: async () => join(dir, `login-${randomBytes(4).toString('hex')}.sqlite`) },
];

for (const backend of backends) {
  describe(`two login services on one ${backend.name} database`, () => {
    const master = randomBytes(32);
    let url: string;
    let a: AuthFrameServer;
    let b: AuthFrameServer;
    const tag = backend.name.toLowerCase();

    before(async () => {
      url = await backend.database();
      const options = { allowedOrigins: [SITE], smtpUrl: mail.smtpUrl, masterKey: master.toString('hex'), dbPath: url, limits: { maxPerIp: 1_000, resendIntervalMs: 0 } };
      [a, b] = await Promise.all([startAuthFrame(options), startAuthFrame(options)]);
    });
    after(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
    });

    it('lets a user made by an email login at one sign a message at the other, with the same address', async () => {
      const email = `carol-${tag}@example.test`;
      const { cookie, address } = await login(a.url, mail, email);
      const session = await fetch(new URL('/api/session', b.url), { headers: { cookie } });
      assert.equal(session.status, 200);
      assert.equal(((await session.json()) as { address: string }).address, address);
      const message = stringToHex(`signed at the other instance (${tag})`);
      const signature = await signAt(b.url, cookie, address, message);
      assert.equal(await verifyMessage({ address, message: { raw: message }, signature }), true);
      // A second login at the other instance finds the same wallet.
      assert.equal((await login(b.url, mail, email)).address, address);
    });

    it('lets a request filed at one be approved at the other, once', async () => {
      const { cookie, address } = await login(a.url, mail, `erin-${tag}@example.test`);
      const message = stringToHex(`filed at one, approved at the other (${tag})`);
      const filed = await post(a.url, '/api/sign-requests', { method: 'personal_sign', params: [message, address] }, cookie);
      assert.equal(filed.status, 200);
      const { id } = (await filed.json()) as { id: string };
      const approved = await post(b.url, `/api/sign-requests/${id}/approve`, {}, cookie);
      assert.equal(approved.status, 200, await approved.clone().text());
      const signature = ((await approved.json()) as { result: Hex }).result;
      assert.equal(await verifyMessage({ address, message: { raw: message }, signature }), true);
      const again = await post(a.url, `/api/sign-requests/${id}/approve`, {}, cookie);
      assert.equal(again.status, 400);
      assert.deepEqual(await again.json(), { error: { code: 4100, message: 'No such signing request' } });

      const rejected = (await (await post(b.url, '/api/sign-requests', { method: 'personal_sign', params: [message, address] }, cookie)).json()) as { id: string };
      assert.equal((await post(a.url, `/api/sign-requests/${rejected.id}/reject`, {}, cookie)).status, 200);
      assert.equal((await post(b.url, `/api/sign-requests/${rejected.id}/approve`, {}, cookie)).status, 400, 'rejected at one: gone at the other');
    });

    it('loses no sealed key when 20 new users log in at once over both instances', async () => {
      const emails = Array.from({ length: 20 }, (_, i) => `user${i}-${tag}@example.test`);
      const users = await Promise.all(emails.map((email, i) => login(i % 2 ? b.url : a.url, mail, email, i % 3 ? a.url : b.url)));
      assert.equal(new Set(users.map((u) => u.address)).size, 20);
      const store = await SqlFrameStore.open(url);
      try {
        for (const [i, email] of emails.entries()) await assertKeyOpens(store, master, email, users[i]!.address);
      } finally {
        await store.close();
      }
    });

    it('gives both instances racing to create the same email one wallet', async () => {
      const email = `race-${tag}@example.test`;
      const { code, attempt } = await requestCode(a.url, mail, email);
      const [first, second] = await Promise.all([a, b].map((s) => post(s.url, '/api/email/verify', { email, code }, attempt)));
      const ok = [first!, second!].filter((r) => r.status === 200);
      assert.equal(ok.length, 1, 'the code is spent once');
      const address = ((await ok[0]!.json()) as { address: string }).address;
      assert.equal((await login(b.url, mail, email)).address, address);
    });

    it('refuses at one a code already used at the other', async () => {
      const email = `dave-${tag}@example.test`;
      const { code, attempt } = await requestCode(a.url, mail, email);
      assert.equal((await post(a.url, '/api/email/verify', { email, code }, attempt)).status, 200);
      const again = await post(b.url, '/api/email/verify', { email, code }, attempt);
      assert.equal(again.status, 401);
      assert.deepEqual(await again.json(), { error: 'expired_code' });
    });

    it('hands a social ticket to one taker only, racing or not', async () => {
      const ticket = { id: `t-${tag}`, userId: 'u1', parent: SITE, expiresAt: Date.now() + 60_000 };
      await a.store.putTicket(ticket);
      const taken = await Promise.all([a.store.takeTicket(ticket.id), b.store.takeTicket(ticket.id)]);
      assert.deepEqual(taken.filter(Boolean), [ticket]);
      assert.equal(await a.store.takeTicket(ticket.id), undefined);
    });

    it('refuses at one a request proof already used at the other', async () => {
      const email = `replay-${tag}@example.test`;
      const { code, attempt } = await requestCode(a.url, mail, email);
      const key = await newFrameKey();
      const verify = await fetch(new URL('/api/email/verify', a.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: new URL(a.url).origin, cookie: attempt, 'x-wcm-key': key.publicKey },
        body: JSON.stringify({ email, code }),
      });
      assert.equal(verify.status, 200);
      const cookie = (verify.headers.get('set-cookie') ?? '').split(';')[0]!;
      const headers = { cookie, 'x-wcm-proof': await key.proof('GET', '/api/session', '') };
      assert.equal((await fetch(new URL('/api/session', a.url), { headers })).status, 200);
      const replayed = await fetch(new URL('/api/session', b.url), { headers });
      assert.equal(replayed.status, 401);
      assert.deepEqual(await replayed.json(), { error: 'not_signed_in' });
      const fresh = { cookie, 'x-wcm-proof': await key.proof('GET', '/api/session', '') };
      assert.equal((await fetch(new URL('/api/session', b.url), { headers: fresh })).status, 200, 'a new proof is taken there');
    });

    it('keeps a pending Farcaster channel for whichever instance is asked, and hands it to one taker', async () => {
      const key = `channel-${tag}`;
      await a.store.putPending('farcaster', key, '{"nonce":"n"}', Date.now() + 60_000, 100);
      assert.equal(await b.store.getPending('farcaster', key), '{"nonce":"n"}');
      const taken = await Promise.all([a.store.takePending('farcaster', key), b.store.takePending('farcaster', key)]);
      assert.deepEqual(taken.filter(Boolean), ['{"nonce":"n"}']);
      for (let i = 0; i < 5; i++) await a.store.putPending('bounded', `k${i}`, String(i), Date.now() + 60_000, 3);
      assert.deepEqual(await Promise.all([0, 1, 2, 3, 4].map((i) => b.store.getPending('bounded', `k${i}`))), [undefined, undefined, '2', '3', '4'], 'the oldest dropped past the bound');
    });

    it('answers readiness from its storage', async () => {
      const ready = await fetch(new URL('/health/ready', b.url));
      assert.equal(ready.status, 200);
      assert.deepEqual(await ready.json(), { status: 'ready', checks: { storage: 'ok' } });
    });
  });
}

describe('wrong codes from one address, counted across two login services', () => {
  let a: AuthFrameServer;
  let b: AuthFrameServer;
  before(async () => {
    const options = {
      allowedOrigins: [SITE],
      smtpUrl: mail.smtpUrl,
      masterKey: randomBytes(32).toString('hex'),
      dbPath: await postgres.createDatabase(),
      trustedProxies: 1,
      limits: { maxPerIp: 1_000, resendIntervalMs: 0, maxVerifyFailuresPerIp: 4 },
    };
    [a, b] = await Promise.all([startAuthFrame(options), startAuthFrame(options)]);
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('refuses the fifth check at either instance once four failed over both', async () => {
    const email = 'guesser@example.test';
    const { code, attempt } = await requestCode(a.url, mail, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(code.length, '0');
    const check = (base: string, guess: string) =>
      fetch(new URL('/api/email/verify', base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: new URL(base).origin, cookie: attempt, 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({ email, code: guess }),
      });
    for (const base of [a.url, b.url, a.url, b.url]) assert.equal((await check(base, wrong)).status, 401);
    for (const base of [a.url, b.url]) {
      const refused = await check(base, code);
      assert.equal(refused.status, 429);
      assert.deepEqual(await refused.json(), { error: 'rate_limited' });
    }
  });
});
