/**
 * Signing with an embedded wallet, only after the visitor approved inside the frame. The frame first files a
 * request (nothing is signed; the answer is what to show: the decoded message), shows ApproveTransaction,
 * and only the Approve button's call opens the key and signs. A request is single-use, bound to the session
 * that filed it, and lapses after the request timeout (120 s).
 */
import { randomUUID } from 'node:crypto';
import { hexToString, isAddressEqual, isHex, type Hex } from 'viem';
import { openEvmAccount } from './keys.js';
import type { UserRecord } from './store.js';

/** The methods the frame signs so far. */
export const SIGN_METHODS = ['personal_sign'] as const;
export type SignMethod = (typeof SIGN_METHODS)[number];

/** What ApproveTransaction shows. */
export interface SignDisplay {
  method: SignMethod;
  /** The message as text when it is UTF-8, else its hex. */
  message: string;
  address: string;
}

interface Pending {
  id: string;
  sessionId: string;
  userId: string;
  raw: Hex | string;
  display: SignDisplay;
  expiresAt: number;
}

/** EIP-1193 / EIP-1474 codes the frame answers with. */
export class SignError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const REQUEST_TTL_MS = 120_000;

/** Text when `hex` is printable UTF-8, else undefined. */
function decodeText(hex: Hex): string | undefined {
  try {
    const text = hexToString(hex);
    const bytes = new TextEncoder().encode(text);
    // hexToString replaces invalid sequences; a round trip tells real text from binary.
    if (bytes.length * 2 !== hex.length - 2) return undefined;
    return /[\u0000-\u0008\u000e-\u001f\u007f]/.test(text) ? undefined : text;
  } catch {
    return undefined;
  }
}

export class SigningDesk {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly masterKey: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  /** Files `method(params)` for `user`'s approval; throws a SignError for what can never be signed. */
  file(sessionId: string, user: UserRecord, method: unknown, params: unknown): { id: string; display: SignDisplay } {
    this.sweep();
    if (method !== 'personal_sign') throw new SignError(4200, 'Requested RPC call is not allowed');
    if (!Array.isArray(params) || typeof params[0] !== 'string' || typeof params[1] !== 'string') throw new SignError(-32602, 'personal_sign expects [message, address]');
    const [message, address] = params as [string, string];
    if (!/^0x[0-9a-fA-F]{40}$/.test(address) || !isAddressEqual(address as Hex, user.evmAddress as Hex)) {
      throw new SignError(4100, 'The requested account is not the embedded wallet');
    }
    const text = isHex(message) ? decodeText(message) : message;
    const id = randomUUID();
    const display: SignDisplay = { method, message: text ?? message, address: user.evmAddress };
    this.pending.set(id, { id, sessionId, userId: user.id, raw: message, display, expiresAt: this.now() + REQUEST_TTL_MS });
    return { id, display };
  }

  /** Takes the request out (single use) if `sessionId` filed it and it has not lapsed. */
  private take(id: string, sessionId: string): Pending {
    this.sweep();
    const request = this.pending.get(id);
    if (!request || request.sessionId !== sessionId) throw new SignError(4100, 'No such signing request');
    this.pending.delete(id);
    return request;
  }

  /** The visitor approved: sign with the key, opened for this call only. */
  async approve(id: string, sessionId: string, user: UserRecord): Promise<Hex> {
    const request = this.take(id, sessionId);
    if (request.userId !== user.id) throw new SignError(4100, 'No such signing request');
    const account = openEvmAccount(this.masterKey, user.id, user.evmKeySealed);
    return account.signMessage({ message: isHex(request.raw) ? { raw: request.raw } : request.raw });
  }

  reject(id: string, sessionId: string): void {
    this.take(id, sessionId);
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, request] of this.pending) if (request.expiresAt <= now) this.pending.delete(id);
  }
}
