/**
 * The relay's client authentication: the `?auth=` query parameter every WalletConnect client sends is a
 * compact JWT it signs itself with an ed25519 key (alg EdDSA), whose `iss` is that key as a `did:key`
 * (multibase base58btc, multicodec 0xed01 + 32 bytes). Nothing is registered anywhere: the relay checks the
 * signature against the key named in `iss`, that `aud` names this relay (its configured public URL), that
 * `iat` is not in the future and `exp` has not passed. The `iss` is then the client's identity, stable
 * across reconnects and restarts on the same storage. The relay closes the socket when `exp` comes.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** Why a token was refused; the relay sends `message` as the close reason. */
export class RelayAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RelayAuthError';
  }
}

export interface RelayClient {
  /** The `iss`: `did:key:z6Mk…`. */
  clientId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const ED25519_MULTICODEC = [0xed, 0x01];
const DID_KEY_PREFIX = 'did:key:z';

export function base58Decode(text: string): Uint8Array {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) throw new RelayAuthError(`invalid base58 character ${JSON.stringify(char)}`);
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 0xffn));
  // Each leading '1' is a leading zero byte.
  for (let i = 0; i < text.length && text[i] === '1'; i++) bytes.unshift(0);
  return Uint8Array.from(bytes);
}

export function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let out = '';
  for (; value > 0n; value /= 58n) out = BASE58[Number(value % 58n)] + out;
  for (let i = 0; i < bytes.length && bytes[i] === 0; i++) out = '1' + out;
  return out;
}

/** The raw 32-byte ed25519 public key named by a `did:key:z6Mk…` issuer. */
export function didKeyToPublicKey(did: string): Uint8Array {
  if (!did.startsWith(DID_KEY_PREFIX)) throw new RelayAuthError('iss must be a did:key in base58btc (did:key:z…)');
  const bytes = base58Decode(did.slice(DID_KEY_PREFIX.length));
  if (bytes.length !== 34 || bytes[0] !== ED25519_MULTICODEC[0] || bytes[1] !== ED25519_MULTICODEC[1]) {
    throw new RelayAuthError('iss must be an ed25519 did:key (multicodec 0xed01, 32 bytes)');
  }
  return bytes.slice(2);
}

/** The `did:key` of a raw 32-byte ed25519 public key (what clients put in `iss`). */
export function publicKeyToDidKey(publicKey: Uint8Array): string {
  return DID_KEY_PREFIX + base58Encode(Uint8Array.from([...ED25519_MULTICODEC, ...publicKey]));
}

function ed25519Key(raw: Uint8Array): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') }, format: 'jwk' });
}

function decodeSegment(segment: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new RelayAuthError(`malformed JWT ${what}`);
}

/** How far in the future a client's clock may put `iat` (clocks differ a little). */
export const MAX_CLOCK_SKEW_SECONDS = 300;

/**
 * Whether a JWT's `aud` names the relay at `publicUrl`: the same ws/wss scheme, host and port, and path
 * (trailing slashes and any query aside). Compared with the URL the site owner configured, never with the
 * request's Host header, which the client chooses.
 */
export function audienceMatches(aud: string, publicUrl: string): boolean {
  try {
    const [target, self] = [new URL(aud), new URL(publicUrl)];
    const path = (url: URL) => url.pathname.replace(/\/+$/, '');
    return (target.protocol === 'ws:' || target.protocol === 'wss:') && target.protocol === self.protocol && target.host === self.host && path(target) === path(self);
  } catch {
    return false;
  }
}

export interface VerifyAuthOptions {
  /** True when `aud` names this relay (the client signs the relay URL it was given). */
  audienceOk(aud: string): boolean;
  /** Seconds since the epoch; default now. */
  now?: number;
}

/** Checks a client's auth JWT; throws RelayAuthError saying what is wrong. */
export function verifyRelayAuth(token: string | null | undefined, { audienceOk, now = Math.floor(Date.now() / 1000) }: VerifyAuthOptions): RelayClient {
  if (!token) throw new RelayAuthError('missing auth');
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part))) throw new RelayAuthError('auth is not a compact JWT');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeSegment(headerPart, 'header');
  if (header.alg !== 'EdDSA') throw new RelayAuthError('JWT alg must be EdDSA');
  const payload = decodeSegment(payloadPart, 'payload');
  if (typeof payload.iss !== 'string') throw new RelayAuthError('JWT has no iss');
  const publicKey = didKeyToPublicKey(payload.iss);
  const signature = Buffer.from(signaturePart, 'base64url');
  const signed = Buffer.from(`${headerPart}.${payloadPart}`, 'utf8');
  if (signature.length !== 64 || !verify(null, signed, ed25519Key(publicKey), signature)) throw new RelayAuthError('bad JWT signature');
  if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) throw new RelayAuthError('JWT has no exp');
  if (typeof payload.iat !== 'number' || !Number.isFinite(payload.iat)) throw new RelayAuthError('JWT has no iat');
  if (payload.iat > now + MAX_CLOCK_SKEW_SECONDS) throw new RelayAuthError('JWT iat is in the future');
  if (payload.exp <= now) throw new RelayAuthError('JWT expired');
  if (payload.exp <= payload.iat) throw new RelayAuthError('JWT exp is not after iat');
  if (typeof payload.aud !== 'string' || !audienceOk(payload.aud)) throw new RelayAuthError('JWT aud is not this relay');
  return { clientId: payload.iss, expiresAt: payload.exp };
}
