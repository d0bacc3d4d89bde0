// The sign-in backend's email capture (DataCapture) over real HTTP: the backend says it requires an
// email, mails a code through real SMTP (read from the captured mail), and then takes only a SIWE message whose
// resources carry `email:<the confirmed address>`; every refusal with its code, and no session on a refusal.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createMailer, type Mailer } from '../../server/auth-frame/mail.js';
import { codeIn, startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { createSignInBackend } from '../../server/auth/backend.js';
import { SqlAuthStore, type SessionRecord } from '../../server/auth/store.js';
import { ALICE, Browser, EVM_CHAIN, evmMessage, startSite, type Site } from './auth-helpers.js';

let mail: MailCapture;
let mailer: Mailer;
let site: Site;
/** Every session the backend stored, with its signed message. */
const sessions: SessionRecord[] = [];

before(async () => {
  mail = await startMailCapture();
  mailer = createMailer(mail.smtpUrl, 'Sign-in <no-reply@localhost>');
  const store = await SqlAuthStore.open();
  const addSession = store.addSession.bind(store);
  store.addSession = async (session) => {
    sessions.push(session);
    await addSession(session);
  };
  site = await startSite({ emailCapture: { mailer }, store });
});
after(async () => {
  await site?.stop();
  mailer?.close();
  await mail?.stop();
});

/** Asks for a code for `email`, reads it from the mail, and confirms it; the capture's uuid. */
async function confirm(browser: Browser, email: string): Promise<string> {
  const since = Date.now();
  const started = await browser.post('/api/auth/otp', { email });
  assert.equal(started.status, 200);
  const { uuid } = (await started.json()) as { uuid: string };
  const letter = await mail.waitFor(email, { since });
  assert.match(letter.subject, /^Your confirmation code: \d{6}$/);
  const put = await putCode(browser, uuid, codeIn(letter)!);
  assert.equal(put.status, 200);
  assert.deepEqual(await put.json(), { email });
  return uuid;
}

const putCode = (browser: Browser, uuid: string | undefined, code: string) =>
  browser.fetch('/api/auth/otp', { method: 'PUT', headers: { 'content-type': 'application/json', origin: site.origin, ...(uuid ? { 'x-otp': uuid } : {}) }, body: JSON.stringify({ code }) });

/** POST callback/credentials with the `otp` field (the capture's uuid), signed by ALICE. */
async function signIn(browser: Browser, resources: string[] | undefined, otp: string | undefined): Promise<{ error: string | null; code: string | null }> {
  const nonce = await browser.csrf();
  const message = evmMessage(site, nonce, resources ? { resources } : {});
  const signature = await ALICE.signMessage({ message });
  const response = await browser.post('/api/auth/callback/credentials', { message, signature, csrfToken: nonce, callbackUrl: `${site.origin}/signed-in`, ...(otp ? { otp } : {}) });
  const params = new URL(((await response.json()) as { url: string }).url).searchParams;
  return { error: params.get('error'), code: params.get('code') };
}

describe('sign-in backend: email capture (DataCapture)', () => {
  it('says whether it requires an email: GET email-capture', async () => {
    assert.deepEqual(await (await new Browser(site).fetch('/api/auth/email-capture')).json(), { required: true });
    const plain = await createSignInBackend({ site: 'http://127.0.0.1:5999/', chains: [{ chainId: EVM_CHAIN, rpcUrl: site.anvil.rpcUrl }] });
    try {
      assert.deepEqual(await (await plain.handle(new Request('http://127.0.0.1:5999/api/auth/email-capture'))).json(), { required: false });
      assert.equal((await plain.handle(new Request('http://127.0.0.1:5999/api/auth/otp', { method: 'POST', body: '' }))).status, 404);
    } finally {
      await plain.close();
    }
  });

  it('refuses a sign-in without a confirmed email ("OTP is required"), then takes one whose resources name it', async () => {
    const browser = new Browser(site);
    assert.deepEqual(await signIn(browser, ['email:carol@example.test'], undefined), { error: 'CredentialsSignin', code: 'email_required' });
    assert.ok(site.logs.some((line) => line.includes('(email_required): OTP is required')), site.logs.join('\n'));
    assert.equal(await browser.session(), null);

    const uuid = await confirm(browser, 'carol@example.test');
    assert.deepEqual(await signIn(browser, undefined, uuid), { error: 'CredentialsSignin', code: 'email_mismatch' });
    assert.deepEqual(await signIn(browser, ['email:dave@example.test'], uuid), { error: 'CredentialsSignin', code: 'email_mismatch' });
    assert.deepEqual(await signIn(browser, ['email:carol@example.test', 'email:dave@example.test'], uuid), { error: 'CredentialsSignin', code: 'email_mismatch' });
    assert.equal(await browser.session(), null);

    assert.deepEqual(await signIn(browser, ['https://example.test/terms', 'email:carol@example.test'], uuid), { error: null, code: null });
    const session = (await browser.session()) as { address: string; chainId: string };
    assert.equal(session.address, ALICE.address);
    assert.equal(session.chainId, EVM_CHAIN);
    assert.equal(sessions.length, 1);
    assert.match(sessions[0]!.message, /\nResources:\n- https:\/\/example\.test\/terms\n- email:carol@example\.test$/);

    // A confirmed capture allows one sign-in.
    assert.deepEqual(await signIn(new Browser(site), ['email:carol@example.test'], uuid), { error: 'CredentialsSignin', code: 'email_required' });
  });

  it('refuses a wrong, malformed or unknown code and a resend too soon, with the reason', async () => {
    const browser = new Browser(site);
    assert.deepEqual(await (await browser.post('/api/auth/otp', { email: 'no email' })).json(), { error: 'invalid_email' });
    const since = Date.now();
    const started = await browser.post('/api/auth/otp', { email: 'erin@example.test' });
    const { uuid, email, resendAfterS, expiresInS } = (await started.json()) as { uuid: string; email: string; resendAfterS: number; expiresInS: number };
    assert.deepEqual({ email, resendAfterS, expiresInS }, { email: 'erin@example.test', resendAfterS: 60, expiresInS: 600 });
    assert.match(uuid, /^[0-9a-f-]{36}$/);
    const code = codeIn(await mail.waitFor('erin@example.test', { since }))!;
    const again = await browser.post('/api/auth/otp', { email: 'erin@example.test' });
    assert.equal(again.status, 429);
    assert.deepEqual(await again.json(), { error: 'resend_too_soon', retryAfterS: 60 });

    const wrong = await putCode(browser, uuid, code === '000000' ? '000001' : '000000');
    assert.equal(wrong.status, 401);
    assert.deepEqual(await wrong.json(), { error: 'wrong_code', attemptsLeft: 4 });
    assert.deepEqual(await (await putCode(browser, uuid, 'abc')).json(), { error: 'invalid_code' });
    assert.deepEqual(await (await putCode(browser, 'not-a-capture', code)).json(), { error: 'unknown_otp' });
    assert.deepEqual(await (await putCode(browser, undefined, code)).json(), { error: 'unknown_otp' });
    assert.equal((await putCode(browser, uuid, code)).status, 200);
    assert.deepEqual(await (await putCode(browser, uuid, code)).json(), { error: 'unknown_otp' }, 'confirmed once');

    const crossSite = await browser.post('/api/auth/otp', { email: 'fay@example.test' }, { origin: 'https://evil.example' });
    assert.equal(crossSite.status, 403);
  });
});
