/**
 * The secure service's records and the store interface behind which they live (SQLite by default:
 * `SqlFrameStore` in store.ts, over a SQLite file or one PostgreSQL database shared by several instances).
 */

/** One pending email code. The code itself is never stored, only its keyed hash. Times in ms. */
export interface CodeRecord {
  email: string;
  codeHash: string;
  createdAt: number;
  expiresAt: number;
  /** Wrong guesses so far. */
  attempts: number;
}

/** A user and the embedded wallet made at their first verified login; keys sealed (AES-256-GCM). */
export interface UserRecord {
  id: string;
  /** The login email; for a social user the provider's email when it gave one, else undefined. */
  email: string | undefined;
  /** Set for a user made by social login (google, github, …): the provider's name. */
  socialProvider?: string | undefined;
  evmAddress: string;
  solanaAddress: string;
  /** `seal()` output of the EVM private key (hex). */
  evmKeySealed: string;
  /** `seal()` output of the Solana 64-byte secret key. */
  solanaKeySealed: string;
  createdAt: number;
}

/** One user's sealed keys, as re-sealed by a master key rotation. */
export type SealedKeys = Pick<UserRecord, 'id' | 'evmKeySealed' | 'solanaKeySealed'>;

/** A signed-in frame: `id` is the SHA-256 of the cookie's token, so a leaked database opens no session. */
export interface FrameSessionRecord {
  id: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
}

/** A signed-in user's email change under way (one per user): which code is awaited, or done. Times in ms. */
export interface EmailUpdateRecord {
  userId: string;
  /** The address before the change. */
  fromEmail: string;
  newEmail: string;
  stage: 'verify_current' | 'verify_new' | 'done';
  expiresAt: number;
}

/** A social login waiting for the frame to take it over. */
export interface TicketRecord {
  id: string;
  userId: string;
  /** The site origin the popup was opened for; only a frame embedded by that site may redeem it. */
  parent: string;
  expiresAt: number;
}

/**
 * Where the secure service keeps users (with their sealed wallets), codes, code-send history (for the rate
 * limits) and sessions. Asynchronous so a deployment can put it in a shared database; SQLite by default.
 */
export interface FrameStore {
  /** Replaces any earlier code for the same email (a resend invalidates the previous code). */
  putCode(code: CodeRecord): Promise<void>;
  getCode(email: string): Promise<CodeRecord | undefined>;
  /** Counts one wrong guess; returns the new count. */
  addAttempt(email: string): Promise<number>;
  deleteCode(email: string): Promise<void>;
  /**
   * Removes the code of `email` if it is still the one hashed `codeHash` and unexpired at `now`; true only for the
   * caller that removed it, so of two instances checking the same code at once exactly one succeeds.
   */
  spendCode(email: string, codeHash: string, now: number): Promise<boolean>;
  /** Records that a code was mailed to `email` at the request of `ip`. */
  addSend(email: string, ip: string, at: number): Promise<void>;
  /** Sends since `since` to `email`, from `ip`, and the time of the last one to `email`. */
  sendStats(email: string, ip: string, since: number): Promise<{ toEmail: number; fromIp: number; lastToEmail: number | undefined }>;
  getUserByEmail(email: string): Promise<UserRecord | undefined>;
  getUser(id: string): Promise<UserRecord | undefined>;
  /** Adds `user` unless that email already has one; returns the stored user either way. */
  addUser(user: UserRecord): Promise<UserRecord>;
  /** Moves a user to `email`; false (nothing changed) when another user has it. */
  setUserEmail(userId: string, email: string): Promise<boolean>;
  putEmailUpdate(update: EmailUpdateRecord): Promise<void>;
  getEmailUpdate(userId: string): Promise<EmailUpdateRecord | undefined>;
  addSession(session: FrameSessionRecord): Promise<void>;
  getSession(id: string): Promise<FrameSessionRecord | undefined>;
  deleteSession(id: string): Promise<void>;
  /** The user of a social identity (provider name, the provider's subject), or undefined. */
  getUserBySocial(provider: string, subject: string): Promise<UserRecord | undefined>;
  /** Adds `user` for that identity unless it already has one (then keeps the email up to date); returns the stored user. */
  addSocialUser(user: UserRecord, provider: string, subject: string): Promise<UserRecord>;
  /** A one-time hand-over of a social login from the popup to the frame (`id` is a hash of the ticket). */
  putTicket(ticket: TicketRecord): Promise<void>;
  /** Removes and returns the ticket (single use), or undefined. */
  takeTicket(id: string): Promise<TicketRecord | undefined>;
  /** The account type the user chose (AccountSettings); undefined: never chosen. */
  getAccountType(userId: string): Promise<'eoa' | 'smartAccount' | undefined>;
  setAccountType(userId: string, type: 'eoa' | 'smartAccount'): Promise<void>;
  /** Every user's sealed keys (for re-sealing under a new master key, rotate-key.ts). */
  listSealedKeys(): Promise<SealedKeys[]>;
  /** Replaces the sealed keys of these users, all or none; returns how many users changed. */
  replaceSealedKeys(keys: readonly SealedKeys[]): Promise<number>;
  /**
   * Marks `key` used until `expiresAt`: true the first time, false while it is still marked (by this instance or
   * another). The frame's request proofs spend their nonces here, so a proof replayed at another instance is refused.
   */
  useOnce(key: string, expiresAt: number): Promise<boolean>;
  /** Counts a failed code check from `ip` at `at`. */
  addFailure(ip: string, at: number): Promise<void>;
  /** Failed code checks from `ip` since `since`, across instances. */
  failuresSince(ip: string, since: number): Promise<number>;
  /**
   * Keeps `value` under (`kind`, `key`) until `expiresAt` for whichever instance is asked next (a pending
   * Farcaster sign-in). At most `max` of a kind: past it, the oldest is dropped.
   */
  putPending(kind: string, key: string, value: string, expiresAt: number, max: number): Promise<void>;
  getPending(kind: string, key: string): Promise<string | undefined>;
  /** Removes and returns it (one taker, racing or not), or undefined. */
  takePending(kind: string, key: string): Promise<string | undefined>;
  /** Throws when the storage cannot be reached (readiness). */
  ping(): Promise<void>;
  /** What the storage is, without secrets (logs): `sqlite:/path` or `postgres://host:port/db`. */
  readonly description: string;
  close(): Promise<void>;
}
