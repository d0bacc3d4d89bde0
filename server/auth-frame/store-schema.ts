/**
 * The login service's tables, as migrations run on start (`migrate(db, 'login', LOGIN_MIGRATIONS)`). Version 1
 * is the schema the sql.js store made (CREATE … IF NOT EXISTS), so a file from before migrations opens as is;
 * times are BIGINT (ms) so PostgreSQL holds them.
 */
import type { Migration, SqlDatabase } from '../storage/open.js';

const V1 = `
CREATE TABLE IF NOT EXISTS frame_codes (email TEXT PRIMARY KEY, code_hash TEXT NOT NULL, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, attempts BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS frame_sends (email TEXT NOT NULL, ip TEXT NOT NULL, at BIGINT NOT NULL);
CREATE INDEX IF NOT EXISTS frame_sends_email ON frame_sends (email, at);
CREATE INDEX IF NOT EXISTS frame_sends_ip ON frame_sends (ip, at);
CREATE TABLE IF NOT EXISTS frame_users (
  id TEXT PRIMARY KEY, email TEXT UNIQUE, evm_address TEXT NOT NULL, solana_address TEXT NOT NULL,
  evm_key TEXT NOT NULL, solana_key TEXT NOT NULL, created_at BIGINT NOT NULL, social_provider TEXT
);
CREATE TABLE IF NOT EXISTS frame_email_updates (user_id TEXT PRIMARY KEY, from_email TEXT NOT NULL, new_email TEXT NOT NULL, stage TEXT NOT NULL, expires_at BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS frame_identities (provider TEXT NOT NULL, subject TEXT NOT NULL, user_id TEXT NOT NULL, email TEXT, created_at BIGINT NOT NULL, PRIMARY KEY (provider, subject));
CREATE TABLE IF NOT EXISTS frame_tickets (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, parent TEXT NOT NULL, expires_at BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS frame_account_types (user_id TEXT PRIMARY KEY, type TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS frame_sessions (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL);
`;

/** Version 2: what was each instance's own memory, shared so any instance answers any request. */
const V2 = `
CREATE TABLE IF NOT EXISTS frame_once (key TEXT PRIMARY KEY, expires_at BIGINT NOT NULL);
CREATE INDEX IF NOT EXISTS frame_once_expiry ON frame_once (expires_at);
CREATE TABLE IF NOT EXISTS frame_failures (ip TEXT NOT NULL, at BIGINT NOT NULL);
CREATE INDEX IF NOT EXISTS frame_failures_ip ON frame_failures (ip, at);
CREATE INDEX IF NOT EXISTS frame_failures_at ON frame_failures (at);
CREATE TABLE IF NOT EXISTS frame_pending (kind TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, PRIMARY KEY (kind, key));
CREATE INDEX IF NOT EXISTS frame_pending_expiry ON frame_pending (expires_at);
`;

/** The schema steps, oldest first; add a step, never edit one that has shipped. */
export const LOGIN_MIGRATIONS: readonly Migration[] = [
  { version: 1, sql: V1 },
  { version: 2, sql: V2 },
];

/**
 * A SQLite file from before social login has `frame_users.email NOT NULL` and no `social_provider`: rebuild that
 * table (SQLite cannot drop a NOT NULL in place), keeping every row. Runs before the migrations; no-op otherwise.
 */
export async function upgradeLegacyUsers(db: SqlDatabase): Promise<void> {
  if (db.dialect !== 'sqlite') return;
  await db.transaction(async (tx) => {
    const columns = await tx.all<{ name: string }>('PRAGMA table_info(frame_users)');
    if (!columns.length || columns.some((column) => column.name === 'social_provider')) return;
    await tx.exec(`CREATE TABLE frame_users_v2 (
      id TEXT PRIMARY KEY, email TEXT UNIQUE, evm_address TEXT NOT NULL, solana_address TEXT NOT NULL,
      evm_key TEXT NOT NULL, solana_key TEXT NOT NULL, created_at BIGINT NOT NULL, social_provider TEXT);
    INSERT INTO frame_users_v2 (id, email, evm_address, solana_address, evm_key, solana_key, created_at)
      SELECT id, email, evm_address, solana_address, evm_key, solana_key, created_at FROM frame_users;
    DROP TABLE frame_users;
    ALTER TABLE frame_users_v2 RENAME TO frame_users;`);
  });
}
