/**
 * The visitor exports their own wallet's private keys (EVM and Solana), shown only inside the secure frame.
 *
 * Two steps, both on a live session: `/api/keys/export/start` mails a code to the user's current email (a
 * purpose of its own: a login code or an email-change code does not open it, nor this code those), and
 * `/api/keys/export/reveal` with that fresh code answers the keys once. The codes obey the login codes' limits
 * (per address and per IP mailing rate, resend interval, a few guesses each, 10 minutes, single use), so every
 * export costs a mailed code. A user without an email (a social or Farcaster login whose provider gave none) is
 * refused with `no_email`: there is no second factor to re-verify with, and a provider's popup would often sign
 * in silently, proving nothing more than the session already does.
 *
 * Each step is written to the log (user id, address, IP, outcome), never the keys or the code.
 */
import type { Context, Hono } from 'hono';
import { keyContext, unseal } from './keys.js';
import type { Mailer } from './mail.js';
import type { OtpError, OtpService } from './otp.js';
import type { UserRecord } from './store.js';

export type KeyExportError = OtpError | 'not_signed_in' | 'no_email';

const STATUS: Record<KeyExportError, 400 | 401 | 409 | 429> = {
  invalid_email: 400,
  invalid_code: 400,
  wrong_code: 401,
  expired_code: 401,
  not_signed_in: 401,
  no_email: 409,
  resend_too_soon: 429,
  rate_limited: 429,
  too_many_attempts: 429,
};

export interface KeyExportDeps {
  otp: OtpService;
  masterKey: Buffer;
  mailer: Mailer;
  sessionUser(c: Context): Promise<UserRecord | undefined>;
  clientIp(c: Context): string;
  log(line: string): void;
}

/** What `/api/keys/export/reveal` answers. */
export interface ExportedKeys {
  evm: { address: string; privateKey: string };
  /** `secretKey`: the 64-byte keypair in base58 (what Phantom and Solflare import); `bytes`: the same as the Solana CLI's JSON array. */
  solana: { address: string; secretKey: string; bytes: number[] };
}

const exportKey = (userId: string): string => `export:${userId}`;

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 (Bitcoin alphabet), as Solana wallets write secret keys. */
export function base58(bytes: Uint8Array): string {
  const digits: number[] = [];
  for (const byte of bytes) {
    let carry = byte;
    for (let i = 0; i < digits.length; i += 1) {
      carry += digits[i]! << 8;
      digits[i] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = Math.floor(carry / 58);
    }
  }
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros += 1;
  return '1'.repeat(zeros) + digits.reverse().map((digit) => ALPHABET[digit]).join('');
}

/** Mounts POST /api/keys/export/start and POST /api/keys/export/reveal. */
export function mountKeyExport(app: Hono, deps: KeyExportDeps): void {
  const { otp } = deps;
  const refuse = (c: Context, error: KeyExportError, extra: { retryAfterS?: number; attemptsLeft?: number } = {}): Response => {
    if (extra.retryAfterS !== undefined) c.header('Retry-After', String(extra.retryAfterS));
    return c.json({ error, ...extra }, STATUS[error]);
  };
  const audit = (c: Context, user: UserRecord | undefined, what: string): void =>
    deps.log(`key export: ${what}; user ${user ? `${user.id} (${user.evmAddress})` : 'none'}, ip ${deps.clientIp(c)}`);

  app.post('/api/keys/export/start', async (c) => {
    const user = await deps.sessionUser(c);
    if (!user) return refuse(c, 'not_signed_in');
    if (!user.email) {
      audit(c, user, 'refused: no_email');
      return refuse(c, 'no_email');
    }
    const issued = await otp.issue(exportKey(user.id), user.email, deps.clientIp(c));
    if (!issued.ok) {
      audit(c, user, `code refused: ${issued.error}`);
      return refuse(c, issued.error, issued.retryAfterS !== undefined ? { retryAfterS: issued.retryAfterS } : {});
    }
    try {
      await deps.mailer.sendCode(user.email, issued.code, 'export');
    } catch (err) {
      deps.log(`mailing a key export code failed: ${err instanceof Error ? err.message : String(err)}`);
      return c.json({ error: 'mail_failed' }, 502);
    }
    audit(c, user, 'code mailed');
    return c.json({ email: user.email, resendAfterS: Math.ceil(otp.limits.resendIntervalMs / 1000), expiresInS: Math.ceil(otp.limits.codeTtlMs / 1000) });
  });

  app.post('/api/keys/export/reveal', async (c) => {
    const user = await deps.sessionUser(c);
    if (!user) return refuse(c, 'not_signed_in');
    const body: unknown = await c.req.json().catch(() => ({}));
    const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
    const checked = await otp.check(exportKey(user.id), code);
    if (!checked.ok) {
      audit(c, user, `refused: ${checked.error}`);
      return refuse(c, checked.error, checked.attemptsLeft !== undefined ? { attemptsLeft: checked.attemptsLeft } : {});
    }
    const evm = unseal(deps.masterKey, user.evmKeySealed, keyContext(user.id, 'evm'));
    const solana = unseal(deps.masterKey, user.solanaKeySealed, keyContext(user.id, 'solana'));
    const keys: ExportedKeys = {
      evm: { address: user.evmAddress, privateKey: `0x${evm.toString('hex')}` },
      solana: { address: user.solanaAddress, secretKey: base58(solana), bytes: [...solana] },
    };
    evm.fill(0);
    solana.fill(0);
    audit(c, user, 'keys shown');
    return c.json(keys);
  });
}
