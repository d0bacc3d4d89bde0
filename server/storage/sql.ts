/**
 * The one storage interface the services share: SQL over SQLite (one machine, `better-sqlite3`) or PostgreSQL
 * (several instances, `pg`), chosen by a URL (open.ts). Statements are written once with `?` placeholders and
 * the portable subset both speak (`INSERT … ON CONFLICT`, `RETURNING`, `BIGINT` columns); where the two differ
 * a migration gives each its own text (migrate.ts).
 *
 * Integers: a `BIGINT` column reads back as a JavaScript number on both (times in ms and block numbers fit in
 * 2^53); anything larger (token amounts) is stored as TEXT.
 */

export type SqlParam = string | number | bigint | boolean | null | Uint8Array;
export type Row = Record<string, unknown>;

export interface SqlExecutor {
  readonly dialect: 'sqlite' | 'postgres';
  /** Every row of a query. */
  all<T = Row>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** The first row, or undefined. */
  get<T = Row>(sql: string, params?: readonly SqlParam[]): Promise<T | undefined>;
  /** A statement that returns no rows; `changes` is how many rows it touched. */
  run(sql: string, params?: readonly SqlParam[]): Promise<{ changes: number }>;
  /** Several statements without parameters (schema). */
  exec(sql: string): Promise<void>;
}

export interface SqlDatabase extends SqlExecutor {
  /**
   * Runs `body` in one transaction: committed when it resolves, rolled back when it throws. On SQLite the
   * transaction holds the database's write lock (`BEGIN IMMEDIATE`), so other processes on the same file wait
   * for it; within this process, other calls wait until it ends. On PostgreSQL it is one pooled connection.
   */
  transaction<T>(body: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Throws when the database cannot be reached (readiness). */
  ping(): Promise<void>;
  /** What the database is, without secrets: `sqlite:/path/to/file` or `postgres://host:port/db`. */
  readonly description: string;
  close(): Promise<void>;
}

/**
 * `?` → `$1, $2, …` for PostgreSQL. Question marks inside single-quoted strings, double-quoted names and
 * comments are left alone.
 */
export function numberedPlaceholders(sql: string): string {
  let out = '';
  let n = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i] as string;
    if (c === "'" || c === '"') {
      const end = sql.indexOf(c, i + 1);
      const stop = end < 0 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '?') {
      out += `$${++n}`;
    } else {
      out += c;
    }
  }
  return out;
}
