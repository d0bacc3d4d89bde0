import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import initSqlJs, { type BindParams, type Database, type SqlJsStatic, type SqlValue } from 'sql.js';

export type Row = Record<string, SqlValue>;

let sqlJs: Promise<SqlJsStatic> | undefined;
/** The wasm module loads once per process. */
const loadSqlJs = (): Promise<SqlJsStatic> => (sqlJs ??= initSqlJs());

/**
 * A sql.js database (SQLite in memory) mirrored to a file. sql.js never touches the disk itself: `persist()`
 * exports the whole database to a temporary file and renames it over the old one, so a crash mid-write
 * leaves the previous snapshot intact. `':memory:'` keeps it in memory only.
 */
export class SqliteFile {
  private constructor(
    private readonly db: Database,
    readonly path: string,
  ) {}

  static async open(path: string): Promise<SqliteFile> {
    const SQL = await loadSqlJs();
    if (path === ':memory:') return new SqliteFile(new SQL.Database(), path);
    const absolute = resolve(path);
    mkdirSync(dirname(absolute), { recursive: true });
    if (!existsSync(absolute)) return new SqliteFile(new SQL.Database(), absolute);
    const db = new SQL.Database(readFileSync(absolute));
    try {
      db.exec('PRAGMA schema_version');
    } catch (err) {
      // Not a database (truncated, or some other file): keep it aside for inspection, start empty.
      db.close();
      renameSync(absolute, `${absolute}.corrupt-${Date.now()}`);
      console.warn(`[wallet-api] ${absolute} is not a SQLite database (${String(err)}); starting a new index`);
      return new SqliteFile(new SQL.Database(), absolute);
    }
    return new SqliteFile(db, absolute);
  }

  run(sql: string, params?: BindParams): void {
    this.db.run(sql, params ?? null);
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  all(sql: string, params?: BindParams): Row[] {
    // Statements are prepared per call: export() frees every prepared statement.
    const statement = this.db.prepare(sql);
    try {
      if (params) statement.bind(params);
      const rows: Row[] = [];
      while (statement.step()) rows.push(statement.getAsObject());
      return rows;
    } finally {
      statement.free();
    }
  }

  get(sql: string, params?: BindParams): Row | undefined {
    return this.all(sql, params)[0];
  }

  /** Runs `body` in one transaction; rolls back if it throws. `body` must be synchronous. */
  transaction<T>(body: () => T): T {
    this.db.exec('BEGIN');
    try {
      const result = body();
      this.db.exec('COMMIT');
      return result;
    } catch (err) {
      this.db.exec('ROLLBACK');
      throw err;
    }
  }

  persist(): void {
    if (this.path === ':memory:') return;
    const temporary = `${this.path}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, this.db.export());
      renameSync(temporary, this.path);
    } catch (err) {
      rmSync(temporary, { force: true });
      throw err;
    }
  }

  close(): void {
    this.db.close();
  }
}
