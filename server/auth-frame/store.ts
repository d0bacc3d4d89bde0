import { migrate, openDatabase, type Row, type SqlDatabase, type SqlExecutor } from '../storage/open.js';
import { LOGIN_MIGRATIONS, upgradeLegacyUsers } from './store-schema.js';
import type { CodeRecord, UserRecord, FrameSessionRecord, EmailUpdateRecord, TicketRecord, FrameStore, SealedKeys } from './store-types.js';

export type { CodeRecord, UserRecord, FrameSessionRecord, EmailUpdateRecord, TicketRecord, FrameStore, SealedKeys } from './store-types.js';

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
const readUser = async (db: SqlExecutor, where: string, ...params: (string | null)[]): Promise<UserRecord | undefined> => {
  const row = await db.get(`${USER} WHERE ${where}`, params);
  return row ? userRecord(row) : undefined;
};
/** A unique constraint refused the row (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY). */
const isUniqueViolation = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/** Sends older than this are forgotten (longer than any rate-limit window). */
const SEND_HISTORY_MS = 24 * 60 * 60_000;

/**
 * The login service's store over the shared SQL layer (server/storage): a SQLite file on one machine, or one
 * PostgreSQL database shared by any number of instances. Each compound change is one statement
 * (`INSERT … ON CONFLICT`, `UPDATE/DELETE … RETURNING`) or one transaction, so two instances never overwrite
 * each other's rows and a sealed key, once acknowledged, is on disk.
 */
