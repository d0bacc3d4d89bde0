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
  amount?: string | Words;
  /** The token contract of an ERC-20 transfer or approval. */
  token?: string;
  /** The network fee at most, e.g. "0.000042 ETH". */
  fee?: string;
  /** Call data that is not a decoded transfer. */
  data?: string;
  /** Typed data: the domain's fields, the primary type, the message's fields (paths like `to.wallet`). */
  typedData?: { domain: [string, string][]; primaryType: string; fields: [string, string | Words][] };
  /** A Solana transaction's instructions, one line each, as words the frame puts in the visitor's language. */
  instructions?: Words[];
  /**
   * A permission (wallet_grantPermissions): the site it is for, what it allows, the key that gets it, until when, and
   * the most the key's operations may cost the account in network fees altogether (e.g. "0.01 ETH").
   */
  permission?: { site: string; allows: Words; signer: string; expires: string; feeBudget: string };
}

/**
 * Words the frame shows in the visitor's language: a message of its catalogue (server/auth-frame/frame-messages.ts)
 * and the values of its placeholders (addresses and amounts as they are, or words themselves).
 */
export interface Words {
  id: string;
  values?: Record<string, string | Words>;
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

/** What is kept of a filed request in the shared store, for an approval that reaches another instance. */
interface StoredRequest {
  userId: string;
  method: SignMethod;
  params: unknown;
  chainId: unknown;
  site: string | undefined;
  accountType: AccountType;
  /** The display the visitor was shown, as JSON: what is signed must show the same. */
  display: string;
}

/** Where filed requests wait for their approval: the login store (shared by every instance). */
export interface SignRequestStore {
  putPending(kind: string, key: string, value: string, expiresAt: number, max: number): Promise<void>;
  takePending(kind: string, key: string): Promise<string | undefined>;
}

export const REQUEST_TTL_MS = 120_000;
/** Pending requests per session: the frame shows one at a time; past this the session's oldest is dropped. */
export const MAX_PENDING_PER_SESSION = 16;
/** Signings prepared in this instance's memory (for the approval that comes back here); past this the oldest go. */
export const MAX_PREPARED = 10_000;

/** The store kind of one session's requests: a request is found only by the session that filed it. */
const kindOf = (sessionId: string): string => `sign:${sessionId}`;

/**
 * Filed requests wait in the shared store (one taker: the approval or rejection that removes the row), so an
 * approval may reach any instance. The instance that filed a request keeps its prepared signing in memory and
 * uses it; another instance prepares it again from the stored request and signs only when that shows exactly what
 * the visitor approved (a transaction whose fee estimate has moved since is refused, to be filed again).
 */
export class SigningDesk {
  private readonly prepared = new Map<string, () => Promise<unknown>>();

  constructor(
    private readonly masterKey: Buffer,
    private readonly networks: () => FrameNetworks,
    private readonly store: SignRequestStore,
    private readonly now: () => number = Date.now,
    private readonly accountTypeOf: (userId: string) => Promise<AccountType | undefined> = async () => undefined,
  ) {}

  private context(user: UserRecord, chainId: unknown, accountType: AccountType, site: string | undefined): SignContext {
    return { user, masterKey: this.masterKey, networks: this.networks(), chainId, accountType, site };
  }

  /** Files `method(params)` for `user`'s approval; throws a SignError for what can never be signed. */
  async file(sessionId: string, user: UserRecord, method: unknown, params: unknown, chainId?: unknown, site?: string): Promise<{ id: string; display: SignDisplay }> {
    const handler = typeof method === 'string' && Object.hasOwn(HANDLERS, method) ? HANDLERS[method as SignMethod] : undefined;
    if (!handler) throw new SignError(4200, 'Requested RPC call is not allowed');
    const accountType = (await this.accountTypeOf(user.id)) ?? 'eoa';
    const { display, sign } = await handler(this.context(user, chainId, accountType, site), params);
    const id = randomUUID();
    const stored: StoredRequest = { userId: user.id, method: method as SignMethod, params, chainId, site, accountType, display: JSON.stringify(display) };
    await this.store.putPending(kindOf(sessionId), id, JSON.stringify(stored), this.now() + REQUEST_TTL_MS, MAX_PENDING_PER_SESSION);
    // Bounded: the Map keeps filing order, so the first entries are the oldest (their approval prepares again).
    for (const key of this.prepared.keys()) {
      if (this.prepared.size < MAX_PREPARED) break;
      this.prepared.delete(key);
    }
    this.prepared.set(id, sign);
    return { id, display };
  }

  /** Takes the request out (single use, across instances) if `sessionId` filed it and it has not lapsed. */
  private async take(id: string, sessionId: string): Promise<StoredRequest> {
    const value = id.length <= 64 ? await this.store.takePending(kindOf(sessionId), id) : undefined;
    if (!value) {
      this.prepared.delete(id);
      throw new SignError(4100, 'No such signing request');
    }
    return JSON.parse(value) as StoredRequest;
  }

  /** The visitor approved: sign (and for transactions, broadcast) with the key, opened for this call only. */
  async approve(id: string, sessionId: string, user: UserRecord): Promise<unknown> {
    const request = await this.take(id, sessionId);
    const local = this.prepared.get(id);
    this.prepared.delete(id);
    if (request.userId !== user.id) throw new SignError(4100, 'No such signing request');
    if (local) return local();
    // Filed at another instance: prepared again here, and signed only if it shows what was approved.
    const again = await HANDLERS[request.method](this.context(user, request.chainId, request.accountType, request.site), request.params);
    if (JSON.stringify(again.display) !== request.display) throw new SignError(4100, 'The request changed since it was shown (its network fee moved); review it again');
    return again.sign();
  }

  async reject(id: string, sessionId: string): Promise<void> {
    await this.take(id, sessionId);
    this.prepared.delete(id);
  }
}
