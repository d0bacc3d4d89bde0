/**
 * The sign-in backend: the Auth.js REST API (`@auth/core`) under a base path, with one credentials
 * provider that verifies a signed sign-in message (EIP-4361 on EVM chains, CAIP-122 on Solana).
 *
 * The calls are Auth.js's own (docs/specification.md#calls "Auth library"): GET session, csrf, providers, signin, error;
 * POST signin/credentials, callback/credentials (message, signature, csrfToken), signout (csrfToken,
 * callbackUrl). There is no nonce endpoint: as with NextAuth's SIWE recipe, the nonce is the CSRF token
 * (`GET csrf`), so it is bound to the browser session by Auth.js's double-submit cookie. This wrapper makes it
 * single-use and expiring: a token already used for a sign-in, or older than `nonceTtlMs`, is replaced by a
 * fresh one on the next `GET csrf`.
 */
import { randomUUID } from 'node:crypto';
import { Auth, type AuthConfig } from '@auth/core';
import { CredentialsSignin } from '@auth/core/errors';
import Credentials from '@auth/core/providers/credentials';
import { SqlAuthStore, type AuthStore, type SessionRecord } from './store.js';
import { createEmailCapture, type EmailCaptureOptions } from './email-capture.js';
import { createVerifier, type AcceptedChain } from './verify.js';

export interface SignInBackendOptions {
  /**
   * The site's own URL: messages must name its host as `domain` and a URI on its origin. A function when the
   * port is known only once the site listens. Cookies are `Secure` when it is https.
   */
  site: string | (() => string);
  /** Default `/api/auth`. */
  basePath?: string;
  /** The chains sign-ins are accepted on; EVM ones with the RPC URL their signatures are checked through. */
  chains: readonly AcceptedChain[];
  /** Default: the SQL store at `database`. */
  store?: AuthStore;
  /**
   * The default store's database: a SQLite file path, `postgres://…` (several instances share it), or ':memory:'
   * (default; keeps nothing between runs).
   */
  database?: string;
  /** Signs the session cookie (a JWT naming the stored session). Default: one made once and kept in the store. */
  secret?: string;
  /** How long a nonce may be used after `GET csrf` handed it out. Default 10 minutes. */
  nonceTtlMs?: number;
  /** Longest session, in seconds (a message's Expiration Time shortens it). Default 24 hours. */
  sessionMaxAgeS?: number;
  /** Allowance for a client clock ahead of ours on Issued At. Default 60 s. */
  clockSkewMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
  /** One line per refused sign-in or other server-side problem. Default console.warn. */
  log?: (line: string) => void;
  /** Require an email confirmed by a mailed code for each sign-in (DataCapture; docs/sign-in.md). */
  emailCapture?: EmailCaptureOptions;
}

export interface SignInBackend {
  basePath: string;
  /**
   * Answers any request under `basePath` (GET or POST). `clientIp`: the requester's address (the socket's, or
   * the one a trusted proxy saw), for the email capture's per-IP limits; without it all requests share one count.
   * Bodies over `BODY_LIMIT` are refused (413) before they are parsed.
   */
  handle(request: Request, info?: { clientIp?: string }): Promise<Response>;
  store: AuthStore;
  close(): Promise<void>;
}

const DEFAULT_NONCE_TTL_MS = 10 * 60_000;
/** Largest body read: a sign-in message, its signature and the CSRF token are well under 16 KB. */
export const BODY_LIMIT = 64 * 1024;

const payloadTooLarge = (): Response => Response.json({ error: 'payload_too_large' }, { status: 413 });

/**
 * `request` with its body read into memory, or a 413 once the body passes `limit` bytes (by Content-Length, else
 * while reading, so a larger body is never kept whole).
 */
async function boundedRequest(request: Request, limit: number): Promise<Request | Response> {
  if (!request.body) return request;
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) return payloadTooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return payloadTooLarge();
    }
    chunks.push(value);
  }
  return new Request(request.url, { method: request.method, headers: request.headers, body: Buffer.concat(chunks) });
}
const DEFAULT_SESSION_MAX_AGE_S = 24 * 60 * 60;

/** What `GET session` answers for a signed-in browser (Auth.js's `{ user, expires }` plus the account). */
export interface SignInSession {
  user: { name: string };
  address: string;
  /** CAIP-2. */
  chainId: string;
  expires: string;
}

function withoutCookie(request: Request, name: string): Request {
  const headers = new Headers(request.headers);
  const kept = (headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part.split('=')[0] !== name);
  if (kept.length) headers.set('cookie', kept.join('; '));
  else headers.delete('cookie');
  return new Request(request.url, { method: request.method, headers });
}

