import '../core/messages-siwx.js';
import * as z from 'zod/mini';
import { type Caip2, isCaip2 } from '../core/caip.js';
import { WidgetError } from '../core/errors.js';
import { t } from '../core/messages.js';
import type { SiwxSession } from '../core/siwx-rules.js';
import { parseSiwxMessage } from '../core/siwx-message.js';
import { requestJson } from './http.js';

/**
 * The client of a sign-in backend that speaks Auth.js's REST API (docs/sign-in.md; docs/specification.md#calls "Auth
 * library"): the nonce is `GET csrf`'s token, a signed message goes to `POST callback/credentials`, the session
 * is `GET session`. Cookies carry the session, so every call sends them (`credentials: 'include'`).
 */
export type { SiwxSession };

const csrfSchema = z.object({ csrfToken: z.string().check(z.regex(/^[a-zA-Z0-9]{8,}$/)) });
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const accountAddress = z.string().check(z.refine((value) => EVM_ADDRESS.test(value) || SOLANA_ADDRESS.test(value), 'not an address'));
/**
 * A session as the Auth.js SIWE recipes write it: the address as `address`, or only as `user.name` (the account is
 * the credentials' user); the chain as a CAIP-2 id, an EVM chain number (or its decimal string), or absent.
 */
const sessionSchema = z.object({
  address: z.optional(accountAddress),
  user: z.optional(z.nullable(z.object({ name: z.optional(z.nullable(z.string())) }))),
  chainId: z.optional(z.union([z.string().check(z.refine((value) => isCaip2(value) || /^[1-9]\d{0,15}$/.test(value), 'not a chain id')), z.int().check(z.positive())])),
  expires: z.string(),
});
// Auth.js answers `null` (older versions `{}`) when there is no session.
const sessionAnswer = z.union([z.null(), z.strictObject({}), sessionSchema]);
const redirectSchema = z.object({ url: z.string() });

export interface SiwxApi {
  /** A fresh nonce (the backend's CSRF token, which every POST also needs). */
  getNonce(): Promise<string>;
  /**
   * The backend's session, normalised. A backend that names no chain: the chain of the message this page signed for
   * that address, else `chainHint` (the caller's active connection); neither: `INVALID_RESPONSE`.
   */
  getSession(chainHint?: Caip2): Promise<SiwxSession | null>;
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
  // The chain of the last message this page signed, per address (a backend may keep no chain in its session).
  const signedChains = new Map<string, Caip2>();
  const addressKey = (address: string) => (EVM_ADDRESS.test(address) ? address.toLowerCase() : address);
  const invalid = (details: string) => new WidgetError('INVALID_RESPONSE', t('error.invalidServiceResponse'), { details: `${url('session').href}: ${details}` });
  const getSession = async (chainHint?: Caip2): Promise<SiwxSession | null> => {
    const session = await requestJson(url('session'), sessionAnswer, { credentials: 'include', cache: 'no-store' });
    if (!session || !('expires' in session)) return null;
    const name = session.user?.name;
    const address = session.address ?? (name && accountAddress.safeParse(name).success ? name : undefined);
    if (!address) throw invalid('the session names no account address');
    const given = session.chainId;
    const chainId: Caip2 | undefined =
      typeof given === 'number' ? `eip155:${given}` : given === undefined ? (signedChains.get(addressKey(address)) ?? chainHint) : isCaip2(given) ? given : `eip155:${given}`;
    if (!chainId) throw invalid('the session names no chain and none is known');
    return { address, chainId, expires: session.expires };
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
      let signed: { accountAddress: string; chainId: Caip2 } | undefined;
      try {
        signed = parseSiwxMessage(message);
      } catch {
        signed = undefined;
      }
      if (signed) signedChains.set(addressKey(signed.accountAddress), signed.chainId);
      const session = await getSession(signed?.chainId);
      if (!session) throw refused('no session after sign-in');
      return session;
    },
    async signOut() {
      if (!csrfToken) await getNonce();
      await post('signout', {});
    },
  };
}