export class SqlFrameStore implements FrameStore {
  private constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => number,
  ) {}

  /** Opens `url` (postgres://…, a SQLite path, sqlite:PATH or ':memory:', the default) and runs the migrations. */
  static async open(url = ':memory:', now: () => number = Date.now): Promise<SqlFrameStore> {
    const db = openDatabase(url);
    try {
      await upgradeLegacyUsers(db);
      await migrate(db, 'login', LOGIN_MIGRATIONS);
    } catch (err) {
      await db.close();
      throw err;
    }
    return new SqlFrameStore(db, now);
  }

  /** What the database is, without secrets (for logs). */
  get description(): string {
    return this.db.description;
  }

  ping(): Promise<void> {
    return this.db.ping();
  }

  async putCode(code: CodeRecord): Promise<void> {
    await this.db.run('DELETE FROM frame_codes WHERE expires_at <= ?', [this.now()]);
    await this.db.run(
      'INSERT INTO frame_codes (email, code_hash, created_at, expires_at, attempts) VALUES (?, ?, ?, ?, ?) ON CONFLICT (email) DO UPDATE SET code_hash = excluded.code_hash, created_at = excluded.created_at, expires_at = excluded.expires_at, attempts = excluded.attempts',
      [code.email, code.codeHash, code.createdAt, code.expiresAt, code.attempts],
    );
  }

  async getCode(email: string): Promise<CodeRecord | undefined> {
    const row = await this.db.get('SELECT * FROM frame_codes WHERE email = ?', [email]);
    return row ? codeRecord(row) : undefined;
  }

  async addAttempt(email: string): Promise<number> {
    const row = await this.db.get<{ attempts: number }>('UPDATE frame_codes SET attempts = attempts + 1 WHERE email = ? RETURNING attempts', [email]);
    return Number(row?.attempts ?? 0);
  }

  async deleteCode(email: string): Promise<void> {
    await this.db.run('DELETE FROM frame_codes WHERE email = ?', [email]);
  }

  async spendCode(email: string, codeHash: string, now: number): Promise<boolean> {
    return (await this.db.run('DELETE FROM frame_codes WHERE email = ? AND code_hash = ? AND expires_at > ?', [email, codeHash, now])).changes === 1;
  }

  async addSend(email: string, ip: string, at: number): Promise<void> {
    await this.db.run('DELETE FROM frame_sends WHERE at <= ?', [this.now() - SEND_HISTORY_MS]);
    await this.db.run('INSERT INTO frame_sends (email, ip, at) VALUES (?, ?, ?)', [email, ip, at]);
  }

  async sendStats(email: string, ip: string, since: number): Promise<{ toEmail: number; fromIp: number; lastToEmail: number | undefined }> {
    const row = await this.db.get(
      'SELECT (SELECT COUNT(*) FROM frame_sends WHERE email = ? AND at > ?) AS to_email, (SELECT COUNT(*) FROM frame_sends WHERE ip = ? AND at > ?) AS from_ip, (SELECT MAX(at) FROM frame_sends WHERE email = ?) AS last_at',
      [email, since, ip, since, email],
    );
    const last = row?.last_at;
    return { toEmail: Number(row?.to_email ?? 0), fromIp: Number(row?.from_ip ?? 0), lastToEmail: last === null || last === undefined ? undefined : Number(last) };
  }

  getUserByEmail(email: string): Promise<UserRecord | undefined> {
    return readUser(this.db, 'u.email = ?', email);
  }

  getUser(id: string): Promise<UserRecord | undefined> {
    return readUser(this.db, 'u.id = ?', id);
  }

  async addUser(user: UserRecord): Promise<UserRecord> {
    // Two instances verifying the same email at once: one row wins, both answer with it (and its key).
    await this.db.run(
      'INSERT INTO frame_users (id, email, evm_address, solana_address, evm_key, solana_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      [user.id, user.email ?? null, user.evmAddress, user.solanaAddress, user.evmKeySealed, user.solanaKeySealed, user.createdAt],
    );
    const stored = await readUser(this.db, 'u.email = ?', user.email ?? null);
    if (!stored) throw new Error(`addUser: no user stored for ${user.id}`);
    return stored;
  }

  getUserBySocial(provider: string, subject: string): Promise<UserRecord | undefined> {
    return readUser(this.db, 'u.id = (SELECT user_id FROM frame_identities WHERE provider = ? AND subject = ?)', provider, subject);
  }

  async addSocialUser(user: UserRecord, provider: string, subject: string): Promise<UserRecord> {
    return this.db.transaction(async (tx) => {
      // The identity row decides who wins a race; the user row is written in the same transaction.
      const claimed = await tx.get('INSERT INTO frame_identities (provider, subject, user_id, email, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING user_id', [
        provider,
        subject,
        user.id,
        user.email ?? null,
        user.createdAt,
      ]);
      let id = user.id;
      if (claimed) {
        // The provider's email is shown, never a login key: it lives on the identity, not in frame_users.email.
        await tx.run('INSERT INTO frame_users (id, email, evm_address, solana_address, evm_key, solana_key, created_at, social_provider) VALUES (?, NULL, ?, ?, ?, ?, ?, ?)', [
          user.id,
          user.evmAddress,
          user.solanaAddress,
          user.evmKeySealed,
          user.solanaKeySealed,
          user.createdAt,
          provider,
        ]);
      } else {
        const known = await tx.get('SELECT user_id FROM frame_identities WHERE provider = ? AND subject = ?', [provider, subject]);
        id = String(known?.user_id);
        if (user.email !== undefined) await tx.run('UPDATE frame_identities SET email = ? WHERE provider = ? AND subject = ?', [user.email, provider, subject]);
      }
      const stored = await readUser(tx, 'u.id = ?', id);
      if (!stored) throw new Error(`addSocialUser: no user stored for ${provider} identity`);
      return stored;
    });
  }

  async putTicket(ticket: TicketRecord): Promise<void> {
    await this.db.run('DELETE FROM frame_tickets WHERE expires_at <= ?', [this.now()]);
    await this.db.run('INSERT INTO frame_tickets (id, user_id, parent, expires_at) VALUES (?, ?, ?, ?)', [ticket.id, ticket.userId, ticket.parent, ticket.expiresAt]);
  }

  async useOnce(key: string, expiresAt: number): Promise<boolean> {
    const now = this.now();
    await this.db.run('DELETE FROM frame_once WHERE expires_at <= ?', [now]);
    const { changes } = await this.db.run('INSERT INTO frame_once (key, expires_at) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', [key, expiresAt]);
    return changes === 1;
  }

  async addFailure(ip: string, at: number): Promise<void> {
    await this.db.run('INSERT INTO frame_failures (ip, at) VALUES (?, ?)', [ip, at]);
  }

  async failuresSince(ip: string, since: number): Promise<number> {
    // Older rows are no one's count any more (every window is shorter than a day).
    await this.db.run('DELETE FROM frame_failures WHERE at <= ?', [since - 86_400_000]);
    const row = await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM frame_failures WHERE ip = ? AND at > ?', [ip, since]);
    return Number(row?.n ?? 0);
  }

  async putPending(kind: string, key: string, value: string, expiresAt: number, max: number): Promise<void> {
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM frame_pending WHERE expires_at <= ?', [now]);
      const row = await tx.get<{ n: number; last: number | null }>('SELECT COUNT(*) AS n, MAX(created_at) AS last FROM frame_pending WHERE kind = ?', [kind]);
      const count = Number(row?.n ?? 0);
      // Filing order, even within one millisecond: the oldest is the one dropped past the bound.
      const created = Math.max(now, Number(row?.last ?? 0) + 1);
      if (count >= max) {
        await tx.run('DELETE FROM frame_pending WHERE kind = ? AND key IN (SELECT key FROM frame_pending WHERE kind = ? ORDER BY created_at LIMIT ?)', [kind, kind, count - max + 1]);
      }
      await tx.run(
        'INSERT INTO frame_pending (kind, key, value, created_at, expires_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value, created_at = excluded.created_at, expires_at = excluded.expires_at',
        [kind, key, value, created, expiresAt],
      );
    });
  }

  async getPending(kind: string, key: string): Promise<string | undefined> {
    const row = await this.db.get('SELECT value FROM frame_pending WHERE kind = ? AND key = ? AND expires_at > ?', [kind, key, this.now()]);
    return row ? String(row.value) : undefined;
  }

  async takePending(kind: string, key: string): Promise<string | undefined> {
    // One statement: of two instances taking the same entry, exactly one gets the row.
    const row = await this.db.get('DELETE FROM frame_pending WHERE kind = ? AND key = ? RETURNING value, expires_at', [kind, key]);
    return row && Number(row.expires_at) > this.now() ? String(row.value) : undefined;
  }

  async takeTicket(id: string): Promise<TicketRecord | undefined> {
    // One statement: of two instances redeeming the same ticket, exactly one gets the row.
    const row = await this.db.get('DELETE FROM frame_tickets WHERE id = ? RETURNING user_id, parent, expires_at', [id]);
    return row ? { id, userId: String(row.user_id), parent: String(row.parent), expiresAt: Number(row.expires_at) } : undefined;
  }

  async setUserEmail(userId: string, email: string): Promise<boolean> {
    try {
      await this.db.run('UPDATE frame_users SET email = ? WHERE id = ?', [email, userId]);
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async putEmailUpdate(update: EmailUpdateRecord): Promise<void> {
    await this.db.run('DELETE FROM frame_email_updates WHERE expires_at <= ?', [this.now()]);
    await this.db.run(
      'INSERT INTO frame_email_updates (user_id, from_email, new_email, stage, expires_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET from_email = excluded.from_email, new_email = excluded.new_email, stage = excluded.stage, expires_at = excluded.expires_at',
      [update.userId, update.fromEmail, update.newEmail, update.stage, update.expiresAt],
    );
  }

  async getEmailUpdate(userId: string): Promise<EmailUpdateRecord | undefined> {
    const row = await this.db.get('SELECT * FROM frame_email_updates WHERE user_id = ? AND expires_at > ?', [userId, this.now()]);
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
    await this.db.run('DELETE FROM frame_sessions WHERE expires_at <= ?', [this.now()]);
    await this.db.run('INSERT INTO frame_sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)', [session.id, session.userId, session.createdAt, session.expiresAt]);
  }

  async getSession(id: string): Promise<FrameSessionRecord | undefined> {
    const row = await this.db.get('SELECT * FROM frame_sessions WHERE id = ?', [id]);
    return row ? { id: String(row.id), userId: String(row.user_id), createdAt: Number(row.created_at), expiresAt: Number(row.expires_at) } : undefined;
  }

  async deleteSession(id: string): Promise<void> {
    await this.db.run('DELETE FROM frame_sessions WHERE id = ?', [id]);
  }

  async getAccountType(userId: string): Promise<'eoa' | 'smartAccount' | undefined> {
    const type = text((await this.db.get('SELECT type FROM frame_account_types WHERE user_id = ?', [userId]))?.type);
    return type === 'eoa' || type === 'smartAccount' ? type : undefined;
  }

  async setAccountType(userId: string, type: 'eoa' | 'smartAccount'): Promise<void> {
    await this.db.run('INSERT INTO frame_account_types (user_id, type) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET type = excluded.type', [userId, type]);
  }

  async listSealedKeys(): Promise<SealedKeys[]> {
    const rows = await this.db.all('SELECT id, evm_key, solana_key FROM frame_users ORDER BY id');
    return rows.map((row) => ({ id: String(row.id), evmKeySealed: String(row.evm_key), solanaKeySealed: String(row.solana_key) }));
  }

  async replaceSealedKeys(keys: readonly SealedKeys[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      let changed = 0;
      for (const key of keys) changed += (await tx.run('UPDATE frame_users SET evm_key = ?, solana_key = ? WHERE id = ?', [key.evmKeySealed, key.solanaKeySealed, key.id])).changes;
      return changed;
    });
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

