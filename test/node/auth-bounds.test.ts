// What an anonymous client can make the login services do: oversized bodies, guessing another visitor's code,
// flooding verifications and sends, the sign-in backend's capture without a per-IP limit, piling up signing
// requests, and a DNS-rebinding page reading a dev service (the inbox holds login codes).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { createMailer, type Mailer } from '../../server/auth-frame/mail.js';
import { codeIn, startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { startOidcStandIn } from '../../devstack/oidc-standin.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { createAuthFrameApp } from '../../server/auth-frame/app.js';
import { SqlFrameStore } from '../../server/auth-frame/store.js';
import { SqlAuthStore } from '../../server/auth/store.js';
import { startSolanaChain } from '../../devstack/solana/serve.js';
import { Browser, startSite, type Site } from './auth-helpers.js';
import { actAsFrame, newFrameKey } from './frame-proof.js';
import { getWithHost } from './helpers.js';

const SITE = 'http://127.0.0.1:5999';
const BIG = 40 * 1024 * 1024;
let mail: MailCapture;
let mailer: Mailer;
let frame: AuthFrameServer;
let origin: string;
let site: Site;
const clock = { now: Date.now() };

before(async () => {
  actAsFrame(() => clock.now);
  mail = await startMailCapture();
  mailer = createMailer(mail.smtpUrl, 'Sign-in <no-reply@localhost>');
  // One proxy in front: each test's "client" names its own address in X-Forwarded-For.
  frame = await startAuthFrame({ allowedOrigins: [SITE], smtpUrl: mail.smtpUrl, masterKey: randomBytes(32).toString('hex'), trustedProxies: 1, now: () => clock.now });
  origin = new URL(frame.url).origin;
  site = await startSite({ emailCapture: { mailer } });
});
after(async () => {
  await frame?.stop();
  await site?.stop();
  mailer?.close();
  await mail?.stop();
});

/** A POST to the frame from `ip`, with the frame's origin; `cookie` as a browser would send it. */
const post = (path: string, body: unknown, { ip = '198.51.100.1', cookie }: { ip?: string; cookie?: string } = {}) =>
  fetch(new URL(path, frame.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const cookieOf = (response: Response): string => response.headers.getSetCookie().map((line) => line.split(';')[0]!).join('; ');

/** A JSON body of `size` bytes: one long string field. */
const bigJson = (size: number): string => `{"email":"${'a'.repeat(size - 12)}"}`;

describe('body limits', () => {
  it('answers 413 to a 40 MiB body on each JSON endpoint of the frame, without reading it', async () => {
    const body = bigJson(BIG);
    for (const path of ['/api/email/start', '/api/email/verify', '/api/signout', '/api/email/update/start', '/api/email/update/verify-current', '/api/sign-requests', '/api/social/complete', '/api/smart-account']) {
      const started = performance.now();
      const response = await post(path, body, { ip: '198.51.100.2' });
      const ms = performance.now() - started;
      assert.equal(response.status, 413, path);
      assert.deepEqual(await response.json(), { error: 'payload_too_large' }, path);
      console.log(`${path}: 413 in ${ms.toFixed(0)} ms`);
    }
  });

  it('answers 413 to a 40 MiB body on the sign-in backend (Auth.js and the email capture)', async () => {
    const browser = new Browser(site);
    for (const [path, method] of [['/api/auth/callback/credentials', 'POST'], ['/api/auth/signin/credentials', 'POST'], ['/api/auth/otp', 'POST'], ['/api/auth/otp', 'PUT']] as const) {
      const started = performance.now();
      const response = await browser.fetch(path, { method, headers: { 'content-type': 'application/json', origin: site.origin }, body: bigJson(BIG) });
      const ms = performance.now() - started;
      assert.equal(response.status, 413, `${method} ${path}`);
      assert.deepEqual(await response.json(), { error: 'payload_too_large' });
      console.log(`${method} ${path}: 413 in ${ms.toFixed(0)} ms`);
    }
  });
});

describe('email codes', () => {
  it('another browser guessing 5 times does not lock the visitor out of their own code', async () => {
    const email = 'victim@example.test';
    const since = Date.now();
    const start = await post('/api/email/start', { email }, { ip: '198.51.100.10' });
    assert.equal(start.status, 200);
    const visitor = cookieOf(start);
    const code = codeIn(await mail.waitFor(email, { since }))!;
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const guess = await post('/api/email/verify', { email, code: wrong }, { ip: '203.0.113.66' });
      assert.equal(guess.status, 401);
      assert.deepEqual(await guess.json(), { error: 'expired_code' });
    }
    const verify = await post('/api/email/verify', { email, code }, { ip: '198.51.100.10', cookie: visitor });
    assert.equal(verify.status, 200, JSON.stringify(await verify.clone().json()));
    assert.equal(((await verify.json()) as { email: string }).email, email);
  });

  it('over https the attempt cookie is __Host-, Secure, SameSite=None and partitioned, as the session cookie', async () => {
    const store = await SqlFrameStore.open(':memory:');
    let mailed = '';
    const { app } = createAuthFrameApp({ publicUrl: 'https://auth.example/', allowedOrigins: ['https://shop.example'], store, masterKey: randomBytes(32), codeKey: randomBytes(32), mailer: { sendCode: async (_to, code) => void (mailed = code), close: () => {} } });
    const key = await newFrameKey();
    const call = (path: string, body: unknown, cookie?: string, frameKey?: string) =>
      app.request(`https://auth.example${path}`, { method: 'POST', headers: { host: 'auth.example', origin: 'https://auth.example', 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...(frameKey ? { 'x-wcm-key': frameKey } : {}) }, body: JSON.stringify(body) });
    try {
      const start = await call('/api/email/start', { email: 'secure@example.test' });
      assert.equal(start.status, 200);
      const cookie = start.headers.get('set-cookie') ?? '';
      assert.match(cookie, /^__Host-wcm_attempt=[\w-]{24}; Max-Age=600; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/);
      assert.equal((await call('/api/email/verify', { email: 'secure@example.test', code: mailed }, undefined, key.publicKey)).status, 401);
      assert.equal((await call('/api/email/verify', { email: 'secure@example.test', code: mailed }, cookie.split(';')[0], key.publicKey)).status, 200);
    } finally {
      await store.close();
    }
  });

  it('still locks the visitor\'s own attempt after 5 wrong guesses with it', async () => {
    const email = 'fumbler@example.test';
    const since = Date.now();
    const start = await post('/api/email/start', { email }, { ip: '198.51.100.11' });
    const cookie = cookieOf(start);
    const code = codeIn(await mail.waitFor(email, { since }))!;
    const wrong = code === '000000' ? '000001' : '000000';
    for (let left = 4; left >= 1; left -= 1) assert.deepEqual(await (await post('/api/email/verify', { email, code: wrong }, { ip: '198.51.100.11', cookie })).json(), { error: 'wrong_code', attemptsLeft: left });
    assert.deepEqual(await (await post('/api/email/verify', { email, code: wrong }, { ip: '198.51.100.11', cookie })).json(), { error: 'too_many_attempts' });
    const right = await post('/api/email/verify', { email, code }, { ip: '198.51.100.11', cookie });
    assert.equal(right.status, 429);
    assert.deepEqual(await right.json(), { error: 'too_many_attempts' });
  });

  it('throttles verification per IP (429 rate_limited), other IPs unaffected', async () => {
    const ip = '203.0.113.77';
    let refusedAt = -1;
    for (let i = 0; i < 40; i += 1) {
      const response = await post('/api/email/verify', { email: `flood${i}@example.test`, code: '123456' }, { ip });
      if (response.status === 429) {
        assert.deepEqual(await response.json(), { error: 'rate_limited' });
        refusedAt = i;
        break;
      }
      assert.equal(response.status, 401);
    }
    assert.equal(refusedAt, 30, 'the 31st failed verification from one IP is refused');
    const other = await post('/api/email/verify', { email: 'flood0@example.test', code: '123456' }, { ip: '203.0.113.78' });
    assert.equal(other.status, 401);
  });

  it('backs off repeated sends to one address (the wait doubles)', async () => {
    const email = 'flooded@example.test';
    const at = (ip: string) => post('/api/email/start', { email }, { ip });
    const first = await at('203.0.113.1');
    assert.equal(first.status, 200);
    assert.equal(((await first.json()) as { resendAfterS: number }).resendAfterS, 60);
    clock.now += 60_000;
    const second = await at('203.0.113.2');
    assert.equal(second.status, 200);
    assert.equal(((await second.json()) as { resendAfterS: number }).resendAfterS, 120);
    clock.now += 60_000;
    const third = await at('203.0.113.3');
    assert.equal(third.status, 429);
    assert.deepEqual(await third.json(), { error: 'resend_too_soon', retryAfterS: 60 });
    clock.now += 60_000;
    const fourth = await at('203.0.113.4');
    assert.equal(fourth.status, 200);
    assert.equal(((await fourth.json()) as { resendAfterS: number }).resendAfterS, 240);
    clock.now += 4 * 60_000;
  });
});

describe('sign-in backend email capture', () => {
  it('limits the codes one IP may have mailed (20 an hour)', async () => {
    const browser = new Browser(site);
    for (let i = 0; i < 20; i += 1) {
      const response = await browser.post('/api/auth/otp', { email: `capture${i}@example.test` });
      assert.equal(response.status, 200, `send ${i}`);
    }
    const refused = await browser.post('/api/auth/otp', { email: 'capture20@example.test' });
    assert.equal(refused.status, 429);
    assert.deepEqual(await refused.json(), { error: 'rate_limited' });
  });
});

describe('sign-in backend nonces', () => {
  it('keeps at most maxNonces (each anonymous GET csrf adds one), dropping the oldest', async () => {
    const store = await SqlAuthStore.open(':memory:', { maxNonces: 3 });
    try {
      const at = Date.now();
      for (let i = 0; i < 5; i += 1) await store.issueNonce(`nonce-${i}`, at + i, at + 600_000);
      const known = await Promise.all([0, 1, 2, 3, 4].map(async (i) => (await store.getNonce(`nonce-${i}`)) !== undefined));
      assert.deepEqual(known, [false, false, true, true, true]);
    } finally {
      await store.close();
    }
  });
});

describe('signing requests', () => {
  it('keeps at most 16 pending per session, dropping the oldest', async () => {
    const email = 'signer@example.test';
    const since = Date.now();
    const start = await post('/api/email/start', { email }, { ip: '198.51.100.20' });
    const code = codeIn(await mail.waitFor(email, { since }))!;
    const verify = await post('/api/email/verify', { email, code }, { ip: '198.51.100.20', cookie: cookieOf(start) });
    assert.equal(verify.status, 200);
    const cookie = cookieOf(verify);
    const { address } = (await verify.json()) as { address: string };
    const ids: string[] = [];
    for (let i = 0; i < 17; i += 1) {
      const filed = await post('/api/sign-requests', { method: 'personal_sign', params: [`0x${Buffer.from(`hello ${i}`).toString('hex')}`, address] }, { ip: '198.51.100.20', cookie });
      assert.equal(filed.status, 200);
      ids.push(((await filed.json()) as { id: string }).id);
    }
    const oldest = await post(`/api/sign-requests/${ids[0]}/reject`, {}, { ip: '198.51.100.20', cookie });
    assert.equal(oldest.status, 400);
    assert.deepEqual(await oldest.json(), { error: { code: 4100, message: 'No such signing request' } });
    for (const id of ids.slice(1)) assert.equal((await post(`/api/sign-requests/${id}/reject`, {}, { ip: '198.51.100.20', cookie })).status, 200);
  });
});

describe('Host check (DNS rebinding)', () => {
  it('the inbox gives no login codes to another host name', async () => {
    const port = new URL(mail.inboxUrl).port;
    const rebound = await getWithHost(new URL('/messages.json', mail.inboxUrl).href, `attacker.example:${port}`);
    assert.equal(rebound.status, 421);
    assert.doesNotMatch(rebound.body, /\d{6}/);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) assert.equal((await getWithHost(new URL('/messages.json', mail.inboxUrl).href, host)).status, 200, host);
  });

  it('the frame, the demo web server, the Solana facade and the OIDC stand-in refuse another host name', async () => {
    const solana = await startSolanaChain();
    const oidc = await startOidcStandIn({ serviceOrigin: origin });
    try {
      for (const url of [new URL('/api/session', frame.url).href, site.url, `${oidc.issuer}/.well-known/openid-configuration`]) {
        const port = new URL(url).port;
        const rebound = await getWithHost(url, `attacker.example:${port}`);
        assert.equal(rebound.status, 421, url);
        assert.equal(rebound.body, 'Misdirected request: this service answers only its own host names');
        assert.notEqual((await getWithHost(url, `localhost:${port}`)).status, 421, url);
      }
      const rpcPort = new URL(solana.rpcUrl).port;
      const rpc = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(solana.rpcUrl, { method: 'POST', headers: { host, 'content-type': 'application/json' } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }));
        });
      assert.equal(await rpc(`attacker.example:${rpcPort}`), 421);
      assert.equal(await rpc(`127.0.0.1:${rpcPort}`), 200);
      const wsPort = new URL(solana.wsUrl).port;
      const opened = (host: string) =>
        new Promise<boolean>((resolve) => {
          const ws = new WebSocket(solana.wsUrl, { headers: { host } });
          ws.on('open', () => {
            ws.close();
            resolve(true);
          });
          ws.on('error', () => resolve(false));
        });
      assert.equal(await opened(`attacker.example:${wsPort}`), false);
      assert.equal(await opened(`127.0.0.1:${wsPort}`), true);
    } finally {
      await Promise.all([solana.stop(), oidc.stop()]);
    }
  });
});
