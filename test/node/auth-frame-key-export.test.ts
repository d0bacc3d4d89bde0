// The visitor's key export (server/auth-frame/key-export.ts) over HTTP: only with the session AND a fresh code
// mailed for this purpose; codes of other purposes do not open it; each step audited, never the key.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Keypair } from '@solana/web3.js';
import { privateKeyToAccount } from 'viem/accounts';
import { base58 } from '../../server/auth-frame/key-export.js';
import { generateWallet } from '../../server/auth-frame/keys.js';
import { codeIn, startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { actAsFrame, bindCookie, carryAttempts, newFrameKey } from './frame-proof.js';

const SITE = 'http://127.0.0.1:5999';
const MASTER = randomBytes(32);
let mail: MailCapture;
let frame: AuthFrameServer;
let origin: string;
const logs: string[] = [];

before(async () => {
  actAsFrame();
  carryAttempts();
  mail = await startMailCapture();
  frame = await startAuthFrame({ allowedOrigins: [SITE], smtpUrl: mail.smtpUrl, masterKey: MASTER.toString('hex'), limits: { maxPerIp: 100, resendIntervalMs: 0, maxPerEmail: 100 }, log: (line) => logs.push(line) });
  origin = new URL(frame.url).origin;
});
after(async () => {
  await frame?.stop();
  await mail?.stop();
});

type Keys = { evm: { address: string; privateKey: `0x${string}` }; solana: { address: string; secretKey: string; bytes: number[] } };
const post = (path: string, body: unknown, cookie?: string, headers: Record<string, string> = { origin }) =>
  fetch(new URL(path, frame.url), { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers }, body: JSON.stringify(body) });

async function codeTo(to: string, since: number): Promise<{ code: string; subject: string; text: string }> {
  const letter = await mail.waitFor(to, { since });
  return { code: codeIn(letter)!, subject: letter.subject, text: letter.text };
}

async function login(email: string): Promise<{ cookie: string; address: string; solana: string }> {
  const since = Date.now();
  assert.equal((await post('/api/email/start', { email })).status, 200);
  const verify = await post('/api/email/verify', { email, code: (await codeTo(email, since)).code });
  assert.equal(verify.status, 200);
  const user = (await verify.json()) as { address: string; accounts: { namespace: string; address: string }[] };
  return { cookie: (verify.headers.get('set-cookie') ?? '').split(';')[0]!, address: user.address, solana: user.accounts.find((a) => a.namespace === 'solana')!.address };
}

/** Asks for an export code; the code from the mail. */
async function exportCode(email: string, cookie: string): Promise<string> {
  const since = Date.now();
  const start = await post('/api/keys/export/start', {}, cookie);
  assert.equal(start.status, 200);
  assert.deepEqual(await start.json(), { email, resendAfterS: 0, expiresInS: 600 });
  const letter = await codeTo(email, since);
  assert.match(letter.subject, /^Confirm showing your wallet key: \d{6}$/);
  assert.match(letter.text, /never give it to anyone, as with the key they control your wallet/);
  return letter.code;
}

const wrong = (code: string): string => (code === '000000' ? '000001' : '000000');

