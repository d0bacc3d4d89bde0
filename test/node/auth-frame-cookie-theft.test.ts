// The frame's cookie alone approves nothing. A service on another port of the same host receives the frame's
// cookie (cookies ignore ports); with it and a forged Origin a plain HTTP client must not file, approve, read or
// sign out anything: each call must be signed by the key the frame bound to the session. A signed call replayed,
// or signed for another path or body, is refused as well.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { parseEther, toHex, type Address, type Hex } from 'viem';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { rpcCall } from '../../server/json-rpc.js';
import { codeIn, startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { carryAttempts, newFrameKey, type FrameKey } from './frame-proof.js';

let mail: MailCapture;
let frame: AuthFrameServer;
let anvil: Anvil;
let origin: string;
let victim: { cookie: string; address: Address; key: FrameKey };

const ATTACKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;
const balance = (address: Address) => rpcCall<Hex>(anvil.rpcUrl, 'eth_getBalance', [address, 'latest']).then(BigInt);

/** A plain HTTP client: the stolen cookie, a forged Origin, and whatever extra headers it is given. */
const send = (path: string, body: unknown, extra: Record<string, string> = {}) =>
  fetch(new URL(path, frame.url), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', origin, cookie: victim.cookie, ...extra },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
/** As the frame sends it: signed with the victim's frame key. */
const signed = async (path: string, body: unknown) =>
  send(path, body, { 'x-wcm-proof': await victim.key.proof(body === undefined ? 'GET' : 'POST', path, body === undefined ? '' : JSON.stringify(body)) });

before(async () => {
  carryAttempts();
  [mail, anvil] = await Promise.all([startMailCapture(), startAnvil({ chainId: 31337 })]);
  frame = await startAuthFrame({
    allowedOrigins: ['http://127.0.0.1:5999'],
    smtpUrl: mail.smtpUrl,
    masterKey: randomBytes(32).toString('hex'),
    networks: { evm: [{ chainId: 31337, name: 'Local Chain A', rpcUrl: anvil.rpcUrl }], solana: [] },
  });
  origin = new URL(frame.url).origin;
  // The victim logs in through the real API as the frame does: a code by mail, then verify with the frame's key.
  const email = 'victim@example.test';
  const since = Date.now();
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(new URL(path, frame.url), { method: 'POST', headers: { 'content-type': 'application/json', origin, ...headers }, body: JSON.stringify(body) });
  assert.equal((await post('/api/email/start', { email })).status, 200);
  const code = codeIn(await mail.waitFor(email, { since }));
  const key = await newFrameKey();
  const verify = await post('/api/email/verify', { email, code }, { 'x-wcm-key': key.publicKey });
  assert.equal(verify.status, 200);
  victim = { cookie: (verify.headers.get('set-cookie') ?? '').split(';')[0]!, address: ((await verify.json()) as { address: Address }).address, key };
  await rpcCall(anvil.rpcUrl, 'anvil_setBalance', [victim.address, toHex(parseEther('1'))]);
});
after(async () => {
  await frame?.stop();
  await Promise.all([mail?.stop(), anvil?.stop()]);
});

const NOT_CONNECTED = { error: { code: 4100, message: 'Not connected to email or social' } };
const tx = () => ({ method: 'eth_sendTransaction', params: [{ from: victim.address, to: ATTACKER, value: toHex(parseEther('0.9')) }], chainId: 'eip155:31337' });

describe('the cookie alone', () => {
  it('neither files nor approves eth_sendTransaction: no funds move', async () => {
    const before = await balance(victim.address);
    const filed = await send('/api/sign-requests', tx());
    assert.equal(filed.status, 401);
    assert.deepEqual(await filed.json(), NOT_CONNECTED);
    // Even with the id of a request the frame filed, the approval needs the frame's key.
    const { id } = (await (await signed('/api/sign-requests', tx())).json()) as { id: string };
    const approve = await send(`/api/sign-requests/${id}/approve`, {});
    assert.equal(approve.status, 401);
    assert.deepEqual(await approve.json(), NOT_CONNECTED);
    assert.equal(await balance(victim.address), before, 'no funds moved');
    assert.equal((await signed(`/api/sign-requests/${id}/reject`, {})).status, 200);
  });

  it('reads no session, changes no account type, and does not sign the victim out', async () => {
    const session = await send('/api/session', undefined);
    assert.equal(session.status, 401);
    assert.deepEqual(await session.json(), { error: 'not_signed_in' });
    assert.equal((await send('/api/smart-account/preferred', { type: 'smartAccount', chainId: 'eip155:31337' })).status, 401);
    await send('/api/signout', {});
    assert.equal((await signed('/api/session', undefined)).status, 200, 'the frame is still signed in');
  });

  it('a key that is not the session\'s proves nothing', async () => {
    const other = await newFrameKey();
    const path = '/api/session';
    assert.equal((await send(path, undefined, { 'x-wcm-proof': await other.proof('GET', path, '') })).status, 401);
    // A forged cookie naming a point off the curve: signed out, not a server error.
    const offCurve = `wcm_frame=${randomBytes(32).toString('base64url')}.${Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url')}`;
    const forged = await send(path, undefined, { cookie: offCurve, 'x-wcm-proof': await other.proof('GET', path, '') });
    assert.equal(forged.status, 401);
    assert.deepEqual(await forged.json(), { error: 'not_signed_in' });
  });
});

describe('a signed request', () => {
  it('is refused when replayed, when moved to another path or body, or when too old', async () => {
    const body = JSON.stringify(tx());
    const proof = await victim.key.proof('POST', '/api/sign-requests', body);
    const first = await send('/api/sign-requests', tx(), { 'x-wcm-proof': proof });
    assert.equal(first.status, 200);
    const { id } = (await first.json()) as { id: string };
    const replay = await send('/api/sign-requests', tx(), { 'x-wcm-proof': proof });
    assert.equal(replay.status, 401);
    assert.deepEqual(await replay.json(), NOT_CONNECTED);
    // A fresh proof for the filing does not approve (path bound), nor does one for another body.
    const forFiling = await victim.key.proof('POST', '/api/sign-requests', '{}');
    assert.equal((await send(`/api/sign-requests/${id}/approve`, {}, { 'x-wcm-proof': forFiling })).status, 401);
    const forOtherBody = await victim.key.proof('POST', `/api/sign-requests/${id}/approve`, '{"x":1}');
    assert.equal((await send(`/api/sign-requests/${id}/approve`, {}, { 'x-wcm-proof': forOtherBody })).status, 401);
    const stale = await victim.key.proof('POST', `/api/sign-requests/${id}/approve`, '{}', Date.now() - 120_000);
    assert.equal((await send(`/api/sign-requests/${id}/approve`, {}, { 'x-wcm-proof': stale })).status, 401);
    assert.equal((await signed(`/api/sign-requests/${id}/reject`, {})).status, 200);
  });

  it('a session opened without a frame key is refused', async () => {
    const email = 'keyless@example.test';
    const since = Date.now();
    const post = (path: string, body: unknown) => fetch(new URL(path, frame.url), { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(body) });
    assert.equal((await post('/api/email/start', { email })).status, 200);
    const verify = await post('/api/email/verify', { email, code: codeIn(await mail.waitFor(email, { since })) });
    assert.equal(verify.status, 400);
    assert.deepEqual(await verify.json(), { error: 'key_required' });
    assert.equal(verify.headers.get('set-cookie'), null);
  });
});

describe('the cookie over https', () => {
  it('is __Host-wcm_frame, Secure, HttpOnly, SameSite=None and Partitioned, and still needs the proof', async () => {
    // Served over plain HTTP here, but the service's public URL is https (as behind a TLS proxy).
    const https = await startAuthFrame({ allowedOrigins: ['https://shop.example'], smtpUrl: mail.smtpUrl, masterKey: randomBytes(32).toString('hex'), publicUrl: 'https://wallet-frame.example/' });
    try {
      const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(new URL(path, https.url), { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://wallet-frame.example', ...headers }, body: JSON.stringify(body) });
      const email = 'tls@example.test';
      const since = Date.now();
      assert.equal((await post('/api/email/start', { email })).status, 200);
      const key = await newFrameKey();
      const verify = await post('/api/email/verify', { email, code: codeIn(await mail.waitFor(email, { since })) }, { 'x-wcm-key': key.publicKey });
      const set = verify.headers.get('set-cookie') ?? '';
      assert.match(set, /^__Host-wcm_frame=[\w-]+\.[\w-]{87}; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/);
      const cookie = set.split(';')[0]!;
      const get = async (extra: Record<string, string>) => (await fetch(new URL('/api/session', https.url), { headers: { cookie, ...extra } })).status;
      assert.equal(await get({}), 401);
      // The http name is not read over https.
      assert.equal(await get({ cookie: cookie.replace('__Host-', ''), 'x-wcm-proof': await key.proof('GET', '/api/session', '') }), 401);
      assert.equal(await get({ 'x-wcm-proof': await key.proof('GET', '/api/session', '') }), 200);
    } finally {
      await https.stop();
    }
  });
});
