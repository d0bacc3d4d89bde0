/**
 * Email capture for the sign-in backend (DataCapture; docs/wire-formats.md#sign-in `POST otp` / `PUT otp` /
 * `x-otp`, §5.4 "OTP is required"). When configured, a sign-in needs an email confirmed by a code mailed by
 * this backend, and the signed message must carry `email:<that address>` in its resources.
 *
 * The codes are the secure service's own (server/auth-frame/otp.ts: random, stored as a keyed hash, single-use,
 * 10 minutes, 5 guesses, one a minute and 5 an hour per address), mailed through the same SMTP as its login
 * codes. The backend mails its own code rather than trusting the secure service: it runs on the site's origin
 * and cannot read the frame's session, and a site without embedded wallets (extension wallets only) needs it too.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Mailer } from '../auth-frame/mail.js';
import { normalizeEmail, OtpService, type OtpError, type OtpLimits } from '../auth-frame/otp.js';
import { SqlFrameStore } from '../auth-frame/store.js';

export interface EmailCaptureOptions {
  /** Sends the codes (server/auth-frame/mail.ts `createMailer(smtpUrl, from)`). */
  mailer: Mailer;
  /** The code limits (server/auth-frame/otp.ts), per address and per requesting IP. */
  limits?: Partial<OtpLimits>;
  /** Where codes are kept: SQLite file, ':memory:' by default. */
  dbPath?: string;
}

/** A capture: an email a code was mailed to, confirmed once the code came back, used by one sign-in. */
interface Capture {
  email: string;
  confirmed: boolean;
  expiresAt: number;
}

const STATUS: Record<OtpError | 'unknown_otp', 400 | 401 | 429> = {
  invalid_email: 400,
  invalid_code: 400,
  unknown_otp: 400,
  wrong_code: 401,
  expired_code: 401,
  resend_too_soon: 429,
  rate_limited: 429,
  too_many_attempts: 429,
};

export interface EmailCapture {
  /**
   * Answers `GET email-capture`, `POST otp` and `PUT otp`; undefined for any other action. `clientIp`: the
   * requester's address, for the per-IP limits on sends and on failed checks.
   */
  handle(action: string, request: Request, clientIp: string): Promise<Response | undefined>;
  /** The confirmed email the `otp` uuid names, or undefined. */
  confirmedEmail(otp: unknown): string | undefined;
  /** Spends a capture after the sign-in it allowed. */
  use(otp: string): void;
  close(): Promise<void>;
}

/** Confirmed captures stay usable this long (the time to sign the message). */
const CONFIRMED_TTL_MS = 10 * 60_000;
/** Most captures kept at once; past it the oldest is dropped (sends are limited per IP and address anyway). */
const MAX_CAPTURES = 10_000;

export async function createEmailCapture(options: EmailCaptureOptions, now: () => number): Promise<EmailCapture> {
  const store = await SqlFrameStore.open(options.dbPath ?? ':memory:', now);
  const limits = { ...options.limits };
  // The master key is for wallets, which this use never makes: a throwaway one.
  const otp = new OtpService({ store, masterKey: randomBytes(32), codeKey: randomBytes(32), limits, now });
  // Captures live in memory: one backend instance (a restart asks for a new code).
  const captures = new Map<string, Capture>();
  const live = (uuid: unknown): Capture | undefined => {
    const capture = typeof uuid === 'string' ? captures.get(uuid) : undefined;
    if (capture && capture.expiresAt <= now()) captures.delete(uuid as string);
    return capture && capture.expiresAt > now() ? capture : undefined;
  };
  const fields = async (request: Request): Promise<Record<string, unknown>> => {
    const type = request.headers.get('content-type') ?? '';
    try {
      if (type.includes('application/json')) return ((await request.json()) as Record<string, unknown>) ?? {};
      return Object.fromEntries(new URLSearchParams(await request.text()));
    } catch {
      return {};
    }
  };
  const refuse = (error: OtpError | 'unknown_otp', extra: { retryAfterS?: number; attemptsLeft?: number } = {}): Response =>
    Response.json({ error, ...extra }, { status: STATUS[error], headers: extra.retryAfterS !== undefined ? { 'retry-after': String(extra.retryAfterS) } : {} });

  return {
    async handle(action, request, clientIp) {
      if (action === 'email-capture' && request.method === 'GET') return Response.json({ required: true });
      if (action !== 'otp') return undefined;
      if (request.method === 'POST') {
        const email = normalizeEmail((await fields(request)).email);
        if (!email) return refuse('invalid_email');
        const uuid = randomUUID();
        // The code is kept per capture: only a check naming this uuid (x-otp) can spend its guesses.
        const issued = await otp.issue(`capture:${email}:${uuid}`, email, clientIp, true);
        if (!issued.ok) return refuse(issued.error, issued.retryAfterS !== undefined ? { retryAfterS: issued.retryAfterS } : {});
        for (const [key, capture] of captures) if (capture.expiresAt <= now() || captures.size >= MAX_CAPTURES) captures.delete(key);
        captures.set(uuid, { email, confirmed: false, expiresAt: now() + otp.limits.codeTtlMs });
        try {
          await options.mailer.sendCode(email, issued.code, 'capture');
        } catch {
          captures.delete(uuid);
          return Response.json({ error: 'mail_failed' }, { status: 502 });
        }
        return Response.json({ uuid, email, resendAfterS: issued.resendAfterS, expiresInS: Math.ceil(otp.limits.codeTtlMs / 1000) });
      }
      if (request.method === 'PUT') {
        if (!(await otp.verifyAllowed(clientIp))) return refuse('rate_limited');
        const uuid = request.headers.get('x-otp');
        const capture = live(uuid);
        if (!capture || capture.confirmed) {
          await otp.noteFailure(clientIp);
          return refuse('unknown_otp');
        }
        const checked = await otp.check(`capture:${capture.email}:${uuid}`, (await fields(request)).code);
        if (!checked.ok) {
          if (checked.error !== 'invalid_code') await otp.noteFailure(clientIp);
          return refuse(checked.error, checked.attemptsLeft !== undefined ? { attemptsLeft: checked.attemptsLeft } : {});
        }
        captures.set(uuid!, { ...capture, confirmed: true, expiresAt: now() + CONFIRMED_TTL_MS });
        return Response.json({ email: capture.email });
      }
      return undefined;
    },
    confirmedEmail(uuid) {
      const capture = live(uuid);
      return capture?.confirmed ? capture.email : undefined;
    },
    use(uuid) {
      captures.delete(uuid);
    },
    close: () => store.close(),
  };
}
