import { PostgresDatabase } from './postgres.js';
import { SqliteDatabase } from './sqlite.js';
import type { SqlDatabase } from './sql.js';

export type { Row, SqlDatabase, SqlExecutor, SqlParam } from './sql.js';
export { migrate, type Migration } from './migrate.js';

/**
 * Opens a service's database from one setting: `postgres://…` or `postgresql://…` is PostgreSQL (several
 * instances may share it); `sqlite:PATH`, a plain file path or `:memory:` is SQLite on this machine.
 */
export function openDatabase(url: string): SqlDatabase {
  const value = url.trim();
  if (/^postgres(ql)?:\/\//i.test(value)) return new PostgresDatabase(value);
  const path = value.startsWith('sqlite:') ? value.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '') : value;
  if (path === '') throw new Error('a database URL is empty: give postgres://…, sqlite:PATH, a file path or :memory:');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) throw new Error(`unsupported database URL ${JSON.stringify(value.replace(/\/\/[^@/]*@/, '//…@'))}: give postgres://…, sqlite:PATH, a file path or :memory:`);
  return new SqliteDatabase(path);
}
