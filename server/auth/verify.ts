import { CredentialsSignin } from '@auth/core/errors';
import { ed25519 } from '@noble/curves/ed25519';
import { createPublicClient, http, type Hex, type PublicClient } from 'viem';
import { base58Decode } from '../../src/core/base58.js';
import { parseCaip2 } from '../../src/core/caip.js';
import { parseSiwxMessage, SiwxMessageError, type SiwxMessageData } from '../../src/core/siwx-message.js';
import type { AuthStore } from './store.js';

/** Why a sign-in was refused: the `code` of Auth.js's `error=CredentialsSignin&code=…` redirect. */
export type RefusalCode =
  | 'missing_fields'
  | 'malformed_message'
  | 'wrong_domain'
  | 'wrong_uri'
  | 'chain_not_accepted'
  | 'bad_issued_at'
  | 'message_expired'
  | 'message_not_yet_valid'
  | 'nonce_mismatch'
  | 'nonce_unknown'
  | 'nonce_expired'
  | 'nonce_used'
  | 'invalid_signature'
  | 'email_required'
  | 'email_mismatch';

/** A refused sign-in: Auth.js puts `code` in the redirect URL, the message goes to the server log. */
export class SignInRefused extends CredentialsSignin {
  constructor(
    code: RefusalCode,
    readonly reason: string,
  ) {
    super(reason);
    this.code = code;
  }
}

/** A chain the site accepts sign-ins on. EVM chains need an RPC URL: smart accounts are verified on chain. */
export interface AcceptedChain {
  /** CAIP-2: `eip155:31337`, `solana:…`. */
  chainId: string;
  rpcUrl?: string;
}

export interface VerifierOptions {
  site: () => URL;
  chains: readonly AcceptedChain[];
  store: AuthStore;
  now: () => number;
  /**
   * How far a client's clock may run ahead for Issued At. Expiration Time and Not Before are exact, as viem's
   * verifySiweMessage checks them.
   */
  clockSkewMs: number;
  /**
   * When the backend captures emails (server/auth/email-capture.ts): the confirmed email the request's `otp`
   * field names, or undefined. The message must then carry `email:<address>` in its resources.
   */
  confirmedEmail?: (otp: unknown) => string | undefined;
}

export interface VerifiedSignIn {
  data: SiwxMessageData;
  message: string;
  signature: string;
}

const refuse = (code: RefusalCode, reason: string): never => {
  throw new SignInRefused(code, reason);
};

