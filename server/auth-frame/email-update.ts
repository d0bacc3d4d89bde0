/**
 * Changing a signed-in user's email (UpdateEmailWallet; docs/wire-formats.md#secure-frame UPDATE_EMAIL,
 * UPDATE_EMAIL_PRIMARY_OTP, UPDATE_EMAIL_SECONDARY_OTP, AWAIT_UPDATE_EMAIL): a code to the CURRENT address,
 * then a code to the NEW address, then the change takes effect. The user, the wallet (keys, addresses) and the
 * session stay; only the email moves. Codes obey the login codes' limits and refusals (server/auth-frame/otp.ts),
 * counted per receiving address and per IP; a new email that belongs to another user is refused at each step.
 */
import type { Context, Hono } from 'hono';
import type { Mailer } from './mail.js';
import { normalizeEmail, type OtpError, type OtpService } from './otp.js';
import type { EmailUpdateRecord, FrameStore, UserRecord } from './store.js';

/** The refusals beyond the login codes' own (OtpError). */
/** `no_email`: a social or Farcaster login without an email has no current address to confirm the change with. */
export type EmailUpdateError = OtpError | 'not_signed_in' | 'no_email' | 'same_email' | 'email_taken' | 'no_update';

const STATUS: Record<EmailUpdateError, 400 | 401 | 409 | 429> = {
  invalid_email: 400,
  invalid_code: 400,
  same_email: 400,
  no_email: 409,
  wrong_code: 401,
  expired_code: 401,
  not_signed_in: 401,
  email_taken: 409,
  no_update: 409,
  resend_too_soon: 429,
  rate_limited: 429,
  too_many_attempts: 429,
};

export interface EmailUpdateDeps {
  otp: OtpService;
  store: FrameStore;
  mailer: Mailer;
  /** The signed-in user of the request, or undefined. */
  sessionUser(c: Context): Promise<UserRecord | undefined>;
  clientIp(c: Context): string;
  /** What the frame tells the widget about a user (app.ts publicUser). */
  publicUser(user: UserRecord): unknown;
  now?: () => number;
  log(line: string): void;
}

const currentKey = (userId: string): string => `update-current:${userId}`;
const newKey = (userId: string): string => `update-new:${userId}`;

/** What `GET /api/email/update` answers; the widget polls it every second until `status` is `done`. */
export function updateStatus(user: UserRecord, update: EmailUpdateRecord | undefined): { status: 'none' | EmailUpdateRecord['stage']; email: string | undefined; newEmail?: string } {
  return update ? { status: update.stage, email: user.email, newEmail: update.newEmail } : { status: 'none', email: user.email };
}