describe('key export', () => {
  it('shows the EVM and Solana keys after a fresh export code, once; audited without the key', async () => {
    const email = 'kim@example.test';
    const { cookie, address, solana } = await login(email);
    logs.length = 0;
    const code = await exportCode(email, cookie);
    const reveal = await post('/api/keys/export/reveal', { code }, cookie);
    assert.equal(reveal.status, 200);
    assert.equal(reveal.headers.get('cache-control'), 'no-store');
    const keys = (await reveal.json()) as Keys;
    assert.equal(keys.evm.address, address);
    assert.equal(privateKeyToAccount(keys.evm.privateKey).address, address);
    assert.equal(keys.solana.address, solana);
    const pair = Keypair.fromSecretKey(Uint8Array.from(keys.solana.bytes));
    assert.equal(pair.publicKey.toBase58(), solana);
    assert.equal(keys.solana.secretKey, base58(pair.secretKey));
    // Single use.
    assert.deepEqual(await (await post('/api/keys/export/reveal', { code }, cookie)).json(), { error: 'expired_code' });

    const log = logs.join('\n');
    assert.match(log, /key export: code mailed; user [\w-]+ \(0x[0-9a-fA-F]{40}\), ip 127\.0\.0\.1/);
    assert.match(log, new RegExp(`key export: keys shown; user [\\w-]+ \\(${address}\\), ip 127\\.0\\.0\\.1`));
    assert.match(log, /key export: refused: expired_code/);
    for (const secret of [keys.evm.privateKey.slice(2), keys.solana.secretKey, code]) assert.ok(!log.toLowerCase().includes(secret.toLowerCase()), 'no key or code in the log');
  });

  it('is refused without a fresh export code: none asked, a guess, a login code, an email-change code, no session, another origin', async () => {
    const email = 'lee@example.test';
    const { cookie } = await login(email);
    // No code asked for: nothing opens, whatever is sent.
    assert.deepEqual(await (await post('/api/keys/export/reveal', {}, cookie)).json(), { error: 'invalid_code' });
    const none = await post('/api/keys/export/reveal', { code: '123456' }, cookie);
    assert.equal(none.status, 401);
    assert.deepEqual(await none.json(), { error: 'expired_code' });

    // A login code for the same address (a holder of the mailbox's login mail, or of the session) opens nothing.
    let since = Date.now();
    assert.equal((await post('/api/email/start', { email }, cookie)).status, 200);
    const loginCode = (await codeTo(email, since)).code;
    assert.deepEqual(await (await post('/api/keys/export/reveal', { code: loginCode }, cookie)).json(), { error: 'expired_code' });
    // An email-change code to the current address neither.
    since = Date.now();
    assert.equal((await post('/api/email/update/start', { email: 'lee.new@example.test' }, cookie)).status, 200);
    const updateCode = (await codeTo(email, since)).code;
    assert.deepEqual(await (await post('/api/keys/export/reveal', { code: updateCode }, cookie)).json(), { error: 'expired_code' });

    // With an export code pending, those codes count as wrong guesses; the export code opens no login.
    const code = await exportCode(email, cookie);
    if (loginCode !== code) assert.deepEqual(await (await post('/api/keys/export/reveal', { code: loginCode }, cookie)).json(), { error: 'wrong_code', attemptsLeft: 4 });
    assert.equal((await post('/api/email/verify', { email, code })).status === 200, code === loginCode, 'the export code is no login code');
    // No session, another user's session, another origin: refused, and the code stays for its owner.
    assert.deepEqual(await (await post('/api/keys/export/reveal', { code })).json(), { error: 'not_signed_in' });
    const other = await login('max@example.test');
    assert.deepEqual(await (await post('/api/keys/export/reveal', { code }, other.cookie)).json(), { error: 'expired_code' });
    assert.equal((await post('/api/keys/export/reveal', { code }, cookie, { origin: SITE })).status, 403);
    assert.equal((await post('/api/keys/export/start', {}, cookie, { origin: SITE })).status, 403);
    assert.equal((await post('/api/keys/export/reveal', { code }, cookie)).status, 200);
  });

  it('allows a few guesses per code, then only a new code helps; mailing is rate-limited', async () => {
    const email = 'ned@example.test';
    const { cookie } = await login(email);
    const code = await exportCode(email, cookie);
    for (let left = 4; left > 0; left -= 1) assert.deepEqual(await (await post('/api/keys/export/reveal', { code: wrong(code) }, cookie)).json(), { error: 'wrong_code', attemptsLeft: left });
    const last = await post('/api/keys/export/reveal', { code: wrong(code) }, cookie);
    assert.equal(last.status, 429);
    assert.deepEqual(await last.json(), { error: 'too_many_attempts' });
    assert.deepEqual(await (await post('/api/keys/export/reveal', { code }, cookie)).json(), { error: 'too_many_attempts' });

    // The mailing limits of login codes hold (a strict service: 1 code per address per hour).
    const strict = await startAuthFrame({ allowedOrigins: [SITE], smtpUrl: mail.smtpUrl, masterKey: MASTER.toString('hex'), limits: { maxPerEmail: 2, resendIntervalMs: 60_000 }, log: () => {} });
    try {
      const strictPost = (path: string, body: unknown, cookieHeader?: string) =>
        fetch(new URL(path, strict.url), { method: 'POST', headers: { 'content-type': 'application/json', origin: new URL(strict.url).origin, ...(cookieHeader ? { cookie: cookieHeader } : {}) }, body: JSON.stringify(body) });
      const since = Date.now();
      assert.equal((await strictPost('/api/email/start', { email: 'ola@example.test' })).status, 200);
      const verify = await strictPost('/api/email/verify', { email: 'ola@example.test', code: (await codeTo('ola@example.test', since)).code });
      const olaCookie = (verify.headers.get('set-cookie') ?? '').split(';')[0]!;
      assert.equal((await strictPost('/api/keys/export/start', {}, olaCookie)).status, 200);
      const soon = await strictPost('/api/keys/export/start', {}, olaCookie);
      assert.equal(soon.status, 429);
      assert.equal(((await soon.json()) as { error: string }).error, 'resend_too_soon');
    } finally {
      await strict.stop();
    }
  });

  it('is not offered to a login without an email (no second factor to re-verify)', async () => {
    const id = randomUUID();
    await frame.store.addSocialUser({ id, email: undefined, socialProvider: 'github', createdAt: Date.now(), ...generateWallet(MASTER, id) }, 'github', 'subject-1');
    // A session opened as the frame opens one: bound to the frame's key, which signs each call.
    const key = await newFrameKey();
    const cookie = `wcm_frame=${await frame.otp.openSession(id, key.publicKey)}`;
    bindCookie(cookie, key);
    const start = await post('/api/keys/export/start', {}, cookie);
    assert.equal(start.status, 409);
    assert.deepEqual(await start.json(), { error: 'no_email' });
    assert.deepEqual(await (await post('/api/keys/export/reveal', { code: '123456' }, cookie)).json(), { error: 'expired_code' });
  });
});
