import { randomBytes } from 'node:crypto';
import { SqliteFile } from '../api/sqlite.js';

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
 * put it in a shared database; `SqliteAuthStore` (below) is the default.
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

const SCHEMA = `
CREATE TABLE IF NOT EXISTS auth_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS auth_nonces (nonce TEXT PRIMARY KEY, issued_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, used_at INTEGER);
CREATE TABLE IF NOT EXISTS auth_sessions (
  id TEXT PRIMARY KEY, address TEXT NOT NULL, address_key TEXT NOT NULL, chain_id TEXT NOT NULL, message TEXT NOT NULL, signature TEXT NOT NULL,
  created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS auth_sessions_account ON auth_sessions (address_key, chain_id);
`;

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
 * The default store: SQLite (sql.js, the project's embedded store, as server/api uses), written through to
 * `path` after every change; ':memory:' keeps nothing between runs.
 */
export class SqliteAuthStore implements AuthStore {
  private constructor(
    private readonly db: SqliteFile,
    private readonly now: () => number,
    private readonly maxNonces: number,
  ) {}

  /**
   * `maxNonces`: most nonces kept (each `GET csrf` without a live one issues one, so anyone can add them); past
   * it the oldest go, and a sign-in with one is refused as with any unknown nonce. Default 100,000.
   */
  static async open(path = ':memory:', now: () => number = Date.now, maxNonces = 100_000): Promise<SqliteAuthStore> {
    const db = await SqliteFile.open(path);
    db.exec(SCHEMA);
    return new SqliteAuthStore(db, now, maxNonces);
  }

  private write<T>(body: () => T): T {
    const result = this.db.transaction(body);
    this.db.persist();
    return result;
  }

  async issueNonce(nonce: string, issuedAt: number, expiresAt: number): Promise<NonceRecord> {
    return this.write(() => {
      // Expired nonces can go: one that comes back unknown is refused all the same.
      this.db.run('DELETE FROM auth_nonces WHERE expires_at <= ?', [this.now()]);
      this.db.run('INSERT OR IGNORE INTO auth_nonces (nonce, issued_at, expires_at, used_at) VALUES (?, ?, ?, NULL)', [nonce, issuedAt, expiresAt]);
      this.db.run('DELETE FROM auth_nonces WHERE rowid IN (SELECT rowid FROM auth_nonces ORDER BY issued_at, rowid LIMIT max(0, (SELECT count(*) FROM auth_nonces) - ?))', [this.maxNonces]);
      return nonceRecord(this.db.get('SELECT * FROM auth_nonces WHERE nonce = ?', [nonce])!);
    });
  }

  async getNonce(nonce: string): Promise<NonceRecord | undefined> {
    const row = this.db.get('SELECT * FROM auth_nonces WHERE nonce = ?', [nonce]);
    return row ? nonceRecord(row) : undefined;
  }

  async useNonce(nonce: string, at: number): Promise<boolean> {
    return this.write(() => {
      const row = this.db.get('SELECT used_at FROM auth_nonces WHERE nonce = ?', [nonce]);
      if (!row || row.used_at !== null) return false;
      this.db.run('UPDATE auth_nonces SET used_at = ? WHERE nonce = ?', [at, nonce]);
      return true;
    });
  }

  async addSession(session: SessionRecord): Promise<void> {
    this.write(() => {
      this.db.run('DELETE FROM auth_sessions WHERE expires_at <= ?', [this.now()]);
      this.db.run('INSERT INTO auth_sessions (id, address, address_key, chain_id, message, signature, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
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
    const row = this.db.get('SELECT * FROM auth_sessions WHERE id = ?', [id]);
    return row ? sessionRecord(row) : undefined;
  }

  async deleteSession(id: string): Promise<void> {
    this.write(() => this.db.run('DELETE FROM auth_sessions WHERE id = ?', [id]));
  }

  async revokeSessions(address: string, chainId: string): Promise<number> {
    return this.write(() => {
      const count = Number(this.db.get('SELECT COUNT(*) AS n FROM auth_sessions WHERE address_key = ? AND chain_id = ?', [addressKey(address), chainId])?.n ?? 0);
      this.db.run('DELETE FROM auth_sessions WHERE address_key = ? AND chain_id = ?', [addressKey(address), chainId]);
      return count;
    });
  }

  async secret(): Promise<string> {
    return this.write(() => {
      this.db.run('INSERT OR IGNORE INTO auth_meta (key, value) VALUES (?, ?)', ['secret', randomBytes(32).toString('base64url')]);
      return String(this.db.get('SELECT value FROM auth_meta WHERE key = ?', ['secret'])!.value);
    });
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
