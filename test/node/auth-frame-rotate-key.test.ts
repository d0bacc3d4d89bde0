// Master key rotation (server/auth-frame/rotate-key.ts): every stored wallet key re-sealed under the new key,
// every user still signs through the service afterwards, and the old key opens nothing.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Keypair } from '@solana/web3.js';
import { recoverMessageAddress, stringToHex } from 'viem';
import { keyContext, unseal } from '../../server/auth-frame/keys.js';
import { codeIn, startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { main, rotateMasterKey } from '../../server/auth-frame/rotate-key.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { SqlFrameStore } from '../../server/auth-frame/store.js';
import { actAsFrame, carryAttempts } from './frame-proof.js';

const SITE = 'http://127.0.0.1:5999';
const dir = mkdtempSync(join(tmpdir(), 'wcm-auth-frame-rotate-'));
const dbPath = join(dir, 'data', 'auth-frame.sqlite');
const secrets = join(dir, 'secrets');
const OLD = join(secrets, 'old.key');
const NEW = join(secrets, 'new.key');
const EMAILS = ['ann@example.test', 'ben@example.test', 'cy@example.test'];
let mail: MailCapture;

before(async () => {
  actAsFrame();
  carryAttempts();
  mail = await startMailCapture();
  mkdirSync(secrets, { recursive: true });
  writeFileSync(OLD, randomBytes(32).toString('base64url'), { mode: 0o600 });
  writeFileSync(NEW, randomBytes(32).toString('hex'), { mode: 0o600 });
});
after(async () => {
  await mail?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const start = (keyFile: string) => startAuthFrame({ allowedOrigins: [SITE], smtpUrl: mail.smtpUrl, dbPath, masterKeyFile: keyFile, production: true, limits: { maxPerIp: 100, maxPerEmail: 100, resendIntervalMs: 0 } });

/** Logs `email` in; the session cookie and the EVM address. */
async function login(frame: AuthFrameServer, email: string): Promise<{ cookie: string; address: `0x${string}` }> {
  const origin = new URL(frame.url).origin;
  const post = (path: string, body: unknown) => fetch(new URL(path, frame.url), { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(body) });
  const since = Date.now();
  assert.equal((await post('/api/email/start', { email })).status, 200);
  const verify = await post('/api/email/verify', { email, code: codeIn(await mail.waitFor(email, { since })) });
  assert.equal(verify.status, 200);
  return { cookie: (verify.headers.get('set-cookie') ?? '').split(';')[0]!, address: ((await verify.json()) as { address: `0x${string}` }).address };
}

/** A personal_sign through the service (filed, approved); the recovered signer. */
async function signs(frame: AuthFrameServer, cookie: string, address: string): Promise<string> {
  const origin = new URL(frame.url).origin;
  const post = (path: string, body: unknown) => fetch(new URL(path, frame.url), { method: 'POST', headers: { 'content-type': 'application/json', origin, cookie }, body: JSON.stringify(body) });
  const message = 'after the rotation';
  const filed = (await (await post('/api/sign-requests', { method: 'personal_sign', params: [stringToHex(message), address] })).json()) as { id: string };
  const approved = await post(`/api/sign-requests/${filed.id}/approve`, {});
  assert.equal(approved.status, 200);
  const { result } = (await approved.json()) as { result: `0x${string}` };
  return recoverMessageAddress({ message, signature: result });
}

describe('master key rotation', () => {
  const addresses = new Map<string, string>();

  it('refuses a wrong old key and changes nothing', async () => {
    const frame = await start(OLD);
    try {
      for (const email of EMAILS) addresses.set(email, (await login(frame, email)).address);
    } finally {
      await frame.stop();
    }
    const before = readFileSync(dbPath);
    const store = await SqlFrameStore.open(dbPath);
    await assert.rejects(rotateMasterKey(store, randomBytes(32), readKey(NEW)), /open with neither the old nor the new master key; nothing was changed/);
    await store.close();
    assert.deepEqual(readFileSync(dbPath), before);
  });

  it('re-seals every key under the new key (the command); users sign after it, the old key opens nothing', async () => {
    assert.deepEqual(await main(['--db', dbPath, '--old-key-file', OLD, '--new-key-file', NEW]), { resealed: 3, alreadyNew: 0 });
    // Again (as after an interruption): nothing left to do.
    assert.deepEqual(await main(['--db', dbPath, '--old-key-file', OLD, '--new-key-file', NEW]), { resealed: 0, alreadyNew: 3 });

    const store = await SqlFrameStore.open(dbPath);
    const keys = await store.listSealedKeys();
    await store.close();
    assert.equal(keys.length, 3);
    for (const user of keys) {
      assert.throws(() => unseal(readKey(OLD), user.evmKeySealed, keyContext(user.id, 'evm')), 'the old key opens no EVM key');
      assert.throws(() => unseal(readKey(OLD), user.solanaKeySealed, keyContext(user.id, 'solana')), 'the old key opens no Solana key');
      // The associated data is kept: the key opens only as this user's.
      assert.throws(() => unseal(readKey(NEW), user.evmKeySealed, keyContext('someone-else', 'evm')));
      Keypair.fromSecretKey(unseal(readKey(NEW), user.solanaKeySealed, keyContext(user.id, 'solana')));
    }

    // The service on the old key: no user can sign (the login works, the key does not open).
    const stale = await start(OLD);
    try {
      const { cookie, address } = await login(stale, EMAILS[0]!);
      const origin = new URL(stale.url).origin;
      const filed = await fetch(new URL('/api/sign-requests', stale.url), { method: 'POST', headers: { 'content-type': 'application/json', origin, cookie }, body: JSON.stringify({ method: 'personal_sign', params: [stringToHex('x'), address] }) });
      const { id } = (await filed.json()) as { id: string };
      const approved = await fetch(new URL(`/api/sign-requests/${id}/approve`, stale.url), { method: 'POST', headers: { origin, cookie } });
      assert.notEqual(approved.status, 200);
    } finally {
      await stale.stop();
    }

    const frame = await start(NEW);
    try {
      for (const email of EMAILS) {
        const { cookie, address } = await login(frame, email);
        assert.equal(address, addresses.get(email), 'the same wallet');
        assert.equal(await signs(frame, cookie, address), address);
      }
    } finally {
      await frame.stop();
    }
  });
});

function readKey(file: string): Buffer {
  const text = readFileSync(file, 'utf8').trim();
  return /^[0-9a-f]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url');
}
