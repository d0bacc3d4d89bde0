import { randomBytes } from 'node:crypto';
import { migrate, openDatabase, type Migration, type SqlDatabase } from '../storage/open.js';

/** A nonce handed out by `GET csrf` (the Auth.js CSRF token doubles as the sign-in nonce). Times in ms. */
export interface NonceRecord {
  nonce: string;
  issuedAt: number;
  expiresAt: number;
  /** When a sign-in consumed it; null while unused. */
  usedAt: number | null;
}

/** One signed-in account on one chain. Times in ms. */
export interface SessionRecord {
  id: string;
  address: string;
  /** CAIP-2. */
  chainId: string;
  message: string;
  signature: string;
  createdAt: number;
  expiresAt: number;
}

/**
 * Where the sign-in backend keeps nonces and sessions. Asynchronous so that a multi-instance deployment can
 * put it in a shared database; `SqlAuthStore` (below, SQLite or PostgreSQL) is the default.
 */
export interface AuthStore {
  /** Records a nonce as handed out; a nonce already known keeps its record, which is returned. */
  issueNonce(nonce: string, issuedAt: number, expiresAt: number): Promise<NonceRecord>;
  getNonce(nonce: string): Promise<NonceRecord | undefined>;
  /** Marks an unused nonce used; false when it was already used (of two racing sign-ins, one wins). */
  useNonce(nonce: string, at: number): Promise<boolean>;
  addSession(session: SessionRecord): Promise<void>;
  getSession(id: string): Promise<SessionRecord | undefined>;
  deleteSession(id: string): Promise<void>;
  /** Server-side revocation: ends every session of `address` on `chainId`; returns how many there were. */
  revokeSessions(address: string, chainId: string): Promise<number>;
  /** The Auth.js secret when the site owner gives none: made once, then kept with the data it protects. */
  secret(): Promise<string>;
  close(): Promise<void>;
}

/** The sign-in backend's tables, as migrations (server/storage/migrate.ts): the same text on SQLite and PostgreSQL. */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
CREATE TABLE auth_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE auth_nonces (nonce TEXT PRIMARY KEY, issued_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, used_at BIGINT);
CREATE INDEX auth_nonces_issued ON auth_nonces (issued_at);
CREATE INDEX auth_nonces_expires ON auth_nonces (expires_at);
CREATE TABLE auth_sessions (
  id TEXT PRIMARY KEY, address TEXT NOT NULL, address_key TEXT NOT NULL, chain_id TEXT NOT NULL, message TEXT NOT NULL, signature TEXT NOT NULL,
  created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL
);
CREATE INDEX auth_sessions_account ON auth_sessions (address_key, chain_id);
CREATE INDEX auth_sessions_expires ON auth_sessions (expires_at);
`,
  },
];

type Row = Record<string, unknown>;
const nonceRecord = (row: Row): NonceRecord => ({
  nonce: String(row.nonce),
  issuedAt: Number(row.issued_at),
  expiresAt: Number(row.expires_at),
  usedAt: row.used_at === null ? null : Number(row.used_at),
});
const sessionRecord = (row: Row): SessionRecord => ({
  id: String(row.id),
  address: String(row.address),
  chainId: String(row.chain_id),
  message: String(row.message),
  signature: String(row.signature),
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
});

/** EVM addresses compare case-insensitively; Solana's base58 ones exactly. */
const addressKey = (address: string): string => (/^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address);

/**
 * The store over SQL (server/storage/): SQLite on one machine (the default, a file written as each change
 * commits), PostgreSQL when several instances share it (`DATABASE_URL`). Every change is one statement or one
 * transaction, so two instances never undo each other's writes: of two sign-ins racing for one nonce, on one
 * instance or two, exactly one wins.
 */
export class SqlAuthStore implements AuthStore {
  private constructor(
    /** The database, for readiness checks. */
    readonly db: SqlDatabase,
    private readonly now: () => number,
    private readonly maxNonces: number,
  ) {}

  /**
   * `database`: a PostgreSQL URL, a SQLite file path or ':memory:' (default; keeps nothing). `maxNonces`: most
   * nonces kept (each `GET csrf` without a live one issues one, so anyone can add them); past it the oldest go,
   * and a sign-in with one is refused as with any unknown nonce. Default 100,000.
   */
  static async open(database = ':memory:', { now = Date.now, maxNonces = 100_000 }: { now?: () => number; maxNonces?: number } = {}): Promise<SqlAuthStore> {
    const db = openDatabase(database);
    try {
      await migrate(db, 'sign-in', MIGRATIONS);
    } catch (err) {
      await db.close();
      throw err;
    }
    return new SqlAuthStore(db, now, maxNonces);
  }

  async issueNonce(nonce: string, issuedAt: number, expiresAt: number): Promise<NonceRecord> {
    return this.db.transaction(async (tx) => {
      // Expired nonces can go: one that comes back unknown is refused all the same.
      await tx.run('DELETE FROM auth_nonces WHERE expires_at <= ?', [this.now()]);
      await tx.run('INSERT INTO auth_nonces (nonce, issued_at, expires_at, used_at) VALUES (?, ?, ?, NULL) ON CONFLICT (nonce) DO NOTHING', [nonce, issuedAt, expiresAt]);
      // Past the bound, the oldest go (the one just issued is the newest).
      const excess = Number((await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM auth_nonces'))?.n ?? 0) - this.maxNonces;
      if (excess > 0) {
        await tx.run('DELETE FROM auth_nonces WHERE nonce IN (SELECT nonce FROM auth_nonces ORDER BY issued_at, nonce LIMIT ?)', [excess]);
      }
      return nonceRecord((await tx.get('SELECT * FROM auth_nonces WHERE nonce = ?', [nonce]))!);
    });
  }

  async getNonce(nonce: string): Promise<NonceRecord | undefined> {
    const row = await this.db.get('SELECT * FROM auth_nonces WHERE nonce = ?', [nonce]);
    return row ? nonceRecord(row) : undefined;
  }

  async useNonce(nonce: string, at: number): Promise<boolean> {
    // One conditional statement: the database decides which of two racing uses wins.
    const { changes } = await this.db.run('UPDATE auth_nonces SET used_at = ? WHERE nonce = ? AND used_at IS NULL', [at, nonce]);
    return changes === 1;
  }

  async addSession(session: SessionRecord): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM auth_sessions WHERE expires_at <= ?', [this.now()]);
      await tx.run('INSERT INTO auth_sessions (id, address, address_key, chain_id, message, signature, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
        session.id,
        session.address,
        addressKey(session.address),
        session.chainId,
        session.message,
        session.signature,
        session.createdAt,
        session.expiresAt,
      ]);
    });
  }

  async getSession(id: string): Promise<SessionRecord | undefined> {
    const row = await this.db.get('SELECT * FROM auth_sessions WHERE id = ?', [id]);
    return row ? sessionRecord(row) : undefined;
  }

  async deleteSession(id: string): Promise<void> {
    await this.db.run('DELETE FROM auth_sessions WHERE id = ?', [id]);
  }

  async revokeSessions(address: string, chainId: string): Promise<number> {
    const { changes } = await this.db.run('DELETE FROM auth_sessions WHERE address_key = ? AND chain_id = ?', [addressKey(address), chainId]);
    return changes;
  }

  async secret(): Promise<string> {
    // Two instances starting on one empty database: the first insert wins, both read the same secret.
    await this.db.run('INSERT INTO auth_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', ['secret', randomBytes(32).toString('base64url')]);
    return String((await this.db.get<{ value: string }>('SELECT value FROM auth_meta WHERE key = ?', ['secret']))!.value);
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
