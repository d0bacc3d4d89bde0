import { SqliteFile } from '../api/sqlite.js';
import type { CodeRecord, UserRecord, FrameSessionRecord, EmailUpdateRecord, TicketRecord, FrameStore, SealedKeys } from './store-types.js';

export type { CodeRecord, UserRecord, FrameSessionRecord, EmailUpdateRecord, TicketRecord, FrameStore, SealedKeys } from './store-types.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS frame_codes (email TEXT PRIMARY KEY, code_hash TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, attempts INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS frame_sends (email TEXT NOT NULL, ip TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS frame_sends_email ON frame_sends (email, at);
CREATE INDEX IF NOT EXISTS frame_sends_ip ON frame_sends (ip, at);
CREATE TABLE IF NOT EXISTS frame_users (
  id TEXT PRIMARY KEY, email TEXT UNIQUE, evm_address TEXT NOT NULL, solana_address TEXT NOT NULL,
  evm_key TEXT NOT NULL, solana_key TEXT NOT NULL, created_at INTEGER NOT NULL, social_provider TEXT
);
CREATE TABLE IF NOT EXISTS frame_email_updates (user_id TEXT PRIMARY KEY, from_email TEXT NOT NULL, new_email TEXT NOT NULL, stage TEXT NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS frame_identities (provider TEXT NOT NULL, subject TEXT NOT NULL, user_id TEXT NOT NULL, email TEXT, created_at INTEGER NOT NULL, PRIMARY KEY (provider, subject));
CREATE TABLE IF NOT EXISTS frame_tickets (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, parent TEXT NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS frame_account_types (user_id TEXT PRIMARY KEY, type TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS frame_sessions (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
`;

type Row = Record<string, unknown>;

/**
 * A store from before social login has `email NOT NULL` and no `social_provider`: rebuild that table (SQLite
 * cannot drop a NOT NULL in place), keeping every row.
 */
function migrateUsers(db: SqliteFile): void {
  const columns = db.all('PRAGMA table_info(frame_users)');
  if (!columns.length || columns.some((column) => column.name === 'social_provider')) return;
  db.transaction(() => {
    db.exec(`CREATE TABLE frame_users_v2 (
      id TEXT PRIMARY KEY, email TEXT UNIQUE, evm_address TEXT NOT NULL, solana_address TEXT NOT NULL,
      evm_key TEXT NOT NULL, solana_key TEXT NOT NULL, created_at INTEGER NOT NULL, social_provider TEXT)`);
    db.exec('INSERT INTO frame_users_v2 (id, email, evm_address, solana_address, evm_key, solana_key, created_at) SELECT id, email, evm_address, solana_address, evm_key, solana_key, created_at FROM frame_users');
    db.exec('DROP TABLE frame_users');
    db.exec('ALTER TABLE frame_users_v2 RENAME TO frame_users');
  });
  db.persist();
}
const text = (value: unknown): string | undefined => (value === null || value === undefined ? undefined : String(value));
/** A user row with the social identity's email beside it (a social user's `email` column stays empty). */
const USER = 'SELECT u.*, (SELECT i.email FROM frame_identities i WHERE i.user_id = u.id) AS social_email FROM frame_users u';
const codeRecord = (row: Row): CodeRecord => ({
  email: String(row.email),
  codeHash: String(row.code_hash),
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
  attempts: Number(row.attempts),
});
const userRecord = (row: Row): UserRecord => ({
  id: String(row.id),
  email: text(row.email) ?? text(row.social_email),
  socialProvider: text(row.social_provider),
  evmAddress: String(row.evm_address),
  solanaAddress: String(row.solana_address),
  evmKeySealed: String(row.evm_key),
  solanaKeySealed: String(row.solana_key),
  createdAt: Number(row.created_at),
});

/** Sends older than this are forgotten (longer than any rate-limit window). */
const SEND_HISTORY_MS = 24 * 60 * 60_000;

/** SQLite through sql.js (as server/auth/store.ts), written to `path` after each change; ':memory:' keeps nothing. */
export class SqliteFrameStore implements FrameStore {
  private constructor(
    private readonly db: SqliteFile,
    private readonly now: () => number,
  ) {}

  static async open(path = ':memory:', now: () => number = Date.now): Promise<SqliteFrameStore> {
    const db = await SqliteFile.open(path);
    migrateUsers(db);
    db.exec(SCHEMA);
    return new SqliteFrameStore(db, now);
  }

  private write<T>(body: () => T): T {
    const result = this.db.transaction(body);
    this.db.persist();
    return result;
  }

  async putCode(code: CodeRecord): Promise<void> {
    this.write(() => {
      this.db.run('DELETE FROM frame_codes WHERE expires_at <= ?', [this.now()]);
      this.db.run('INSERT OR REPLACE INTO frame_codes (email, code_hash, created_at, expires_at, attempts) VALUES (?, ?, ?, ?, ?)', [
        code.email,
        code.codeHash,
        code.createdAt,
        code.expiresAt,
        code.attempts,
      ]);
    });
  }

  async getCode(email: string): Promise<CodeRecord | undefined> {
    const row = this.db.get('SELECT * FROM frame_codes WHERE email = ?', [email]);
    return row ? codeRecord(row) : undefined;
  }

  async addAttempt(email: string): Promise<number> {
    return this.write(() => {
      this.db.run('UPDATE frame_codes SET attempts = attempts + 1 WHERE email = ?', [email]);
      return Number(this.db.get('SELECT attempts FROM frame_codes WHERE email = ?', [email])?.attempts ?? 0);
    });
  }

  async deleteCode(email: string): Promise<void> {
    this.write(() => this.db.run('DELETE FROM frame_codes WHERE email = ?', [email]));
  }

  async addSend(email: string, ip: string, at: number): Promise<void> {
    this.write(() => {
      this.db.run('DELETE FROM frame_sends WHERE at <= ?', [this.now() - SEND_HISTORY_MS]);
      this.db.run('INSERT INTO frame_sends (email, ip, at) VALUES (?, ?, ?)', [email, ip, at]);
    });
  }

  async sendStats(email: string, ip: string, since: number): Promise<{ toEmail: number; fromIp: number; lastToEmail: number | undefined }> {
    const toEmail = Number(this.db.get('SELECT COUNT(*) AS n FROM frame_sends WHERE email = ? AND at > ?', [email, since])?.n ?? 0);
    const fromIp = Number(this.db.get('SELECT COUNT(*) AS n FROM frame_sends WHERE ip = ? AND at > ?', [ip, since])?.n ?? 0);
    const last = this.db.get('SELECT MAX(at) AS at FROM frame_sends WHERE email = ?', [email])?.at;
    return { toEmail, fromIp, lastToEmail: last === null || last === undefined ? undefined : Number(last) };
  }

  async getUserByEmail(email: string): Promise<UserRecord | undefined> {
    const row = this.db.get(`${USER} WHERE u.email = ?`, [email]);
    return row ? userRecord(row) : undefined;
  }

  async getUser(id: string): Promise<UserRecord | undefined> {
    const row = this.db.get(`${USER} WHERE u.id = ?`, [id]);
    return row ? userRecord(row) : undefined;
  }

  async addUser(user: UserRecord): Promise<UserRecord> {
    return this.write(() => {
      this.db.run(
        'INSERT OR IGNORE INTO frame_users (id, email, evm_address, solana_address, evm_key, solana_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [user.id, user.email ?? null, user.evmAddress, user.solanaAddress, user.evmKeySealed, user.solanaKeySealed, user.createdAt],
      );
      return userRecord(this.db.get(`${USER} WHERE u.email = ?`, [user.email ?? null])!);
    });
  }

  async getUserBySocial(provider: string, subject: string): Promise<UserRecord | undefined> {
    const row = this.db.get(`${USER} WHERE u.id = (SELECT user_id FROM frame_identities WHERE provider = ? AND subject = ?)`, [provider, subject]);
    return row ? userRecord(row) : undefined;
  }

  async addSocialUser(user: UserRecord, provider: string, subject: string): Promise<UserRecord> {
    return this.write(() => {
      const known = this.db.get('SELECT user_id FROM frame_identities WHERE provider = ? AND subject = ?', [provider, subject]);
      let id = user.id;
      if (known) {
        id = String(known.user_id);
        if (user.email !== undefined) this.db.run('UPDATE frame_identities SET email = ? WHERE provider = ? AND subject = ?', [user.email, provider, subject]);
      } else {
        // The provider's email is shown, never a login key: it lives on the identity, not in frame_users.email.
        this.db.run('INSERT INTO frame_users (id, email, evm_address, solana_address, evm_key, solana_key, created_at, social_provider) VALUES (?, NULL, ?, ?, ?, ?, ?, ?)', [
          user.id,
          user.evmAddress,
          user.solanaAddress,
          user.evmKeySealed,
          user.solanaKeySealed,
          user.createdAt,
          provider,
        ]);
        this.db.run('INSERT INTO frame_identities (provider, subject, user_id, email, created_at) VALUES (?, ?, ?, ?, ?)', [provider, subject, user.id, user.email ?? null, user.createdAt]);
      }
      return userRecord(this.db.get(`${USER} WHERE u.id = ?`, [id])!);
    });
  }

  async putTicket(ticket: TicketRecord): Promise<void> {
    this.write(() => {
      this.db.run('DELETE FROM frame_tickets WHERE expires_at <= ?', [this.now()]);
      this.db.run('INSERT INTO frame_tickets (id, user_id, parent, expires_at) VALUES (?, ?, ?, ?)', [ticket.id, ticket.userId, ticket.parent, ticket.expiresAt]);
    });
  }

  async takeTicket(id: string): Promise<TicketRecord | undefined> {
    return this.write(() => {
      const row = this.db.get('SELECT * FROM frame_tickets WHERE id = ?', [id]);
      if (!row) return undefined;
      this.db.run('DELETE FROM frame_tickets WHERE id = ?', [id]);
      return { id, userId: String(row.user_id), parent: String(row.parent), expiresAt: Number(row.expires_at) };
    });
  }

  async setUserEmail(userId: string, email: string): Promise<boolean> {
    return this.write(() => {
      const holder = this.db.get('SELECT id FROM frame_users WHERE email = ?', [email]);
      if (holder && String(holder.id) !== userId) return false;
      this.db.run('UPDATE frame_users SET email = ? WHERE id = ?', [email, userId]);
      return true;
    });
  }

  async putEmailUpdate(update: EmailUpdateRecord): Promise<void> {
    this.write(() => {
      this.db.run('DELETE FROM frame_email_updates WHERE expires_at <= ?', [this.now()]);
      this.db.run('INSERT OR REPLACE INTO frame_email_updates (user_id, from_email, new_email, stage, expires_at) VALUES (?, ?, ?, ?, ?)', [
        update.userId,
        update.fromEmail,
        update.newEmail,
        update.stage,
        update.expiresAt,
      ]);
    });
  }

  async getEmailUpdate(userId: string): Promise<EmailUpdateRecord | undefined> {
    const row = this.db.get('SELECT * FROM frame_email_updates WHERE user_id = ? AND expires_at > ?', [userId, this.now()]);
    if (!row) return undefined;
    const stage = String(row.stage);
    return {
      userId: String(row.user_id),
      fromEmail: String(row.from_email),
      newEmail: String(row.new_email),
      stage: stage === 'verify_new' || stage === 'done' ? stage : 'verify_current',
      expiresAt: Number(row.expires_at),
    };
  }

  async addSession(session: FrameSessionRecord): Promise<void> {
    this.write(() => {
      this.db.run('DELETE FROM frame_sessions WHERE expires_at <= ?', [this.now()]);
      this.db.run('INSERT INTO frame_sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)', [session.id, session.userId, session.createdAt, session.expiresAt]);
    });
  }

  async getSession(id: string): Promise<FrameSessionRecord | undefined> {
    const row = this.db.get('SELECT * FROM frame_sessions WHERE id = ?', [id]);
    return row ? { id: String(row.id), userId: String(row.user_id), createdAt: Number(row.created_at), expiresAt: Number(row.expires_at) } : undefined;
  }

  async deleteSession(id: string): Promise<void> {
    this.write(() => this.db.run('DELETE FROM frame_sessions WHERE id = ?', [id]));
  }

  async getAccountType(userId: string): Promise<'eoa' | 'smartAccount' | undefined> {
    const type = text(this.db.get('SELECT type FROM frame_account_types WHERE user_id = ?', [userId])?.type);
    return type === 'eoa' || type === 'smartAccount' ? type : undefined;
  }

  async setAccountType(userId: string, type: 'eoa' | 'smartAccount'): Promise<void> {
    this.write(() => this.db.run('INSERT INTO frame_account_types (user_id, type) VALUES (?, ?) ON CONFLICT(user_id) DO UPDATE SET type = excluded.type', [userId, type]));
  }

  async listSealedKeys(): Promise<SealedKeys[]> {
    return this.db.all('SELECT id, evm_key, solana_key FROM frame_users ORDER BY id').map((row) => ({ id: String(row.id), evmKeySealed: String(row.evm_key), solanaKeySealed: String(row.solana_key) }));
  }

  async replaceSealedKeys(keys: readonly SealedKeys[]): Promise<number> {
    return this.write(() => {
      let changed = 0;
      for (const key of keys) {
        this.db.run('UPDATE frame_users SET evm_key = ?, solana_key = ? WHERE id = ?', [key.evmKeySealed, key.solanaKeySealed, key.id]);
        changed += Number(this.db.get('SELECT changes() AS n')?.n ?? 0);
      }
      return changed;
    });
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
