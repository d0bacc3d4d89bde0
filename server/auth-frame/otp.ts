/**
 * Email one-time codes: 6 random digits, stored only as a keyed hash, single-use, valid 10 minutes, a few
 * guesses each, and a limited mailing rate per email and per requesting IP.
 */
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { generateWallet } from './keys.js';
import type { FrameStore, UserRecord } from './store.js';

export interface OtpLimits {
  /** How long a code is valid. Default 10 minutes. */
  codeTtlMs: number;
  /** Wrong guesses allowed per code; the next one voids it. Default 5. */
  maxAttempts: number;
  /** Least time between two codes to the same email; it doubles with each further code in the window. Default 60 s. */
  resendIntervalMs: number;
  /** The most the doubled resend interval grows to. Default 15 minutes. */
  maxResendIntervalMs: number;
  /** Failed code checks one IP may make per `verifyWindowMs`; then every check from it is refused. Default 30. */
  maxVerifyFailuresPerIp: number;
  /** The window of the limit above. Default 10 minutes. */
  verifyWindowMs: number;
  /** Codes per email per window. Default 5. */
  maxPerEmail: number;
  /** Codes requested by one IP per window. Default 20. */
  maxPerIp: number;
  /** The window of the two limits above. Default 1 hour. */
  windowMs: number;
  /** How long a frame session lasts. Default 7 days. */
  sessionTtlMs: number;
}

export const DEFAULT_OTP_LIMITS: OtpLimits = {
  codeTtlMs: 10 * 60_000,
  maxAttempts: 5,
  resendIntervalMs: 60_000,
  maxResendIntervalMs: 15 * 60_000,
  maxVerifyFailuresPerIp: 30,
  verifyWindowMs: 10 * 60_000,
  maxPerEmail: 5,
  maxPerIp: 20,
  windowMs: 60 * 60_000,
  sessionTtlMs: 7 * 24 * 60 * 60_000,
};

/** Each refusal the API reports; the widget maps these to its message catalogue. */
export type OtpError = 'invalid_email' | 'resend_too_soon' | 'rate_limited' | 'invalid_code' | 'wrong_code' | 'expired_code' | 'too_many_attempts';

export type StartResult = { ok: true; email: string; code: string; attempt: string; resendAfterS: number } | { ok: false; error: OtpError; retryAfterS?: number };
export type VerifyResult =
  | { ok: true; user: UserRecord; sessionToken: string; created: boolean }
  | { ok: false; error: OtpError; attemptsLeft?: number };

const emailSchema = z.email();
const CODE = /^\d{6}$/;

/** Lower-cased and trimmed, or undefined when it is not an email address (RFC 5321 caps the length at 254). */
export function normalizeEmail(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && emailSchema.safeParse(email).success ? email : undefined;
}

export const sessionId = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** Where a login code is kept: per address and per attempt (only a digest of the attempt id is stored). */
const loginKey = (email: string, attempt: string): string => `${email}\n${sessionId(attempt)}`;
/** Most IPs whose failed checks are counted at once; the oldest window is forgotten first. */

export interface OtpServiceOptions {
  store: FrameStore;
  /** The master key (wallets are sealed under it). */
  masterKey: Buffer;
  /** Keys the code hashes (derived from the master key). */
  codeKey: Buffer;
  limits?: Partial<OtpLimits>;
  now?: () => number;
}

export class OtpService {
  readonly limits: OtpLimits;
  private readonly now: () => number;

