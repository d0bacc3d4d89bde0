// The secure frame (server/auth-frame/): embeddable only by configured sites, and signing only after the
// visitor's approval, through the service, never by the request that files it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { stringToHex, verifyMessage, type Hex } from 'viem';
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
  frame = await startAuthFrame({ allowedOrigins: [SITE], smtpUrl: mail.smtpUrl, masterKey: randomBytes(32).toString('hex') });
  origin = new URL(frame.url).origin;
});
after(async () => {
  await frame?.stop();
  await mail?.stop();
});

const post = (path: string, body: unknown, cookie?: string) =>
  fetch(new URL(path, frame.url), { method: 'POST', headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });

/** Logs `email` in through a mailed code; returns the cookie and the EVM address. */
async function login(email: string): Promise<{ cookie: string; address: Hex }> {
  const since = Date.now();
  const start = await post('/api/email/start', { email });
  assert.equal(start.status, 200);
  const code = codeIn(await mail.waitFor(email, { since }));
  const verify = await post('/api/email/verify', { email, code }, (start.headers.get('set-cookie') ?? '').split(';')[0]);
  assert.equal(verify.status, 200);
  return { cookie: (verify.headers.get('set-cookie') ?? '').split(';')[0]!, address: ((await verify.json()) as { address: Hex }).address };
}

describe('the frame page', () => {
  it('is served, with frame-ancestors, to an allowed parent', async () => {
    const page = await fetch(new URL(`/frame?parent=${encodeURIComponent(SITE)}`, frame.url));
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<script type="module" src="\/frame\.js"><\/script>/);
    assert.equal(
      page.headers.get('content-security-policy'),
      `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors ${SITE}`,
    );
    const script = await fetch(new URL('/frame.js', frame.url));
    assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
  });

  it('refuses a parent that is not on the allowlist', async () => {
    for (const parent of ['https://evil.example', 'http://127.0.0.1:6000', '*', '']) {
      const page = await fetch(new URL(`/frame?parent=${encodeURIComponent(parent)}`, frame.url));
      assert.equal(page.status, 403, parent);
      assert.equal(await page.text(), 'This site is not allowed to embed the secure wallet frame.');
      assert.match(page.headers.get('content-security-policy') ?? '', /frame-ancestors http:\/\/127\.0\.0\.1:5999$/);
    }
  });
});

describe('signing', () => {
  it('files a personal_sign without signing, shows the decoded text, and signs only on approve', async () => {
    const { cookie, address } = await login('signer@example.test');
    const message = stringToHex('Hello from the shop\nNonce 42');
    const filed = await post('/api/sign-requests', { method: 'personal_sign', params: [message, address.toLowerCase()] }, cookie);
    assert.equal(filed.status, 200);
    const { id, display, ...rest } = (await filed.json()) as { id: string; display: unknown };
    assert.deepEqual(rest, {}, 'filing returns no signature');
    assert.deepEqual(display, { method: 'personal_sign', message: 'Hello from the shop\nNonce 42', address });

    // Another session cannot approve it, and an approval without a session is refused.
    const other = await login('other@example.test');
    assert.equal((await post(`/api/sign-requests/${id}/approve`, {}, other.cookie)).status, 400);
    assert.equal((await post(`/api/sign-requests/${id}/approve`, {})).status, 401);
    // Nor can a page on another origin (no CORS, and the Origin check).
    const foreign = await fetch(new URL(`/api/sign-requests/${id}/approve`, frame.url), { method: 'POST', headers: { origin: SITE, cookie }, body: '{}' });
    assert.equal(foreign.status, 403);

    const approved = await post(`/api/sign-requests/${id}/approve`, {}, cookie);
    assert.equal(approved.status, 200);
    const { result } = (await approved.json()) as { result: Hex };
    assert.equal(await verifyMessage({ address, message: { raw: message }, signature: result }), true);
    // Single use.
    assert.deepEqual(await (await post(`/api/sign-requests/${id}/approve`, {}, cookie)).json(), { error: { code: 4100, message: 'No such signing request' } });
  });

  it('a rejected request can no longer be approved', async () => {
    const { cookie, address } = await login('rejecter@example.test');
    const filed = (await (await post('/api/sign-requests', { method: 'personal_sign', params: [stringToHex('no'), address] }, cookie)).json()) as { id: string };
    assert.equal((await post(`/api/sign-requests/${filed.id}/reject`, {}, cookie)).status, 200);
    assert.equal((await post(`/api/sign-requests/${filed.id}/approve`, {}, cookie)).status, 400);
  });

  it('refuses other methods, other accounts, and callers without a session', async () => {
    const { cookie, address } = await login('picky@example.test');
    assert.deepEqual(await (await post('/api/sign-requests', { method: 'eth_signTransaction', params: [{}] }, cookie)).json(), {
      error: { code: 4200, message: 'Requested RPC call is not allowed' },
    });
    assert.deepEqual(await (await post('/api/sign-requests', { method: 'personal_sign', params: ['0x00', '0x' + '1'.repeat(40)] }, cookie)).json(), {
      error: { code: 4100, message: 'The requested account is not the embedded wallet' },
    });
    const anonymous = await post('/api/sign-requests', { method: 'personal_sign', params: ['0x00', address] });
    assert.equal(anonymous.status, 401);
    assert.deepEqual(await anonymous.json(), { error: { code: 4100, message: 'Not connected to email or social' } });
  });
});
