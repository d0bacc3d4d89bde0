import pg from 'pg';
import { numberedPlaceholders, type Row, type SqlDatabase, type SqlExecutor, type SqlParam } from './sql.js';

const INT8_OID = 20;
/** BIGINT as a number (times in ms, block numbers); larger values are stored as TEXT by the services. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

const values = (params: readonly SqlParam[] = []): unknown[] =>
  params.map((value) => (typeof value === 'bigint' ? value.toString() : value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value));

function executor(query: (text: string, params: unknown[]) => Promise<pg.QueryResult>): SqlExecutor {
  return {
    dialect: 'postgres',
    all: async <T>(sql: string, params?: readonly SqlParam[]) => (await query(numberedPlaceholders(sql), values(params))).rows as T[],
    get: async <T>(sql: string, params?: readonly SqlParam[]) => (await query(numberedPlaceholders(sql), values(params))).rows[0] as T | undefined,
    run: async (sql: string, params?: readonly SqlParam[]) => ({ changes: (await query(numberedPlaceholders(sql), values(params))).rowCount ?? 0 }),
    exec: async (sql: string) => {
      await query(sql, []);
    },
  };
}

/** PostgreSQL through a `pg` pool (`DATABASE_URL`): what several instances of a service share. */
export class PostgresDatabase implements SqlDatabase {
  readonly dialect = 'postgres' as const;
  readonly description: string;
  private readonly pool: pg.Pool;
  private readonly direct: SqlExecutor;

  constructor(url: string, { max = 10 }: { max?: number } = {}) {
    this.pool = new pg.Pool({ connectionString: url, max, types });
    // An idle client's error (the server restarted) must not crash the process; the next query reconnects.
    this.pool.on('error', () => undefined);
    const parsed = new URL(url);
    this.description = `postgres://${parsed.host}${parsed.pathname}`;
    this.direct = executor((text, params) => (params.length ? this.pool.query(text, params) : this.pool.query(text)));
  }

  all<T = Row>(sql: string, params?: readonly SqlParam[]): Promise<T[]> {
    return this.direct.all<T>(sql, params);
  }
  get<T = Row>(sql: string, params?: readonly SqlParam[]): Promise<T | undefined> {
    return this.direct.get<T>(sql, params);
  }
  run(sql: string, params?: readonly SqlParam[]): Promise<{ changes: number }> {
    return this.direct.run(sql, params);
  }
  exec(sql: string): Promise<void> {
    return this.direct.exec(sql);
  }

  async transaction<T>(body: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await body(executor((text, params) => (params.length ? client.query(text, params) : client.query(text))));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
