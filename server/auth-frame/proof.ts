/**
 * Proof of the frame's key. The cookie alone signs nothing: any service on the same host name (another port)
 * receives it. When a session opens, the frame sends the public half of a non-extractable ECDSA P-256 key it keeps
 * in its own IndexedDB (`X-WCM-Key`); the service folds that key into the session token, so the session's id (a
 * hash of the whole token) is bound to it. Every later API call carries a signature by that key over the method,
 * the path, a hash of the body, a timestamp and a nonce (`X-WCM-Proof: <ts>.<nonce>.<signature>`); a call without
 * a valid one is treated as signed out. A timestamp beyond the allowed skew, or a nonce already seen, is refused.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';

export const KEY_HEADER = 'x-wcm-key';
export const PROOF_HEADER = 'x-wcm-proof';
/** How far a proof's timestamp may be from the service's clock. */
export const PROOF_SKEW_MS = 60_000;

/** A P-256 public key as WebCrypto's raw export (65 bytes, uncompressed), base64url: 87 characters. */
const RAW_KEY = /^[A-Za-z0-9_-]{87}$/;
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{86}$/;

/** The public key a session-opening request names, if well formed. */
export function requestKey(header: string | undefined): string | undefined {
  if (!header || !RAW_KEY.test(header)) return undefined;
  const raw = Buffer.from(header, 'base64url');
  return raw.length === 65 && raw[0] === 4 ? header : undefined;
}

/** The session token bound to `key`: the random part and the key, so the session id covers both. */
export const boundToken = (random: string, key: string): string => `${random}.${key}`;

/** The key a token is bound to; none for a token from before keys (such a session cannot act). */
export function tokenKey(token: string): string | undefined {
  const dot = token.indexOf('.');
  return dot < 0 ? undefined : requestKey(token.slice(dot + 1));
}

/** What the frame signs: one line each for method, path (with query), body hash, timestamp, nonce. */
export const proofPayload = (method: string, path: string, body: string, ts: string, nonce: string): string =>
  [method.toUpperCase(), path, createHash('sha256').update(body).digest('base64url'), ts, nonce].join('\n');

/** Where nonces are spent: shared by every instance (the login store's `useOnce`), so a replay at another is refused. */
export interface NonceLedger {
  useOnce(key: string, expiresAt: number): Promise<boolean>;
}

export class ProofChecker {
  constructor(
    private readonly ledger: NonceLedger,
    private readonly now: () => number = Date.now,
    /** Whether the token is a live session's: only then is a nonce spent, so forged tokens cannot fill the ledger. */
    private readonly live: (token: string) => Promise<boolean> = async () => true,
  ) {}

  /** Whether `proof` signs this request with the key bound in `token`; a valid proof's nonce is used up. */
  async check(token: string, proof: string | undefined, method: string, path: string, body: string): Promise<boolean> {
    const key = tokenKey(token);
    if (!key || !proof) return false;
    const [ts, nonce, signature, extra] = proof.split('.');
    if (extra !== undefined || !ts || !nonce || !signature || !/^\d{1,15}$/.test(ts) || !NONCE.test(nonce) || !SIGNATURE.test(signature)) return false;
    const now = this.now();
    if (Math.abs(now - Number(ts)) > PROOF_SKEW_MS) return false;
    const raw = Buffer.from(key, 'base64url');
    try {
      // A point off the curve (a forged cookie) throws here: no proof, not a server error.
      const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
      if (!verify('sha256', Buffer.from(proofPayload(method, path, body, ts, nonce)), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) return false;
    } catch {
      return false;
    }
    if (!(await this.live(token))) return false;
    // Kept until the proof's timestamp is out of the window (at most twice the skew from now).
    const seenKey = createHash('sha256').update(`${key}.${nonce}`).digest('base64url');
    return this.ledger.useOnce(`proof:${seenKey}`, now + 2 * PROOF_SKEW_MS);
  }
}
