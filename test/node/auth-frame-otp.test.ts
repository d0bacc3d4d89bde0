// The secure service's email codes (server/auth-frame/otp.ts): lifecycle and every limit, on a fake clock.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { isAddress } from 'viem';
import { OtpService, normalizeEmail, type StartResult } from '../../server/auth-frame/otp.js';
import { SqlFrameStore } from '../../server/auth-frame/store.js';

async function service(limits = {}) {
  const clock = { now: 1_700_000_000_000 };
  const now = () => clock.now;
  const store = await SqlFrameStore.open(':memory:', now);
  const otp = new OtpService({ store, masterKey: randomBytes(32), codeKey: randomBytes(32), now, limits });
  return { otp, store, clock };
}

function codeOf(result: StartResult): string {
  assert.equal(result.ok, true, JSON.stringify(result));
  return (result as { code: string }).code;
}

/** A started code and the attempt it is bound to. */
function attemptOf(result: StartResult): { code: string; attempt: string; resendAfterS: number } {
  assert.equal(result.ok, true, JSON.stringify(result));
  return result as { code: string; attempt: string; resendAfterS: number };
}

/** A 6-digit code other than `code`. */
const other = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('email codes', () => {
  it('refuses a malformed email and normalizes a good one', async () => {
    const { otp } = await service();
    for (const bad of ['', 'alice', 'alice@', '@example.test', 'a b@example.test', 42, undefined, `${'a'.repeat(250)}@example.test`]) {
      assert.deepEqual(await otp.start(bad, '1.1.1.1'), { ok: false, error: 'invalid_email' }, String(bad));
    }
    assert.equal(normalizeEmail('  Alice@Example.TEST '), 'alice@example.test');
  });

  it('makes a random 6-digit code, stores only a hash of it, and lets it log in once', async () => {
    const { otp, store } = await service();
    const { code, attempt } = attemptOf(await otp.start('Alice@example.test', '1.1.1.1'));
    assert.match(code, /^\d{6}$/);
    assert.match(attempt, /^[\w-]{24}$/);
    assert.equal(await store.getCode('alice@example.test'), undefined);
    const stored = await store.getCode(`alice@example.test\n${createHash('sha256').update(attempt).digest('base64url')}`);
    assert.ok(stored && !stored.codeHash.includes(code) && !stored.email.includes(attempt));
    assert.equal(stored.expiresAt - stored.createdAt, 10 * 60_000);

    const first = await otp.verify('alice@example.test', code, attempt, '1.1.1.1');
    assert.equal(first.ok, true);
    if (!first.ok) return;
    assert.equal(first.created, true);
    assert.equal(first.user.email, 'alice@example.test');
    assert.ok(isAddress(first.user.evmAddress));
    assert.match(first.user.solanaAddress, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    assert.ok(!first.user.evmKeySealed.includes(first.user.evmAddress.slice(2)));
    assert.equal((await otp.sessionUser(first.sessionToken))?.id, first.user.id);

    // Single use: the same code again is gone.
    assert.deepEqual(await otp.verify('alice@example.test', code, attempt, '1.1.1.1'), { ok: false, error: 'expired_code' });
  });

  it('gives the same wallet on the next login', async () => {
    const { otp, clock } = await service();
    const a = attemptOf(await otp.start('bob@example.test', '1.1.1.1'));
    const first = await otp.verify('bob@example.test', a.code, a.attempt, '1.1.1.1');
    clock.now += 61_000;
    const b = attemptOf(await otp.start('BOB@example.test', '1.1.1.1'));
    const second = await otp.verify('bob@example.test', b.code, b.attempt, '1.1.1.1');
    assert.ok(first.ok && second.ok);
    assert.equal(second.created, false);
    assert.equal(second.user.evmAddress, first.user.evmAddress);
    assert.equal(second.user.solanaAddress, first.user.solanaAddress);
  });

  it('expires a code after 10 minutes', async () => {
    const { otp, clock } = await service();
    const { code, attempt } = attemptOf(await otp.start('carol@example.test', '1.1.1.1'));
    clock.now += 10 * 60_000;
    assert.deepEqual(await otp.verify('carol@example.test', code, attempt, '1.1.1.1'), { ok: false, error: 'expired_code' });
  });

  it('counts wrong guesses, then refuses even the right code until a new one is sent', async () => {
    const { otp, clock } = await service();
    const { code, attempt } = attemptOf(await otp.start('dave@example.test', '1.1.1.1'));
    assert.deepEqual(await otp.verify('dave@example.test', '12345', attempt, '1.1.1.1'), { ok: false, error: 'invalid_code' });
    for (let left = 4; left >= 1; left -= 1) {
      assert.deepEqual(await otp.verify('dave@example.test', other(code), attempt, '1.1.1.1'), { ok: false, error: 'wrong_code', attemptsLeft: left });
    }
    assert.deepEqual(await otp.verify('dave@example.test', other(code), attempt, '1.1.1.1'), { ok: false, error: 'too_many_attempts' });
    assert.deepEqual(await otp.verify('dave@example.test', code, attempt, '1.1.1.1'), { ok: false, error: 'too_many_attempts' });
    clock.now += 60_000;
    const fresh = attemptOf(await otp.start('dave@example.test', '1.1.1.1'));
    assert.equal((await otp.verify('dave@example.test', fresh.code, fresh.attempt, '1.1.1.1')).ok, true);
  });

  it('counts only guesses made with the attempt: without it (another browser) no code is found and none is spent', async () => {
    const { otp } = await service();
    const { code, attempt } = attemptOf(await otp.start('ivy@example.test', '1.1.1.1'));
    for (const other_ of [undefined, '', 'made-up-attempt', attempt.slice(1)]) {
      for (let i = 0; i < 5; i += 1) assert.deepEqual(await otp.verify('ivy@example.test', other(code), other_, '9.9.9.9'), { ok: false, error: 'expired_code' });
    }
    assert.equal((await otp.verify('ivy@example.test', code, attempt, '1.1.1.1')).ok, true);
  });

  it('refuses every check from an IP after 30 failed ones in its window (10 minutes by default)', async () => {
    const { otp, clock } = await service({ verifyWindowMs: 60_000 });
    assert.equal((await service()).otp.limits.verifyWindowMs, 10 * 60_000);
    const { code, attempt } = attemptOf(await otp.start('jo@example.test', '1.1.1.1'));
    for (let i = 0; i < 30; i += 1) assert.equal((await otp.verify('jo@example.test', '000000', `guess-${i}`, '6.6.6.6')).ok, false);
    assert.deepEqual(await otp.verify('jo@example.test', code, attempt, '6.6.6.6'), { ok: false, error: 'rate_limited' });
    assert.deepEqual(await otp.verify('jo@example.test', other(code), attempt, '7.7.7.7'), { ok: false, error: 'wrong_code', attemptsLeft: 4 }, 'another IP is not refused');
    clock.now += 60_000;
    assert.equal((await otp.verify('jo@example.test', code, attempt, '6.6.6.6')).ok, true);
  });

  it('limits resends: a minute per email, doubling with each code; the old code is not the new attempt\'s', async () => {
    const { otp, clock } = await service();
    const old = attemptOf(await otp.start('erin@example.test', '1.1.1.1'));
    assert.equal(old.resendAfterS, 60);
    clock.now += 20_000;
    assert.deepEqual(await otp.start('erin@example.test', '2.2.2.2'), { ok: false, error: 'resend_too_soon', retryAfterS: 40 });
    clock.now += 40_000;
    const fresh = attemptOf(await otp.start('erin@example.test', '1.1.1.1'));
    assert.equal(fresh.resendAfterS, 120);
    clock.now += 60_000;
    assert.deepEqual(await otp.start('erin@example.test', '2.2.2.2'), { ok: false, error: 'resend_too_soon', retryAfterS: 60 });
    if (fresh.code !== old.code) assert.deepEqual(await otp.verify('erin@example.test', old.code, fresh.attempt, '1.1.1.1'), { ok: false, error: 'wrong_code', attemptsLeft: 4 });
    assert.equal((await otp.verify('erin@example.test', fresh.code, fresh.attempt, '1.1.1.1')).ok, true);
    assert.equal(otp.resendIntervalAfter(10), 15 * 60_000);
  });

  it('limits codes per email per hour', async () => {
    const { otp, clock } = await service();
    for (let i = 0; i < 5; i += 1) {
      codeOf(await otp.start('frank@example.test', `10.0.0.${i}`));
      clock.now += otp.resendIntervalAfter(i + 1);
    }
    assert.deepEqual(await otp.start('frank@example.test', '10.0.1.1'), { ok: false, error: 'rate_limited' });
    clock.now += 60 * 60_000;
    codeOf(await otp.start('frank@example.test', '10.0.1.1'));
  });

  it('limits codes requested by one IP per hour', async () => {
    const { otp } = await service();
    for (let i = 0; i < 20; i += 1) codeOf(await otp.start(`user${i}@example.test`, '3.3.3.3'));
    assert.deepEqual(await otp.start('user20@example.test', '3.3.3.3'), { ok: false, error: 'rate_limited' });
    codeOf(await otp.start('user20@example.test', '4.4.4.4'));
  });

  it('ends sessions on sign-out and at expiry', async () => {
    const { otp, clock } = await service({ sessionTtlMs: 60_000 });
    const first = attemptOf(await otp.start('gina@example.test', '1.1.1.1'));
    const a = await otp.verify('gina@example.test', first.code, first.attempt, '1.1.1.1');
    clock.now += 61_000;
    const second = attemptOf(await otp.start('gina@example.test', '1.1.1.1'));
    const b = await otp.verify('gina@example.test', second.code, second.attempt, '1.1.1.1');
    assert.ok(a.ok && b.ok);
    assert.equal(await otp.sessionUser(a.sessionToken), undefined);
    assert.equal((await otp.sessionUser(b.sessionToken))?.email, 'gina@example.test');
    await otp.signOut(b.sessionToken);
    assert.equal(await otp.sessionUser(b.sessionToken), undefined);
    assert.equal(await otp.sessionUser('made-up'), undefined);
  });
});