  constructor(private readonly options: OtpServiceOptions) {
    this.limits = { ...DEFAULT_OTP_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
  }

  private hash(email: string, code: string): string {
    return createHmac('sha256', this.options.codeKey).update(`${email}\n${code}`).digest('base64url');
  }

  /**
   * Makes and stores a new code for `rawEmail`, bound to a new attempt id; the caller mails `code` and gives
   * `attempt` to the requesting browser only. A check without that attempt finds no code (and spends no guess),
   * so others cannot lock the visitor out; an earlier attempt's code stays valid until it expires.
   */
  async start(rawEmail: unknown, ip: string): Promise<StartResult> {
    const email = normalizeEmail(rawEmail);
    if (!email) return { ok: false, error: 'invalid_email' };
    const attempt = randomBytes(18).toString('base64url');
    const issued = await this.issue(loginKey(email, attempt), email, ip, true);
    return issued.ok ? { ok: true, email, code: issued.code, attempt, resendAfterS: issued.resendAfterS } : issued;
  }

  /** Whether `ip` may check a code now (under its failure limit, counted across instances). */
  async verifyAllowed(ip: string): Promise<boolean> {
    return (await this.options.store.failuresSince(ip, this.now() - this.limits.verifyWindowMs)) < this.limits.maxVerifyFailuresPerIp;
  }

  /** Counts a failed check from `ip`. */
  async noteFailure(ip: string): Promise<void> {
    await this.options.store.addFailure(ip, this.now());
  }

  /** The wait before the next code to an address that was sent `sent` codes in the window: doubling, bounded. */
  resendIntervalAfter(sent: number): number {
    return Math.min(this.limits.maxResendIntervalMs, this.limits.resendIntervalMs * 2 ** Math.max(0, Math.min(30, sent - 1)));
  }

  /**
   * A new code stored under `key` (replacing any earlier one) for mailing to `to`, within the send limits of
   * `to` and `ip`. Each purpose and attempt has its own key. `byAddress`: the resend interval runs from the last
   * code to `to` of any purpose and doubles with each (login, capture); else from this key's last code.
   */
  async issue(key: string, to: string, ip: string, byAddress = key === to): Promise<{ ok: true; code: string; resendAfterS: number } | { ok: false; error: OtpError; retryAfterS?: number }> {
    const { store } = this.options;
    const now = this.now();
    const stats = await store.sendStats(to, ip, now - this.limits.windowMs);
    // The resend interval is per purpose: a login code does not hold back an email-change code just after it
    // (the per-address and per-IP counts are shared by all purposes). For codes anyone may ask for (`byAddress`:
    // login, the sign-in backend's capture) it doubles with each code the address was sent in the window.
    const last = byAddress ? stats.lastToEmail : (await store.getCode(key))?.createdAt;
    const interval = byAddress ? this.resendIntervalAfter(stats.toEmail) : this.limits.resendIntervalMs;
    if (last !== undefined && now - last < interval) {
      return { ok: false, error: 'resend_too_soon', retryAfterS: Math.ceil((last + interval - now) / 1000) };
    }
    if (stats.toEmail >= this.limits.maxPerEmail || stats.fromIp >= this.limits.maxPerIp) return { ok: false, error: 'rate_limited' };
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await store.putCode({ email: key, codeHash: this.hash(key, code), createdAt: now, expiresAt: now + this.limits.codeTtlMs, attempts: 0 });
    await store.addSend(to, ip, now);
    return { ok: true, code, resendAfterS: Math.ceil((byAddress ? this.resendIntervalAfter(stats.toEmail + 1) : this.limits.resendIntervalMs) / 1000) };
  }

  /** Checks `code` against the one stored under `key`; on success voids it. Each refusal as for login codes. */
  async check(key: string, code: unknown): Promise<{ ok: true } | { ok: false; error: OtpError; attemptsLeft?: number }> {
    if (typeof code !== 'string' || !CODE.test(code)) return { ok: false, error: 'invalid_code' };
    const { store } = this.options;
    const record = await store.getCode(key);
    if (!record) return { ok: false, error: 'expired_code' };
    if (record.expiresAt <= this.now()) {
      await store.deleteCode(key);
      return { ok: false, error: 'expired_code' };
    }
    if (record.attempts >= this.limits.maxAttempts) return { ok: false, error: 'too_many_attempts' };
    const expected = Buffer.from(record.codeHash);
    const given = Buffer.from(this.hash(key, code));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      const attempts = await store.addAttempt(key);
      const attemptsLeft = this.limits.maxAttempts - attempts;
      // The spent code stays, so even the right code is refused now; only a new code (a resend) helps.
      if (attemptsLeft <= 0) return { ok: false, error: 'too_many_attempts' };
      return { ok: false, error: 'wrong_code', attemptsLeft };
    }
    // Another instance may be checking the same code right now: only the one that removes it succeeds.
    if (!(await store.spendCode(key, record.codeHash, this.now()))) return { ok: false, error: 'expired_code' };
    return { ok: true };
  }

  /**
   * Checks `code` for the `attempt` that asked for it (none or another: no such code); on success voids it, makes
   * the user and wallet on a first login, and opens a session bound to `frameKey` (the frame's public key). An IP
   * past its failure limit is refused.
   */
  async verify(rawEmail: unknown, code: unknown, attempt: unknown, ip: string, frameKey?: string): Promise<VerifyResult> {
    if (!(await this.verifyAllowed(ip))) return { ok: false, error: 'rate_limited' };
    const email = normalizeEmail(rawEmail);
    if (!email) return { ok: false, error: 'invalid_email' };
    const checked = typeof attempt === 'string' && attempt.length > 0 && attempt.length <= 64 ? await this.check(loginKey(email, attempt), code) : typeof code === 'string' && CODE.test(code) ? ({ ok: false, error: 'expired_code' } as const) : ({ ok: false, error: 'invalid_code' } as const);
    if (!checked.ok) {
      if (checked.error !== 'invalid_code') await this.noteFailure(ip);
      return checked;
    }
    const { store, masterKey } = this.options;
    const now = this.now();
    let user = await store.getUserByEmail(email);
    const created = !user;
    if (!user) {
      const id = randomUUID();
      user = await store.addUser({ id, email, createdAt: now, ...generateWallet(masterKey, id) });
    }
    return { ok: true, user, sessionToken: await this.openSession(user.id, frameKey), created };
  }

  /**
   * A new session for `userId` (after a verified code or a social login); returns the cookie's token. With
   * `frameKey` (the frame's public key) the token carries it, so the session id, a hash of the token, is bound to it.
   */
  async openSession(userId: string, frameKey?: string): Promise<string> {
    const now = this.now();
    const random = randomBytes(32).toString('base64url');
    const sessionToken = frameKey ? `${random}.${frameKey}` : random;
    await this.options.store.addSession({ id: sessionId(sessionToken), userId, createdAt: now, expiresAt: now + this.limits.sessionTtlMs });
    return sessionToken;
  }

  /** The user of a live session token, or undefined. */
  async sessionUser(token: string | undefined): Promise<UserRecord | undefined> {
    if (!token) return undefined;
    const session = await this.options.store.getSession(sessionId(token));
    if (!session || session.expiresAt <= this.now()) return undefined;
    return this.options.store.getUser(session.userId);
  }

  async signOut(token: string | undefined): Promise<void> {
    if (token) await this.options.store.deleteSession(sessionId(token));
  }
}
