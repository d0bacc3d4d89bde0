// What the secure frame's script does for every API call (server/auth-frame/public/frame-key.js), for Node tests
// that talk to the service over HTTP: a non-extractable P-256 key whose public half opens the session, and a
// signed proof header on each later call.
import { createHash } from 'node:crypto';

export interface FrameKey {
  /** The `X-WCM-Key` header value (base64url raw public key). */
  publicKey: string;
  /** The `X-WCM-Proof` header value for this request. */
  proof(method: string, path: string, body: string, ts?: number): Promise<string>;
}

const b64url = (bytes: ArrayBuffer | Uint8Array): string => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64url');

export async function newFrameKey(): Promise<FrameKey> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  const publicKey = b64url(await crypto.subtle.exportKey('raw', pair.publicKey));
  return {
    publicKey,
    async proof(method, path, body, ts = Date.now()) {
      const nonce = b64url(crypto.getRandomValues(new Uint8Array(18)));
      const payload = [method.toUpperCase(), path, createHash('sha256').update(body).digest('base64url'), String(ts), nonce].join('\n');
      return `${ts}.${nonce}.${b64url(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, new TextEncoder().encode(payload)))}`;
    },
  };
}

const keys = new Map<string, FrameKey>();
/** Makes `actAsFrame`'s fetch sign the calls carrying `cookie` (`name=value`) with `key`. */
export const bindCookie = (cookie: string, key: FrameKey): void => void keys.set(cookie, key);

const OPENS_SESSION = new Set(['/api/email/verify', '/api/social/complete', '/api/farcaster/wait']);

/**
 * Makes this process's `fetch` act as the frame does towards the service: a fresh key on the calls that open a
 * session, and a proof on any call whose cookie is a session so opened. Only for tests of other behaviour; the
 * tests of the proof itself call the service without it. `now`: the service's clock, where a test moves it.
 */
export function actAsFrame(now: () => number = Date.now): void {
  const plain = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (!url.pathname.startsWith('/api/') || input instanceof Request) return plain(input, init);
    const headers = new Headers(init.headers);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? init.body : '';
    let opened: FrameKey | undefined;
    if (OPENS_SESSION.has(url.pathname) && !headers.has('x-wcm-key')) {
      opened = await newFrameKey();
      headers.set('x-wcm-key', opened.publicKey);
    }
    const cookie = headers.get('cookie');
    const key = cookie ? [...keys].find(([value]) => cookie.includes(value))?.[1] : undefined;
    if (key && !headers.has('x-wcm-proof')) headers.set('x-wcm-proof', await key.proof(method, url.pathname + url.search, body, now()));
    const response = await plain(input, { ...init, headers });
    const set = response.headers.get('set-cookie');
    if (opened && set) keys.set(set.split(';')[0]!, opened);
    return response;
  };
}

/** The attempt cookie each email's last `POST /api/email/start` set (`wcm_attempt=…`), by lower-cased email. */
const attempts = new Map<string, string>();
/** The `fetch` carryAttempts installed (the runner of several files in one process restores each file's own). */
let carrying: typeof fetch | undefined;

/**
 * Makes this process's `fetch` carry each email's attempt cookie from its `POST /api/email/start` to its
 * `POST /api/email/verify`, as the browser that asked for the code does. For tests of other behaviour than the
 * attempt binding (those send the cookie, or leave it out, themselves).
 */
export function carryAttempts(): void {
  if (carrying && globalThis.fetch === carrying) return;
  const plain = globalThis.fetch;
  carrying = globalThis.fetch = async (input: string | URL | Request, init: RequestInit = {}) => {
    if (input instanceof Request) return plain(input, init);
    const url = new URL(input);
    const email = (): string | undefined => {
      try {
        const value = (JSON.parse(typeof init.body === 'string' ? init.body : '') as { email?: unknown }).email;
        return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
      } catch {
        return undefined;
      }
    };
    let { headers } = init;
    if (url.pathname === '/api/email/verify') {
      const withAttempt = new Headers(init.headers);
      const attempt = attempts.get(email() ?? '');
      const cookie = withAttempt.get('cookie') ?? '';
      if (attempt && !/(?:^|;\s*)(?:__Host-)?wcm_attempt=/.test(cookie)) withAttempt.set('cookie', [cookie, attempt].filter(Boolean).join('; '));
      headers = withAttempt;
    }
    const response = await plain(input, { ...init, ...(headers ? { headers } : {}) });
    if (url.pathname === '/api/email/start') {
      const set = /(?:__Host-)?wcm_attempt=[^;,]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
      const address = email();
      if (set && address) attempts.set(address, set);
    }
    return response;
  };
}
