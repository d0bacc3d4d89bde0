import type { SqlDatabase } from './sql.js';

/** One schema step. `sql` is shared by both databases, or given per dialect where they differ. */
export interface Migration {
  version: number;
  sql: string | { sqlite: string; postgres: string };
}

/**
 * Brings `service`'s tables up to its newest migration, each step once, in order, each in its own
 * transaction with its record in `schema_migrations`. Safe when several instances start at once: on
 * PostgreSQL they take turns on an advisory lock, on SQLite on the file's write lock;
 * the later one finds the steps done. A database newer than this code (a version it does not know) is refused,
 * so an old instance cannot write rows a newer schema no longer means.
 */
export async function migrate(db: SqlDatabase, service: string, migrations: readonly Migration[]): Promise<number[]> {
  const versions = migrations.map((m) => m.version);
  if (versions.some((v, i) => !Number.isInteger(v) || v < 1 || (i > 0 && v <= (versions[i - 1] as number)))) {
    throw new Error(`${service}: migration versions must be increasing positive integers, got ${versions.join(', ')}`);
  }
  const applied: number[] = [];
  await db.transaction(async (tx) => {
    // One lock for every service's migrations: PostgreSQL's CREATE TABLE IF NOT EXISTS is not safe to race.
    if (tx.dialect === 'postgres') await tx.run("SELECT pg_advisory_xact_lock(hashtext('schema_migrations'))");
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (service TEXT NOT NULL, version BIGINT NOT NULL, applied_at BIGINT NOT NULL, PRIMARY KEY (service, version))',
    );
    const done = new Set((await tx.all<{ version: number }>('SELECT version FROM schema_migrations WHERE service = ?', [service])).map((r) => Number(r.version)));
    const unknown = [...done].filter((v) => !versions.includes(v));
    if (unknown.length) {
      throw new Error(`${service}: the database (${db.description}) has schema version ${Math.max(...unknown)}, newer than this code knows (${Math.max(0, ...versions)}); run the newer version`);
    }
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await tx.exec(typeof migration.sql === 'string' ? migration.sql : migration.sql[tx.dialect]);
      await tx.run('INSERT INTO schema_migrations (service, version, applied_at) VALUES (?, ?, ?)', [service, migration.version, Date.now()]);
      applied.push(migration.version);
    }
  });
  return applied;
}
