// The email change of the secure service (UpdateEmailWallet) over HTTP: a code mailed to the
// current address, then one to the new address, both read from the captured mail; the user, wallet and
// session stay; every refusal with its reason; the address never changes.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { generateWallet } from '../../server/auth-frame/keys.js';
import { codeIn, startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { sessionId } from '../../server/auth-frame/otp.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { actAsFrame, bindCookie, newFrameKey } from './frame-proof.js';

before(() => actAsFrame());

const SITE = 'http://127.0.0.1:5999';
let mail: MailCapture;
let frame: AuthFrameServer;
let origin: string;
const MASTER = randomBytes(32).toString('hex');

before(async () => {
  mail = await startMailCapture();
  frame = await startAuthFrame({ allowedOrigins: [SITE], smtpUrl: mail.smtpUrl, masterKey: MASTER, limits: { maxPerIp: 100 } });
  origin = new URL(frame.url).origin;
});
after(async () => {
  await frame?.stop();
  await mail?.stop();
});

type User = { email: string; address: string; accounts: { namespace: string; address: string }[] };

const post = (path: string, body: unknown, cookie?: string, headers: Record<string, string> = { origin }) =>
  fetch(new URL(path, frame.url), { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers }, body: JSON.stringify(body) });
const get = (path: string, cookie?: string) => fetch(new URL(path, frame.url), { headers: cookie ? { cookie } : {} });

/** The code in the next mail to `to` since `since`, with its subject. */
async function codeTo(to: string, since: number): Promise<{ code: string; subject: string }> {
  const letter = await mail.waitFor(to, { since });
  const code = codeIn(letter);
  assert.match(code ?? '', /^\d{6}$/);
  return { code: code!, subject: letter.subject };
}

/** Logs `email` in with a mailed code; the session cookie and the user. */
async function login(email: string): Promise<{ cookie: string; user: User }> {
  const since = Date.now();
  const start = await post('/api/email/start', { email });
  assert.equal(start.status, 200);
  const { code } = await codeTo(email, since);
  const verify = await post('/api/email/verify', { email, code }, (start.headers.get('set-cookie') ?? '').split(';')[0]);
  assert.equal(verify.status, 200);
  return { cookie: (verify.headers.get('set-cookie') ?? '').split(';')[0]!, user: (await verify.json()) as User };
}

const wrongCode = (code: string): string => (code === '000000' ? '000001' : '000000');

