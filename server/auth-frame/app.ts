/**
 * The secure service as a hono app: the email-code API the frame calls, and the frame itself. It
 * runs on its own origin; the widget embeds `/frame` and talks to it only by postMessage. The API answers
 * only same-origin requests (the frame's own): no CORS headers, and every POST must carry this origin.
 */
import { clientIpOf } from '../service/client-ip.js';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { hostAllowlist } from '../host-check.js';
import { mountEmailUpdate } from './email-update.js';
import { mountKeyExport } from './key-export.js';
import type { Mailer } from './mail.js';
import { frameAncestors, mountFramePage } from './frame-page.js';
import { OtpService, sessionId, type OtpError, type OtpLimits } from './otp.js';
import { NO_NETWORKS, type FrameNetworks } from './networks.js';
import { SignError, SigningDesk } from './signing.js';
import { mountSmartAccountRoutes } from './smart-account.js';
import type { FrameStore, UserRecord } from './store.js';
import { deriveKey } from './keys.js';
import { SocialService, type SocialProviders } from './social.js';
import { mountSocialRoutes } from './social-routes.js';
import { mountFarcasterRoutes } from './farcaster-routes.js';
import { farcasterVerifier } from '../farcaster-relay/verify.js';
import { KEY_HEADER, PROOF_HEADER, ProofChecker, requestKey } from './proof.js';

export interface AuthFrameAppOptions {
  /** The service's own URL (its origin is the widget's `auth-url`); a function when the port is known late. */
  publicUrl: string | (() => string);
  /** Site origins allowed to embed the frame (`frame-ancestors`); a function when they are known late. */
  allowedOrigins: readonly string[] | (() => readonly string[]);
  store: FrameStore;
  masterKey: Buffer;
  codeKey: Buffer;
  mailer: Mailer;
  /** The chains the frame signs for (names, RPC URLs); a function when they are known late. None: messages only. */
  networks?: FrameNetworks | (() => FrameNetworks);
  limits?: Partial<OtpLimits>;
  /** Social login providers (name → issuer or endpoints, client id and secret, scopes); none: no social login. */
  socialProviders?: SocialProviders | (() => SocialProviders);
  /** Sign In With Farcaster: the auth relay and an RPC reaching the IdRegistry (Optimism; the local chain here). */
  farcaster?: { relayUrl: string; rpcUrl: string };
  /**
   * How many reverse proxies in front of the service append to `X-Forwarded-For` (the per-IP limits then count the
   * address the outermost of them saw). 0 (default): the header is ignored, as anyone can send it, and the socket's
   * address counts.
   */
  trustedProxies?: number;
  /** The Host header values answered (server/host-check.ts); others get 421. None: any (behind a proxy that checks). */
  allowedHosts?: () => readonly string[];
  now?: () => number;
  log?: (line: string) => void;
}

const STATUS: Record<OtpError, 400 | 401 | 429> = {
  invalid_email: 400,
  invalid_code: 400,
  wrong_code: 401,
  expired_code: 401,
  resend_too_soon: 429,
  rate_limited: 429,
  too_many_attempts: 429,
};

export const COOKIE = 'wcm_frame';
/** Names the email-code attempt this browser started: only guesses carrying it count against its code. */
export const ATTEMPT_COOKIE = 'wcm_attempt';
/** Largest JSON body the API reads; signing requests (transactions, typed data) may be larger. */
export const BODY_LIMIT = 64 * 1024;
export const SIGN_BODY_LIMIT = 512 * 1024;

export interface PublicUser {
  /** Absent for a social login whose provider gave no email. */
  email?: string;
  /** The provider's name for a social login (docs/specification.md#data `socialProvider`). */
  socialProvider?: string;
  address: string;
  accounts: { namespace: 'eip155' | 'solana'; address: string; type: 'eoa' }[];
}

/** What the frame tells the widget about the signed-in user (docs/wire-formats.md#secure-frame GET_USER, reduced). */
export function publicUser(user: UserRecord): PublicUser {
  return {
    ...(user.email !== undefined ? { email: user.email } : {}),
    ...(user.socialProvider !== undefined ? { socialProvider: user.socialProvider } : {}),
    address: user.evmAddress,
    accounts: [
      { namespace: 'eip155', address: user.evmAddress, type: 'eoa' },
      { namespace: 'solana', address: user.solanaAddress, type: 'eoa' },
    ],
  };
}

const resolve = <T>(value: T | (() => T)): T => (typeof value === 'function' ? (value as () => T)() : value);