/** Mounts POST /api/email/update/start, …/verify-current, …/verify-new and GET /api/email/update (the status). */
export function mountEmailUpdate(app: Hono, deps: EmailUpdateDeps): void {
  const { otp, store, mailer } = deps;
  const now = deps.now ?? Date.now;
  const refuse = (c: Context, error: EmailUpdateError, extra: { retryAfterS?: number; attemptsLeft?: number } = {}): Response => {
    if (extra.retryAfterS !== undefined) c.header('Retry-After', String(extra.retryAfterS));
    return c.json({ error, ...extra }, STATUS[error]);
  };
  const body = async (c: Context): Promise<Record<string, unknown>> => {
    const json: unknown = await c.req.json().catch(() => ({}));
    return json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
  };
  const mail = async (c: Context, to: string, code: string, purpose: 'update-current' | 'update-new'): Promise<Response | undefined> => {
    try {
      await mailer.sendCode(to, code, purpose);
      return undefined;
    } catch (err) {
      deps.log(`mailing an email-change code failed: ${err instanceof Error ? err.message : String(err)}`);
      return c.json({ error: 'mail_failed' }, 502);
    }
  };
  const codeTimes = (resendAfterS: number) => ({ resendAfterS, expiresInS: Math.ceil(otp.limits.codeTtlMs / 1000) });
  const takenByOther = async (user: UserRecord, email: string): Promise<boolean> => {
    const holder = await store.getUserByEmail(email);
    return holder !== undefined && holder.id !== user.id;
  };

  app.post('/api/email/update/start', async (c) => {
    const user = await deps.sessionUser(c);
    if (!user) return refuse(c, 'not_signed_in');
    const email = user.email;
    if (!email) return refuse(c, 'no_email');
    const newEmail = normalizeEmail((await body(c)).email);
    if (!newEmail) return refuse(c, 'invalid_email');
    if (newEmail === email) return refuse(c, 'same_email');
    if (await takenByOther(user, newEmail)) return refuse(c, 'email_taken');
    const issued = await otp.issue(currentKey(user.id), email, deps.clientIp(c));
    if (!issued.ok) return refuse(c, issued.error, issued.retryAfterS !== undefined ? { retryAfterS: issued.retryAfterS } : {});
    await store.deleteCode(newKey(user.id));
    await store.putEmailUpdate({ userId: user.id, fromEmail: email, newEmail, stage: 'verify_current', expiresAt: now() + otp.limits.codeTtlMs });
    return (await mail(c, email, issued.code, 'update-current')) ?? c.json({ action: 'VERIFY_PRIMARY_OTP', email: email, newEmail, ...codeTimes(issued.resendAfterS) });
  });

  app.post('/api/email/update/verify-current', async (c) => {
    const user = await deps.sessionUser(c);
    if (!user) return refuse(c, 'not_signed_in');
    const update = await store.getEmailUpdate(user.id);
    if (update?.stage !== 'verify_current') return refuse(c, 'no_update');
    const checked = await otp.check(currentKey(user.id), (await body(c)).code);
    if (!checked.ok) return refuse(c, checked.error, checked.attemptsLeft !== undefined ? { attemptsLeft: checked.attemptsLeft } : {});
    if (await takenByOther(user, update.newEmail)) return refuse(c, 'email_taken');
    // The current address is proven from here on; a refused send (limits of the new address) is reported and
    // the change starts over from its first code.
    const issued = await otp.issue(newKey(user.id), update.newEmail, deps.clientIp(c));
    if (!issued.ok) return refuse(c, issued.error, issued.retryAfterS !== undefined ? { retryAfterS: issued.retryAfterS } : {});
    await store.putEmailUpdate({ ...update, stage: 'verify_new', expiresAt: now() + otp.limits.codeTtlMs });
    return (await mail(c, update.newEmail, issued.code, 'update-new')) ?? c.json({ action: 'VERIFY_SECONDARY_OTP', email: update.newEmail, ...codeTimes(issued.resendAfterS) });
  });

  app.post('/api/email/update/verify-new', async (c) => {
    const user = await deps.sessionUser(c);
    if (!user) return refuse(c, 'not_signed_in');
    const update = await store.getEmailUpdate(user.id);
    if (update?.stage !== 'verify_new') return refuse(c, 'no_update');
    const checked = await otp.check(newKey(user.id), (await body(c)).code);
    if (!checked.ok) return refuse(c, checked.error, checked.attemptsLeft !== undefined ? { attemptsLeft: checked.attemptsLeft } : {});
    if (!(await store.setUserEmail(user.id, update.newEmail))) return refuse(c, 'email_taken');
    // Kept (as done) for the status poll until it expires.
    await store.putEmailUpdate({ ...update, stage: 'done', expiresAt: now() + otp.limits.codeTtlMs });
    const moved = await store.getUser(user.id);
    return c.json(deps.publicUser(moved ?? { ...user, email: update.newEmail }));
  });

  app.get('/api/email/update', async (c) => {
    const user = await deps.sessionUser(c);
    if (!user) return refuse(c, 'not_signed_in');
    return c.json(updateStatus(user, await store.getEmailUpdate(user.id)));
  });
}
