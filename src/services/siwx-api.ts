import '../core/messages-siwx.js';
import * as z from 'zod/mini';
import { type Caip2, isCaip2 } from '../core/caip.js';
import { WidgetError } from '../core/errors.js';
import { t } from '../core/messages.js';
import type { SiwxSession } from '../core/siwx-rules.js';
import { requestJson } from './http.js';

/**
 * The client of a sign-in backend that speaks Auth.js's REST API (README "Sign-in backend"; SPEC.md §7 "Auth
 * library"): the nonce is `GET csrf`'s token, a signed message goes to `POST callback/credentials`, the session
 * is `GET session`. Cookies carry the session, so every call sends them (`credentials: 'include'`).
 */
export type { SiwxSession };

const csrfSchema = z.object({ csrfToken: z.string().check(z.regex(/^[a-zA-Z0-9]{8,}$/)) });
const sessionSchema = z.object({
  address: z.string().check(z.minLength(1)),
  chainId: z.string().check(z.refine(isCaip2, 'not a CAIP-2 id')),
  expires: z.string(),
});
// Auth.js answers `null` (older versions `{}`) when there is no session.
const sessionAnswer = z.union([sessionSchema, z.null(), z.strictObject({})]);
const redirectSchema = z.object({ url: z.string() });

export interface SiwxApi {
  /** A fresh nonce (the backend's CSRF token, which every POST also needs). */
  getNonce(): Promise<string>;
  getSession(): Promise<SiwxSession | null>;
  /** Sends the signed message; throws `SIWX_VERIFY_FAILED` ("Failed to verify message") when refused. */
  verify(message: string, signature: string, fields?: Record<string, string>): Promise<SiwxSession>;
  signOut(): Promise<void>;
}

export function createSiwxApi(baseUrl: string, callbackUrl: () => string = () => location.href): SiwxApi {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const url = (path: string) => new URL(path, base);
  let csrfToken: string | undefined;

  const getNonce = async () => {
    ({ csrfToken } = await requestJson(url('csrf'), csrfSchema, { credentials: 'include', cache: 'no-store' }));
    return csrfToken;
  };
  const getSession = async (): Promise<SiwxSession | null> => {
    const session = await requestJson(url('session'), sessionAnswer, { credentials: 'include', cache: 'no-store' });
    return session && 'address' in session ? { address: session.address, chainId: session.chainId as Caip2, expires: session.expires } : null;
  };
  const post = (path: string, fields: Record<string, string>) =>
    requestJson(url(path), redirectSchema, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
      body: new URLSearchParams({ ...fields, csrfToken: csrfToken ?? '', callbackUrl: callbackUrl() }).toString(),
    });

  return {
    getNonce,
    getSession,
    async verify(message, signature, fields = {}) {
      const refused = (details: string) => new WidgetError('SIWX_VERIFY_FAILED', t('siwx.verifyFailed'), { details });
      let answer: { url: string };
      try {
        answer = await post('callback/credentials', { ...fields, message, signature });
      } catch (cause) {
        throw new WidgetError('SIWX_VERIFY_FAILED', t('siwx.verifyFailed'), { details: (cause as Error).message, cause });
      }
      const params = new URL(answer.url, base).searchParams;
      if (params.has('error')) throw refused(`${params.get('error')}${params.has('code') ? `: ${params.get('code')}` : ''}`);
      const session = await getSession();
      if (!session) throw refused('no session after sign-in');
      return session;
    },
    async signOut() {
      if (!csrfToken) await getNonce();
      await post('signout', {});
    },
  };
}