export async function createSignInBackend(options: SignInBackendOptions): Promise<SignInBackend> {
  const basePath = (options.basePath ?? '/api/auth').replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.warn(line));
  const nonceTtlMs = options.nonceTtlMs ?? DEFAULT_NONCE_TTL_MS;
  const sessionMaxAgeS = options.sessionMaxAgeS ?? DEFAULT_SESSION_MAX_AGE_S;
  const siteOption = options.site;
  const site = (): URL => new URL(typeof siteOption === 'function' ? siteOption() : siteOption);
  const store = options.store ?? (await SqlAuthStore.open(options.database ?? ':memory:', { now }));
  const secret = options.secret ?? (await store.secret());
  const capture = options.emailCapture ? await createEmailCapture(options.emailCapture, now) : undefined;
  const verify = createVerifier({
    site,
    chains: options.chains,
    store,
    now,
    clockSkewMs: options.clockSkewMs ?? 60_000,
    ...(capture ? { confirmedEmail: (otp: unknown) => capture.confirmedEmail(otp) } : {}),
  });

  const liveSession = async (sid: unknown): Promise<SessionRecord | undefined> => {
    if (typeof sid !== 'string') return undefined;
    const row = await store.getSession(sid);
    return row && row.expiresAt > now() ? row : undefined;
  };

  // Built once the site's URL is known (its scheme decides the cookies), then kept.
  let built: { config: AuthConfig; csrfCookie: string; origin: string } | undefined;
  const configure = (): NonNullable<typeof built> => {
    const url = site();
    if (built?.origin === url.origin) return built;
    const secure = url.protocol === 'https:';
    const config: AuthConfig = {
      basePath,
      secret,
      trustHost: true,
      useSecureCookies: secure,
      session: { strategy: 'jwt', maxAge: sessionMaxAgeS },
      providers: [
        Credentials({
          id: 'credentials',
          name: 'your wallet',
          credentials: { message: { label: 'Message', type: 'text' }, signature: { label: 'Signature', type: 'text' } },
          async authorize(credentials) {
            const { data, message, signature } = await verify(credentials);
            const otp = (credentials as Record<string, unknown>).otp;
            if (capture && typeof otp === 'string') capture.use(otp);
            const createdAt = now();
            const expiresAt = Math.min(createdAt + sessionMaxAgeS * 1000, data.expirationTime ? Date.parse(data.expirationTime) : Infinity);
            const id = randomUUID();
            await store.addSession({ id, address: data.accountAddress, chainId: data.chainId, message, signature, createdAt, expiresAt });
            return { id, name: data.accountAddress };
          },
        }),
      ],
      callbacks: {
        // The JWT only names the stored session; a session deleted or expired server-side ends here (null
        // makes Auth.js clear the cookie and answer `null`).
        async jwt({ token, user }) {
          if (user) return { ...token, sid: user.id };
          return (await liveSession(token.sid)) ? token : null;
        },
        async session({ token }) {
          const row = await liveSession(token.sid);
          // jwt() has just checked it; a row gone in between reads as signed out.
          if (!row) return null as never;
          const session: SignInSession = { user: { name: row.address }, address: row.address, chainId: row.chainId, expires: new Date(row.expiresAt).toISOString() };
          return session as never;
        },
      },
      events: {
        async signOut(message) {
          const sid = 'token' in message ? message.token?.sid : undefined;
          if (typeof sid === 'string') await store.deleteSession(sid);
        },
      },
      logger: {
        error(error: Error) {
          if (error instanceof CredentialsSignin) log(`[auth] sign-in refused (${error.code}): ${error.message.split('. Read more')[0]}`);
          else log(`[auth] ${error.name}: ${error.message.split('. Read more')[0]}`);
        },
        warn(code: string) {
          log(`[auth] warning: ${code}`);
        },
        debug() {},
      },
    };
    built = { config, csrfCookie: secure ? '__Host-authjs.csrf-token' : 'authjs.csrf-token', origin: url.origin };
    return built;
  };

  /**
   * `GET csrf`, the nonce, recorded as issued. The browser's token is kept only while the store knows it as
   * unused and unexpired: a used or expired one, or one the store no longer knows (expired rows are pruned,
   * used ones with them), is replaced by a fresh token, so a used nonce never comes back.
   */
  async function csrf(request: Request, config: AuthConfig, csrfCookie: string): Promise<Response> {
    let response = await Auth(request, config);
    let token = ((await response.clone().json()) as { csrfToken?: string }).csrfToken;
    const fresh = response.headers.getSetCookie().some((line) => line.startsWith(`${csrfCookie}=`));
    const known = token ? await store.getNonce(token) : undefined;
    if (!fresh && (!known || known.usedAt !== null || known.expiresAt <= now())) {
      response = await Auth(withoutCookie(request, csrfCookie), config);
      token = ((await response.clone().json()) as { csrfToken?: string }).csrfToken;
    }
    if (token) {
      const issuedAt = now();
      await store.issueNonce(token, issuedAt, issuedAt + nonceTtlMs);
    }
    return response;
  }

  return {
    basePath,
    store,
    async handle(raw, info = {}) {
      const bounded = await boundedRequest(raw, BODY_LIMIT);
      if (bounded instanceof Response) return bounded;
      const request = bounded;
      const { config, csrfCookie, origin } = configure();
      const action = new URL(request.url).pathname.slice(basePath.length + 1);
      if (request.method === 'POST') {
        // Defence in depth on top of the CSRF token: a browser names the page that posts.
        const from = request.headers.get('origin');
        if (from !== null && from !== origin) {
          log(`[auth] refused a cross-site POST ${action} from ${from}`);
          return Response.json({ error: 'CrossSiteRequest', message: `POST from ${from} refused: only ${origin} may post here` }, { status: 403 });
        }
      }
      if (request.method === 'GET' && action === 'csrf') return csrf(request, config, csrfCookie);
      if (action === 'email-capture' || action === 'otp') {
        const answer = capture ? await capture.handle(action, request, info.clientIp ?? 'unknown') : action === 'email-capture' && request.method === 'GET' ? Response.json({ required: false }) : undefined;
        return answer ?? Response.json({ error: 'not_found' }, { status: 404 });
      }
      return Auth(request, config);
    },
    close: async () => {
      await capture?.close();
      await store.close();
    },
  };
}