describe('auth frame email change', () => {
  it('moves a user to a new email after a code from the current and one from the new address; wallet and session stay', async () => {
    const { cookie, user } = await login('dora@example.test');
    assert.deepEqual(await (await get('/api/email/update', cookie)).json(), { status: 'none', email: 'dora@example.test' });

    let since = Date.now();
    const start = await post('/api/email/update/start', { email: ' Dora.New@Example.test ' }, cookie);
    assert.equal(start.status, 200);
    assert.deepEqual(await start.json(), { action: 'VERIFY_PRIMARY_OTP', email: 'dora@example.test', newEmail: 'dora.new@example.test', resendAfterS: 60, expiresInS: 600 });
    const first = await codeTo('dora@example.test', since);
    assert.match(first.subject, /^Confirm your email change: \d{6}$/);
    assert.equal(mail.messages().some((m) => m.to.includes('dora.new@')), false, 'nothing goes to the new address before the current one is confirmed');
    assert.deepEqual(await (await get('/api/email/update', cookie)).json(), { status: 'verify_current', email: 'dora@example.test', newEmail: 'dora.new@example.test' });

    // The new address's step cannot come first.
    const early = await post('/api/email/update/verify-new', { code: first.code }, cookie);
    assert.equal(early.status, 409);
    assert.deepEqual(await early.json(), { error: 'no_update' });

    const wrong = await post('/api/email/update/verify-current', { code: wrongCode(first.code) }, cookie);
    assert.equal(wrong.status, 401);
    assert.deepEqual(await wrong.json(), { error: 'wrong_code', attemptsLeft: 4 });
    const malformed = await post('/api/email/update/verify-current', { code: '12ab' }, cookie);
    assert.equal(malformed.status, 400);
    assert.deepEqual(await malformed.json(), { error: 'invalid_code' });

    // A second start within the resend interval is refused like a login resend, and leaves the change as it is.
    const again = await post('/api/email/update/start', { email: 'dora.new@example.test' }, cookie);
    assert.equal(again.status, 429);
    assert.equal(again.headers.get('retry-after'), '60');
    assert.deepEqual(await again.json(), { error: 'resend_too_soon', retryAfterS: 60 });

    since = Date.now();
    const current = await post('/api/email/update/verify-current', { code: first.code }, cookie);
    assert.equal(current.status, 200);
    assert.deepEqual(await current.json(), { action: 'VERIFY_SECONDARY_OTP', email: 'dora.new@example.test', resendAfterS: 60, expiresInS: 600 });
    const second = await codeTo('dora.new@example.test', since);
    assert.match(second.subject, /^Confirm your new email: \d{6}$/);
    assert.deepEqual(await (await get('/api/email/update', cookie)).json(), { status: 'verify_new', email: 'dora@example.test', newEmail: 'dora.new@example.test' });
    // The first code is spent.
    assert.deepEqual(await (await post('/api/email/update/verify-current', { code: first.code }, cookie)).json(), { error: 'no_update' });
    assert.deepEqual(await (await get('/api/session', cookie)).json(), user, 'nothing changes before the new address is confirmed');

    const done = await post('/api/email/update/verify-new', { code: second.code }, cookie);
    assert.equal(done.status, 200);
    const moved = (await done.json()) as User;
    assert.deepEqual(moved, { ...user, email: 'dora.new@example.test' });
    assert.equal(moved.address, user.address);
    assert.deepEqual(await (await get('/api/session', cookie)).json(), moved, 'the same session now shows the new email');
    assert.deepEqual(await (await get('/api/email/update', cookie)).json(), { status: 'done', email: 'dora.new@example.test', newEmail: 'dora.new@example.test' });

    // The new email names the same user and wallet; the old email is free again.
    const stored = await frame.store.getUserByEmail('dora.new@example.test');
    assert.equal(stored?.evmAddress, user.address);
    assert.equal(stored?.solanaAddress, user.accounts[1]?.address);
    assert.equal(await frame.store.getUserByEmail('dora@example.test'), undefined);
  });

  it('refuses a signed-out caller, another origin, a malformed, the same and a taken email, with the reason', async () => {
    const { cookie } = await login('erin@example.test');
    await login('fred@example.test');
    const cases: [unknown, string | undefined, Record<string, string> | undefined, number, unknown][] = [
      [{ email: 'erin2@example.test' }, undefined, undefined, 401, { error: 'not_signed_in' }],
      [{ email: 'erin2@example.test' }, cookie, { origin: SITE }, 403, { error: 'forbidden_origin' }],
      [{ email: 'not an email' }, cookie, undefined, 400, { error: 'invalid_email' }],
      [{}, cookie, undefined, 400, { error: 'invalid_email' }],
      [{ email: 'ERIN@example.test' }, cookie, undefined, 400, { error: 'same_email' }],
      [{ email: 'fred@example.test' }, cookie, undefined, 409, { error: 'email_taken' }],
    ];
    for (const [body, withCookie, headers, status, answer] of cases) {
      const response = await post('/api/email/update/start', body, withCookie, headers);
      assert.equal(response.status, status, JSON.stringify(body));
      assert.deepEqual(await response.json(), answer);
    }
    assert.equal((await get('/api/email/update')).status, 401);
    assert.deepEqual(await (await get('/api/email/update', cookie)).json(), { status: 'none', email: 'erin@example.test' });
    assert.equal(mail.messages().filter((m) => m.to.includes('erin@') && m.subject.startsWith('Confirm')).length, 0, 'no change code was mailed');
  });

  it('refuses a login without an email (a social or Farcaster login): no_email (409), nothing mailed', async () => {
    // A Farcaster user as the service makes one (no email), with a session as its sign-in leaves.
    const id = 'farcaster-user-no-email';
    await frame.store.addSocialUser({ id, email: undefined, socialProvider: 'farcaster', createdAt: Date.now(), ...generateWallet(Buffer.from(MASTER, 'hex'), id) }, 'farcaster', '77');
    const key = await newFrameKey();
    const token = `${randomBytes(32).toString('base64url')}.${key.publicKey}`;
    await frame.store.addSession({ id: sessionId(token), userId: id, createdAt: Date.now(), expiresAt: Date.now() + 60_000 });
    const cookie = `wcm_frame=${token}`;
    bindCookie(cookie, key);
    assert.equal((await (await get('/api/session', cookie)).json() as { socialProvider?: string }).socialProvider, 'farcaster');
    const before = mail.messages().length;
    const response = await post('/api/email/update/start', { email: 'new@example.test' }, cookie);
    assert.equal(response.status, 409);
    assert.deepEqual(await response.json(), { error: 'no_email' });
    assert.equal(mail.messages().length, before, 'nothing mailed');
  });

  it('refuses a step when the new email was taken meanwhile, leaving the user as they were', async () => {
    const { cookie, user } = await login('gina@example.test');
    let since = Date.now();
    assert.equal((await post('/api/email/update/start', { email: 'hank@example.test' }, cookie)).status, 200);
    const first = await codeTo('gina@example.test', since);
    await login('hank@example.test'); // someone else signs up with it first
    const taken = await post('/api/email/update/verify-current', { code: first.code }, cookie);
    assert.equal(taken.status, 409);
    assert.deepEqual(await taken.json(), { error: 'email_taken' });

    const { cookie: jack, user: jackUser } = await login('jack@example.test');
    since = Date.now();
    assert.equal((await post('/api/email/update/start', { email: 'kate@example.test' }, jack)).status, 200);
    const current = await codeTo('jack@example.test', since);
    since = Date.now();
    assert.equal((await post('/api/email/update/verify-current', { code: current.code }, jack)).status, 200);
    const next = await codeTo('kate@example.test', since);
    const kate = (await frame.store.getUserByEmail('gina@example.test'))!;
    await frame.store.addUser({ ...kate, id: 'kate', email: 'kate@example.test' }); // taken between the two codes
    const late = await post('/api/email/update/verify-new', { code: next.code }, jack);
    assert.equal(late.status, 409);
    assert.deepEqual(await late.json(), { error: 'email_taken' });
    assert.deepEqual(await (await get('/api/session', jack)).json(), jackUser, 'unchanged');
    assert.deepEqual(await (await get('/api/session', cookie)).json(), user, 'unchanged');
  });

  it('voids an email-change code after too many wrong guesses', async () => {
    const { cookie: ivy } = await login('ivy@example.test');
    const since = Date.now();
    assert.equal((await post('/api/email/update/start', { email: 'ivy.new@example.test' }, ivy)).status, 200);
    const code = (await codeTo('ivy@example.test', since)).code;
    for (let left = 4; left >= 1; left--) {
      assert.deepEqual(await (await post('/api/email/update/verify-current', { code: wrongCode(code) }, ivy)).json(), { error: 'wrong_code', attemptsLeft: left });
    }
    const fifth = await post('/api/email/update/verify-current', { code: wrongCode(code) }, ivy);
    assert.equal(fifth.status, 429);
    assert.deepEqual(await fifth.json(), { error: 'too_many_attempts' });
    assert.deepEqual(await (await post('/api/email/update/verify-current', { code }, ivy)).json(), { error: 'too_many_attempts' }, 'even the right code is refused now');
    assert.equal(mail.messages().some((m) => m.to.includes('ivy.new@')), false);
  });
});
