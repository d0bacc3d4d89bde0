import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { Row, SqlDatabase, SqlExecutor, SqlParam } from './sql.js';

type Bind = (string | number | bigint | null | Buffer)[];
const bind = (params: readonly SqlParam[] = []): Bind =>
  params.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value)) as Bind;

/** Calls made while a transaction is open wait for it (they would otherwise run inside it). */
const turns = new Map<unknown, Promise<unknown>>();

/**
 * SQLite through better-sqlite3: every write goes to the file as it commits (write-ahead log, `synchronous =
 * FULL`), so a process killed at any moment keeps every transaction it acknowledged and a half-done one is
 * rolled back on the next open. Several processes may share one file: writers take turns (`BEGIN IMMEDIATE`,
 * waiting up to `busyTimeoutMs` for the lock). `':memory:'` keeps nothing.
 */
export class SqliteDatabase implements SqlDatabase {
  readonly dialect = 'sqlite' as const;
  readonly description: string;
  private readonly db: Database.Database;
  private readonly file: string;
  private readonly direct: SqlExecutor;

  constructor(path: string, { busyTimeoutMs = 5_000 }: { busyTimeoutMs?: number } = {}) {
    const file = path === ':memory:' ? path : resolve(path);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file, { timeout: busyTimeoutMs });
    this.file = file;
    this.description = `sqlite:${file}`;
    if (file !== ':memory:') this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    const db = this.db;
    this.direct = {
      dialect: 'sqlite',
      all: async <T>(sql: string, params?: readonly SqlParam[]) => db.prepare(sql).all(...bind(params)) as T[],
      get: async <T>(sql: string, params?: readonly SqlParam[]) => db.prepare(sql).get(...bind(params)) as T | undefined,
      run: async (sql: string, params?: readonly SqlParam[]) => {
        const statement = db.prepare(sql);
        if (statement.reader) {
          statement.all(...bind(params));
          return { changes: 0 };
        }
        return { changes: statement.run(...bind(params)).changes };
      },
      exec: async (sql: string) => {
        db.exec(sql);
      },
    };
  }

  private queued<T>(work: () => Promise<T>): Promise<T> {
    // One queue per file in this process: better-sqlite3 waits for another connection's lock synchronously,
    // so a second connection here waiting on a transaction held across an await would block the event loop
    // that transaction needs to finish.
    const key = this.file === ':memory:' ? this : this.file;
    const result = (turns.get(key) ?? Promise.resolve()).then(work, work);
    const settled = result.catch(() => undefined);
    turns.set(key, settled);
    void settled.then(() => {
      if (turns.get(key) === settled) turns.delete(key);
    });
    return result;
  }

  all<T = Row>(sql: string, params?: readonly SqlParam[]): Promise<T[]> {
    return this.queued(() => this.direct.all<T>(sql, params));
  }
  get<T = Row>(sql: string, params?: readonly SqlParam[]): Promise<T | undefined> {
    return this.queued(() => this.direct.get<T>(sql, params));
  }
  run(sql: string, params?: readonly SqlParam[]): Promise<{ changes: number }> {
    return this.queued(() => this.direct.run(sql, params));
  }
  exec(sql: string): Promise<void> {
    return this.queued(() => this.direct.exec(sql));
  }

  transaction<T>(body: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.queued(async () => {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = await body(this.direct);
        this.db.exec('COMMIT');
        return result;
      } catch (err) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw err;
      }
    });
  }

  async ping(): Promise<void> {
    await this.get('SELECT 1 AS ok');
  }

  async close(): Promise<void> {
    await this.queued(async () => {
      if (this.db.open) this.db.close();
    });
  }
}
