/**
 * Signing with an embedded wallet, only after the visitor approved inside the frame. The frame first files a
 * request (nothing is signed; the answer is what to show, decoded from the request itself), shows
 * ApproveTransaction, and only the Approve button's call opens the key and signs. A request is single-use,
 * bound to the session that filed it, and lapses after the request timeout (120 s).
 * The methods: sign-evm.ts (personal_sign, eth_sign, eth_signTypedData_v4, eth_sendTransaction), permissions.ts
 * (wallet_grantPermissions) and
 * sign-solana.ts (solana_signMessage, solana_signTransaction, solana_signAndSendTransaction).
 */
import { randomUUID } from 'node:crypto';
import type { AccountType, FrameNetworks } from './networks.js';
import { SignError } from './sign-error.js';
import { PERMISSION_METHODS } from './permissions.js';
import { EVM_METHODS } from './sign-evm.js';
import { SOLANA_METHODS } from './sign-solana.js';
import type { UserRecord } from './store.js';

export { SignError } from './sign-error.js';

export const SIGN_METHODS = ['personal_sign', 'eth_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_grantPermissions', 'solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'] as const;
export type SignMethod = (typeof SIGN_METHODS)[number];

/** What ApproveTransaction shows; every field is decoded from the request or read from the service's own chain. */
export interface SignDisplay {
  method: SignMethod;
  /** The signing account (EVM address or Solana public key). */
  address: string;
  /** The network by its configured name. */
  network?: string;
  /** A message's text (its hex when it is not UTF-8 text). */
  message?: string;
  /** What a transaction does: 'send' (native or token transfer), 'approve' (ERC-20 allowance), 'call', 'deploy'. */
  action?: 'send' | 'approve' | 'call' | 'deploy';
  /** The recipient of a transfer, the spender of an approval, or the called contract. */
  recipient?: string;
  /** e.g. "1.5 ETH", "12.5 LUSD", "0.25 SOL". */
  amount?: string;
  /** The token contract of an ERC-20 transfer or approval. */
  token?: string;
  /** The network fee at most, e.g. "0.000042 ETH". */
  fee?: string;
  /** Call data that is not a decoded transfer. */
  data?: string;
  /** Typed data: the domain's fields, the primary type, the message's fields (paths like `to.wallet`). */
  typedData?: { domain: [string, string][]; primaryType: string; fields: [string, string][] };
  /** A Solana transaction's instructions, one line each. */
  instructions?: string[];
  /**
   * A permission (wallet_grantPermissions): the site it is for, what it allows, the key that gets it, until when, and
   * the most the key's operations may cost the account in network fees altogether (e.g. "0.01 ETH").
   */
  permission?: { site: string; allows: string; signer: string; expires: string; feeBudget: string };
}

/** What a method handler makes of a request: what to show, and the signing to do on Approve. */
export interface Filed {
  display: SignDisplay;
  sign: () => Promise<unknown>;
}

export interface SignContext {
  user: UserRecord;
  masterKey: Buffer;
  networks: FrameNetworks;
  /** The chain the request is for (the host's current chain; only a key into `networks`). */
  chainId: unknown;
  /** The account type the user chose: with `smartAccount`, a request naming no account is the smart account's. */
  accountType: AccountType;
  /** The origin of the site the frame serves (one the service allows), for what asks on its behalf. */
  site?: string | undefined;
}

export type MethodHandler = (ctx: SignContext, params: unknown) => Promise<Filed>;

const HANDLERS: Record<SignMethod, MethodHandler> = { ...EVM_METHODS, ...PERMISSION_METHODS, ...SOLANA_METHODS };

interface Pending {
  sessionId: string;
  userId: string;
  sign: () => Promise<unknown>;
  expiresAt: number;
}

export const REQUEST_TTL_MS = 120_000;
/** Pending requests per session: the frame shows one at a time; past this the session's oldest is dropped. */
export const MAX_PENDING_PER_SESSION = 16;
/** Pending requests in all; past this the oldest of any session is dropped. */
export const MAX_PENDING = 10_000;

export class SigningDesk {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly masterKey: Buffer,
    private readonly networks: () => FrameNetworks,
    private readonly now: () => number = Date.now,
    private readonly accountTypeOf: (userId: string) => Promise<AccountType | undefined> = async () => undefined,
  ) {}

  /** Files `method(params)` for `user`'s approval; throws a SignError for what can never be signed. */
  async file(sessionId: string, user: UserRecord, method: unknown, params: unknown, chainId?: unknown, site?: string): Promise<{ id: string; display: SignDisplay }> {
    this.sweep();
    const handler = typeof method === 'string' && Object.hasOwn(HANDLERS, method) ? HANDLERS[method as SignMethod] : undefined;
    if (!handler) throw new SignError(4200, 'Requested RPC call is not allowed');
    const accountType = (await this.accountTypeOf(user.id)) ?? 'eoa';
    const { display, sign } = await handler({ user, masterKey: this.masterKey, networks: this.networks(), chainId, accountType, site }, params);
    const id = randomUUID();
    // Bounded: the Map keeps filing order, so the first entries found are the oldest.
    let mine = 0;
    for (const request of this.pending.values()) if (request.sessionId === sessionId) mine += 1;
    for (const [key, request] of this.pending) {
      if (mine < MAX_PENDING_PER_SESSION && this.pending.size < MAX_PENDING) break;
      if (request.sessionId === sessionId) {
        this.pending.delete(key);
        mine -= 1;
      } else if (this.pending.size >= MAX_PENDING) this.pending.delete(key);
    }
    this.pending.set(id, { sessionId, userId: user.id, sign, expiresAt: this.now() + REQUEST_TTL_MS });
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

  /** The visitor approved: sign (and for transactions, broadcast) with the key, opened for this call only. */
  async approve(id: string, sessionId: string, user: UserRecord): Promise<unknown> {
    const request = this.take(id, sessionId);
    if (request.userId !== user.id) throw new SignError(4100, 'No such signing request');
    return request.sign();
  }

  reject(id: string, sessionId: string): void {
    this.take(id, sessionId);
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, request] of this.pending) if (request.expiresAt <= now) this.pending.delete(id);
  }
}
