// Drives the login service over HTTP as the frame does (tests of server/auth-frame/ with several instances):
// an email code read from the local mail capture, verified for a session cookie; checks that a stored user's
// sealed key opens to its address under the master key.
import assert from 'node:assert/strict';
import type { Hex } from 'viem';
import { codeIn, type MailCapture } from '../../devstack/mail-capture.js';
import { openEvmAccount } from '../../server/auth-frame/keys.js';
import type { FrameStore } from '../../server/auth-frame/store.js';

/** A POST to `base` as its own frame (same origin). */
export const post = (base: string, path: string, body: unknown, cookie?: string): Promise<Response> =>
  fetch(new URL(path, base), { method: 'POST', headers: { 'content-type': 'application/json', origin: new URL(base).origin, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });

const cookieOf = (response: Response): string => (response.headers.get('set-cookie') ?? '').split(';')[0]!;

/** Asks `base` for a code to `email`; returns the code and the attempt cookie it is bound to. */
export async function requestCode(base: string, mail: MailCapture, email: string): Promise<{ code: string; attempt: string }> {
  const since = Date.now();
  const start = await post(base, '/api/email/start', { email });
  assert.equal(start.status, 200, `start ${email}: ${await start.clone().text()}`);
  const code = codeIn(await mail.waitFor(email, { since }));
  assert.ok(code, `a code for ${email}`);
  return { code, attempt: cookieOf(start) };
}

/** Logs `email` in at `base` (code asked there too unless `verifyAt` is given); returns the session cookie and address. */
export async function login(base: string, mail: MailCapture, email: string, verifyAt = base): Promise<{ cookie: string; address: Hex }> {
  const { code, attempt } = await requestCode(base, mail, email);
  const verify = await post(verifyAt, '/api/email/verify', { email, code }, attempt);
  assert.equal(verify.status, 200, `verify ${email}: ${await verify.clone().text()}`);
  return { cookie: cookieOf(verify), address: ((await verify.json()) as { address: Hex }).address };
}

/** Files a personal_sign at `base` and approves it there; the signature. */
export async function signAt(base: string, cookie: string, address: Hex, message: Hex): Promise<Hex> {
  const filed = await post(base, '/api/sign-requests', { method: 'personal_sign', params: [message, address] }, cookie);
  assert.equal(filed.status, 200, await filed.clone().text());
  const { id } = (await filed.json()) as { id: string };
  const approved = await post(base, `/api/sign-requests/${id}/approve`, {}, cookie);
  assert.equal(approved.status, 200, await approved.clone().text());
  return ((await approved.json()) as { result: Hex }).result;
}

/** Asserts the stored user of `email` has `address` and a sealed EVM key that opens to it under `master`. */
export async function assertKeyOpens(store: FrameStore, master: Buffer, email: string, address: string): Promise<void> {
  const user = await store.getUserByEmail(email);
  assert.ok(user, `user ${email} is stored`);
  assert.equal(user.evmAddress.toLowerCase(), address.toLowerCase(), email);
  assert.equal(openEvmAccount(master, user.id, user.evmKeySealed).address.toLowerCase(), address.toLowerCase(), `${email}'s key opens to its address`);
}