/** Checks one `(message, signature)` sent to `POST callback/credentials` and consumes its nonce. */
export function createVerifier({ site, chains, store, now, clockSkewMs, confirmedEmail }: VerifierOptions) {
  const clients = new Map<string, PublicClient>();
  const evmClient = (chain: AcceptedChain): PublicClient => {
    let client = clients.get(chain.chainId);
    if (!client) {
      client = createPublicClient({ transport: http(chain.rpcUrl) });
      clients.set(chain.chainId, client);
    }
    return client;
  };

  async function signatureValid(chain: AcceptedChain, data: SiwxMessageData, message: string, signature: string): Promise<boolean> {
    if (parseCaip2(chain.chainId)?.namespace === 'eip155') {
      if (!/^0x[0-9a-fA-F]*$/.test(signature)) return false;
      // viem checks the fields it knows again, then the signature through the chain: an EOA's ecrecover, or
      // EIP-1271 / EIP-6492 for smart accounts (deployed or not yet).
      return evmClient(chain).verifySiweMessage({
        message,
        signature: signature as Hex,
        address: data.accountAddress as Hex,
        domain: data.domain,
        nonce: data.nonce,
        time: new Date(now()),
      });
    }
    // Solana: ed25519 over the UTF-8 message, the signature base58 as Solana wallets and explorers write it.
    const signatureBytes = base58Decode(signature);
    const publicKey = base58Decode(data.accountAddress);
    if (signatureBytes?.length !== 64 || publicKey?.length !== 32) return false;
    try {
      return ed25519.verify(signatureBytes, new TextEncoder().encode(message), publicKey);
    } catch {
      return false;
    }
  }

  return async function verify(credentials: Partial<Record<string, unknown>>): Promise<VerifiedSignIn> {
    const { message, signature, csrfToken } = credentials;
    if (typeof message !== 'string' || typeof signature !== 'string' || message === '' || signature === '') {
      return refuse('missing_fields', 'the sign-in needs "message" and "signature"');
    }
    let data: SiwxMessageData;
    try {
      data = parseSiwxMessage(message);
    } catch (err) {
      if (err instanceof SiwxMessageError) return refuse('malformed_message', err.message);
      throw err;
    }
    const expected = site();
    if (data.domain !== expected.host) refuse('wrong_domain', `the message is for ${data.domain}, this site is ${expected.host}`);
    if (data.scheme !== undefined && `${data.scheme}:` !== expected.protocol) refuse('wrong_domain', `the message is for ${data.scheme}://, this site is ${expected.protocol}//`);
    let uriOrigin: string | undefined;
    try {
      uriOrigin = new URL(data.uri).origin;
    } catch {
      uriOrigin = undefined;
    }
    if (uriOrigin !== expected.origin) refuse('wrong_uri', `the message's URI ${data.uri} is not on ${expected.origin}`);
    const chain = chains.find((c) => c.chainId === data.chainId);
    if (!chain) return refuse('chain_not_accepted', `chain ${data.chainId} is not one this site accepts (${chains.map((c) => c.chainId).join(', ')})`);

    const time = now();
    const at = (value: string | undefined): number | undefined => (value === undefined ? undefined : Date.parse(value));
    const issuedAt = at(data.issuedAt);
    if (issuedAt === undefined) refuse('bad_issued_at', 'the message has no Issued At');
    else if (issuedAt > time + clockSkewMs) refuse('bad_issued_at', `Issued At ${data.issuedAt} is in the future`);
    const expiresAt = at(data.expirationTime);
    if (expiresAt !== undefined && expiresAt <= time) refuse('message_expired', `the message expired at ${data.expirationTime}`);
    const notBefore = at(data.notBefore);
    if (notBefore !== undefined && notBefore > time) refuse('message_not_yet_valid', `the message is valid from ${data.notBefore}`);

    // The nonce is this browser's CSRF token (Auth.js has already checked the body's token against the cookie).
    if (data.nonce !== csrfToken) refuse('nonce_mismatch', 'the nonce was not issued to this browser session');
    const nonce = await store.getNonce(data.nonce);
    if (!nonce) return refuse('nonce_unknown', 'the nonce was never issued (fetch GET csrf first)');
    if (nonce.usedAt !== null) refuse('nonce_used', 'the nonce was already used');
    if (nonce.expiresAt <= time) refuse('nonce_expired', `the nonce expired at ${new Date(nonce.expiresAt).toISOString()}`);
    if (issuedAt! < nonce.issuedAt - clockSkewMs) refuse('bad_issued_at', `Issued At ${data.issuedAt} is before the nonce was issued`);

    if (confirmedEmail) {
      // DataCapture: "OTP is required" is the hosted widget's cue to capture an email (docs/wire-formats.md#sign-in).
      const email = confirmedEmail(credentials.otp);
      if (!email) refuse('email_required', 'OTP is required: this site signs in with a confirmed email (POST otp, then PUT otp)');
      const named = (data.resources ?? []).filter((resource) => resource.toLowerCase().startsWith('email:'));
      if (named.length !== 1 || named[0]!.slice('email:'.length).toLowerCase() !== email) refuse('email_mismatch', `the message's resources must name email:${email!} and no other email`);
    }
    if (!(await signatureValid(chain, data, message, signature))) refuse('invalid_signature', `the signature is not ${data.accountAddress}'s signature of this message`);
    // Last, and atomically: of two requests racing with the same nonce only one signs in.
    if (!(await store.useNonce(data.nonce, time))) refuse('nonce_used', 'the nonce was already used');
    return { data, message, signature };
  };
}
