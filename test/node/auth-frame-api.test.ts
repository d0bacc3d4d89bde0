// The secure service over HTTP (server/auth-frame/): a code mailed through real SMTP to the local capture,
// read from the captured mail, then a session cookie; same-origin only; frame-ancestors from configuration.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { codeIn, startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { actAsFrame } from './frame-proof.js';

before(() => actAsFrame());

const SITE = 'http://127.0.0.1:5999';
let mail: MailCapture;
let frame: AuthFrameServer;
let origin: string;

before(async () => {
  mail = await startMailCapture();
  frame = await startAuthFrame({ allowedOrigins: [SITE, 'https://shop.example'], smtpUrl: mail.smtpUrl, masterKey: randomBytes(32).toString('hex') });
  origin = new URL(frame.url).origin;
});
after(async () => {
  await frame?.stop();
  await mail?.stop();
});

const post = (path: string, body: unknown, headers: Record<string, string> = { origin }) =>
  fetch(new URL(path, frame.url), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('auth frame API', () => {
  it('mails a code that logs in and opens a cookie session', async () => {
    const since = Date.now();
    const start = await post('/api/email/start', { email: 'Alice@Example.test' });
    assert.equal(start.status, 200);
    assert.deepEqual(await start.json(), { email: 'alice@example.test', resendAfterS: 60, expiresInS: 600 });
    // The code is bound to this browser's attempt (an httpOnly cookie); its verify sends it back.
    const attemptCookie = start.headers.get('set-cookie') ?? '';
    assert.match(attemptCookie, /^wcm_attempt=[\w-]{24}; Max-Age=600; Path=\/; HttpOnly; SameSite=Strict$/);
    const attempt = { origin, cookie: attemptCookie.split(';')[0]! };
    const letter = await mail.waitFor('alice@example.test', { since });
    const code = codeIn(letter);
    assert.match(code ?? '', /^\d{6}$/);
    assert.match(letter.subject, /^Your login code: \d{6}$/);

    const wrong = await post('/api/email/verify', { email: 'alice@example.test', code: code === '000000' ? '000001' : '000000' }, attempt);
    assert.equal(wrong.status, 401);
    assert.deepEqual(await wrong.json(), { error: 'wrong_code', attemptsLeft: 4 });

    const verify = await post('/api/email/verify', { email: 'alice@example.test', code }, attempt);
    assert.equal(verify.status, 200);
    const user = (await verify.json()) as { email: string; address: string; accounts: { namespace: string; address: string }[] };
    assert.equal(user.email, 'alice@example.test');
    assert.deepEqual(user.accounts.map((a) => a.namespace), ['eip155', 'solana']);
    const cookie = verify.headers.get('set-cookie') ?? '';
    assert.match(cookie, /^wcm_frame=[\w-]+\.[\w-]{87}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Strict$/);
    const session = await fetch(new URL('/api/session', frame.url), { headers: { cookie: cookie.split(';')[0]! } });
    assert.deepEqual(await session.json(), user);
    assert.equal((await fetch(new URL('/api/session', frame.url))).status, 401);

    const out = await post('/api/signout', {}, { origin, cookie: cookie.split(';')[0]! });
    assert.equal(out.status, 200);
    assert.equal((await fetch(new URL('/api/session', frame.url), { headers: { cookie: cookie.split(';')[0]! } })).status, 401);
  });

  it('refuses a malformed email and a resend too soon, with the reason', async () => {
    const bad = await post('/api/email/start', { email: 'not an email' });
    assert.equal(bad.status, 400);
    assert.deepEqual(await bad.json(), { error: 'invalid_email' });
    assert.equal((await post('/api/email/start', { email: 'bob@example.test' })).status, 200);
    const again = await post('/api/email/start', { email: 'bob@example.test' });
    assert.equal(again.status, 429);
    assert.equal(again.headers.get('retry-after'), '60');
    assert.deepEqual(await again.json(), { error: 'resend_too_soon', retryAfterS: 60 });
  });

  it('answers POSTs only from its own origin (the frame), and sends no CORS headers', async () => {
    for (const headers of [{ origin: SITE }, {} as Record<string, string>, { origin: 'null' }]) {
      const response = await post('/api/email/start', { email: 'carol@example.test' }, headers);
      assert.equal(response.status, 403, JSON.stringify(headers));
      assert.deepEqual(await response.json(), { error: 'forbidden_origin' });
      assert.equal(response.headers.get('access-control-allow-origin'), null);
    }
    assert.equal(mail.messages().some((m) => m.to.includes('carol@')), false);
  });

  it('lets only the configured sites frame it', async () => {
    const response = await fetch(new URL('/api/session', frame.url));
    assert.match(response.headers.get('content-security-policy') ?? '', /frame-ancestors http:\/\/127\.0\.0\.1:5999 https:\/\/shop\.example$/);
  });

  it('shows captured mail on the inbox page, escaped', async () => {
    const page = await fetch(mail.inboxUrl);
    const html = await page.text();
    assert.match(html, /Local inbox \(\d+\)/);
    assert.match(html, /Your login code: \d{6}/);
    assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'none'/);
  });

  it('counts the per-IP limit by the socket, ignoring a forged X-Forwarded-For, unless told how many proxies to trust', async () => {
    const limited = async (trustedProxies?: number): Promise<number[]> => {
      const server = await startAuthFrame({ allowedOrigins: [SITE], smtpUrl: mail.smtpUrl, masterKey: randomBytes(32).toString('hex'), limits: { maxPerIp: 2 }, ...(trustedProxies ? { trustedProxies } : {}) });
      try {
        const statuses: number[] = [];
        // Three visitors behind one proxy: each request names another client, the proxy appending its own view last.
        for (const [i, client] of ['203.0.113.1', '203.0.113.2', '203.0.113.3'].entries()) {
          const response = await fetch(new URL('/api/email/start', server.url), {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: new URL(server.url).origin, 'x-forwarded-for': `10.9.9.9, ${client}` },
            body: JSON.stringify({ email: `proxy${i}-${trustedProxies ?? 0}@example.test` }),
          });
          statuses.push(response.status);
        }
        return statuses;
      } finally {
        await server.stop();
      }
    };
    assert.deepEqual(await limited(), [200, 200, 429], 'the header ignored: one socket, one limit');
    assert.deepEqual(await limited(1), [200, 200, 200], 'one trusted proxy: each client counts on its own');
  });
});