export function createAuthFrameApp(options: AuthFrameAppOptions): { app: Hono; otp: OtpService } {
  const { store, mailer, log = (line: string) => console.warn(`[auth-frame] ${line}`) } = options;
  const otp = new OtpService({ store, masterKey: options.masterKey, codeKey: options.codeKey, ...(options.limits ? { limits: options.limits } : {}), ...(options.now ? { now: options.now } : {}) });
  const origin = (): string => new URL(resolve(options.publicUrl)).origin;
  const secure = (): boolean => origin().startsWith('https:');
  const app = new Hono();
  const clientIp = (c: Context): string => clientIpOf(c, options.trustedProxies);

  if (options.allowedHosts) app.use('*', hostAllowlist(options.allowedHosts));
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Cache-Control', 'no-store');
    c.res.headers.set('Referrer-Policy', 'no-referrer');
    if (!c.res.headers.has('Content-Security-Policy')) {
      c.res.headers.set('Content-Security-Policy', `default-src 'none'; base-uri 'none'; form-action 'none'; ${frameAncestors(resolve(options.allowedOrigins))}`);
    }
  });

  // Only the frame (this origin) may call the API: a host page's form or fetch carries its own Origin.
  app.use('/api/*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.header('origin') !== origin()) return c.json({ error: 'forbidden_origin' }, 403);
    await next();
  });
  // Bodies are refused past the limit before they are read (by Content-Length, or while streaming).
  const tooLarge = bodyLimit({ maxSize: BODY_LIMIT, onError: (c) => c.json({ error: 'payload_too_large' }, 413) });
  const signTooLarge = bodyLimit({ maxSize: SIGN_BODY_LIMIT, onError: (c) => c.json({ error: 'payload_too_large' }, 413) });
  app.use('/api/*', (c, next) => (c.req.path.startsWith('/api/sign-requests') ? signTooLarge(c, next) : tooLarge(c, next)));

  // The cookie alone is no session: the request must also be signed by the key the frame bound to it (proof.ts).
  const proofs = new ProofChecker(store, options.now, async (token) => (await otp.sessionUser(token)) !== undefined);
  const proven = new WeakMap<Request, string>();
  app.use('/api/*', async (c, next) => {
    const token = getCookie(c, secure() ? `__Host-${COOKIE}` : COOKIE);
    const proof = c.req.header(PROOF_HEADER);
    if (token && proof) {
      const url = new URL(c.req.url);
      const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? '' : await c.req.text();
      if (await proofs.check(token, proof, c.req.method, url.pathname + url.search, body)) proven.set(c.req.raw, token);
    }
    await next();
  });
  const frameKey = (c: Context): string | undefined => requestKey(c.req.header(KEY_HEADER));

  const readJson = async (c: Context): Promise<Record<string, unknown>> => {
    try {
      const body: unknown = await c.req.json();
      return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };

  const sessionCookie = (c: Context, token: string, maxAgeS: number): void => {
    // Over https the frame is a third-party context: a partitioned cookie (CHIPS), keyed to the embedding
    // site. On http://127.0.0.1 the frame and the page are the same site, so a first-party cookie works.
    if (secure()) {
      setCookie(c, `__Host-${COOKIE}`, token, { path: '/', httpOnly: true, secure: true, sameSite: 'None', partitioned: true, maxAge: maxAgeS });
    } else {
      setCookie(c, COOKIE, token, { path: '/', httpOnly: true, sameSite: 'Strict', maxAge: maxAgeS });
    }
  };
  const sessionToken = (c: Context): string | undefined => proven.get(c.req.raw);
  // The attempt cookie: set with a code, sent back by the same browser's verify, as the session cookie is.
  // It lapses with its code; once the code is used the attempt names nothing.
  const attemptCookie = (c: Context, attempt: string): void => {
    const name = secure() ? `__Host-${ATTEMPT_COOKIE}` : ATTEMPT_COOKIE;
    if (secure()) setCookie(c, name, attempt, { path: '/', httpOnly: true, secure: true, sameSite: 'None', partitioned: true, maxAge: Math.ceil(otp.limits.codeTtlMs / 1000) });
    else setCookie(c, name, attempt, { path: '/', httpOnly: true, sameSite: 'Strict', maxAge: Math.ceil(otp.limits.codeTtlMs / 1000) });
  };

  app.post('/api/email/start', async (c) => {
    const body = await readJson(c);
    const result = await otp.start(body.email, clientIp(c));
    if (!result.ok) {
      if (result.retryAfterS !== undefined) c.header('Retry-After', String(result.retryAfterS));
      return c.json({ error: result.error, ...(result.retryAfterS !== undefined ? { retryAfterS: result.retryAfterS } : {}) }, STATUS[result.error]);
    }
    try {
      await mailer.sendCode(result.email, result.code);
    } catch (err) {
      log(`mailing a code failed: ${err instanceof Error ? err.message : String(err)}`);
      return c.json({ error: 'mail_failed' }, 502);
    }
    attemptCookie(c, result.attempt);
    return c.json({ email: result.email, resendAfterS: result.resendAfterS, expiresInS: Math.ceil(otp.limits.codeTtlMs / 1000) });
  });

  app.post('/api/email/verify', async (c) => {
    const body = await readJson(c);
    const key = frameKey(c);
    if (!key) return c.json({ error: 'key_required' }, 400);
    const result = await otp.verify(body.email, body.code, getCookie(c, secure() ? `__Host-${ATTEMPT_COOKIE}` : ATTEMPT_COOKIE), clientIp(c), key);
    if (!result.ok) return c.json({ error: result.error, ...(result.attemptsLeft !== undefined ? { attemptsLeft: result.attemptsLeft } : {}) }, STATUS[result.error]);
    sessionCookie(c, result.sessionToken, Math.floor(otp.limits.sessionTtlMs / 1000));
    return c.json(publicUser(result.user));
  });

  app.get('/api/session', async (c) => {
    const user = await otp.sessionUser(sessionToken(c));
    return user ? c.json(publicUser(user)) : c.json({ error: 'not_signed_in' }, 401);
  });

  app.post('/api/signout', async (c) => {
    await otp.signOut(sessionToken(c));
    if (secure()) deleteCookie(c, `__Host-${COOKIE}`, { path: '/', secure: true, partitioned: true });
    else deleteCookie(c, COOKIE, { path: '/' });
    return c.json({ ok: true });
  });

  mountEmailUpdate(app, { otp, store, mailer, sessionUser: (c) => otp.sessionUser(sessionToken(c)), clientIp, publicUser, log, ...(options.now ? { now: options.now } : {}) });
  mountKeyExport(app, { otp, masterKey: options.masterKey, mailer, sessionUser: (c) => otp.sessionUser(sessionToken(c)), clientIp, log });

  // Signing: filed by the frame, signed only by the call its Approve button makes (server/auth-frame/signing.ts).
  const desk = new SigningDesk(options.masterKey, () => resolve(options.networks ?? NO_NETWORKS), store, options.now, (userId) => store.getAccountType(userId));
  mountSmartAccountRoutes(app, { store, masterKey: options.masterKey, networks: () => resolve(options.networks ?? NO_NETWORKS), sessionUser: (c) => otp.sessionUser(sessionToken(c)) });
  const signed = async (c: Context, body: (token: string, user: UserRecord) => Promise<Response>): Promise<Response> => {
    const token = sessionToken(c);
    const user = await otp.sessionUser(token);
    if (!token || !user) return c.json({ error: { code: 4100, message: 'Not connected to email or social' } }, 401);
    try {
      return await body(token, user);
    } catch (err) {
      if (err instanceof SignError) return c.json({ error: { code: err.code, message: err.message } }, 400);
      throw err;
    }
  };
  app.post('/api/sign-requests', (c) =>
    signed(c, async (token, user) => {
      const body = await readJson(c);
      // The site the frame serves, when it is one the service allows (a permission is granted to it).
      const site = typeof body.site === 'string' && resolve(options.allowedOrigins).some((origin) => new URL(origin).origin === body.site) ? body.site : undefined;
      return c.json(await desk.file(sessionId(token), user, body.method, body.params, body.chainId, site));
    }),
  );
  app.post('/api/sign-requests/:id/approve', (c) => signed(c, async (token, user) => c.json({ result: await desk.approve(c.req.param('id'), sessionId(token), user) })));
  app.post('/api/sign-requests/:id/reject', (c) =>
    signed(c, async (token) => {
      await desk.reject(c.req.param('id'), sessionId(token));
      return c.json({ ok: true });
    }),
  );

  const social = new SocialService({ providers: options.socialProviders ?? {}, store, masterKey: options.masterKey, flowKey: deriveKey(options.masterKey, 'social-flow'), ...(options.now ? { now: options.now } : {}) });
  mountSocialRoutes(app, {
    social,
    origin,
    allowedOrigins: () => resolve(options.allowedOrigins),
    signIn: async (c, userId) => {
      const key = frameKey(c);
      if (key) sessionCookie(c, await otp.openSession(userId, key), Math.floor(otp.limits.sessionTtlMs / 1000));
    },
    publicUser,
    log,
  });

  if (options.farcaster) {
    mountFarcasterRoutes(app, {
      relayUrl: options.farcaster.relayUrl,
      verifier: farcasterVerifier(options.farcaster),
      store,
      masterKey: options.masterKey,
      origin,
      signIn: async (c, userId) => {
      const key = frameKey(c);
      if (key) sessionCookie(c, await otp.openSession(userId, key), Math.floor(otp.limits.sessionTtlMs / 1000));
    },
      publicUser,
      log,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  mountFramePage(app, () => resolve(options.allowedOrigins));

  app.notFound((c) => c.json({ error: 'not_found' }, 404));
  app.onError((err, c) => {
    log(`request failed: ${err instanceof Error ? err.stack : String(err)}`);
    return c.json({ error: 'server_error' }, 500);
  });
  return { app, otp };
}
