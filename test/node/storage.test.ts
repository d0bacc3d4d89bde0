import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { migrate, openDatabase, type SqlDatabase } from '../../server/storage/open.js';
import { numberedPlaceholders } from '../../server/storage/sql.js';
import { killWhileWriting } from '../support/kill-writer.js';
import { useTestDatabases } from '../support/local-databases.js';

test('placeholders are numbered for PostgreSQL, but not inside strings, names or comments', () => {
  assert.equal(numberedPlaceholders(`SELECT ? AS a, '?' AS "b?" -- what?\n, ? AS c`), `SELECT $1 AS a, '?' AS "b?" -- what?\n, $2 AS c`);
});

test('openDatabase refuses an empty or unknown URL with the accepted forms', () => {
  assert.throws(() => openDatabase(' '), /database URL is empty: give postgres:\/\/…, sqlite:PATH/);
  assert.throws(() => openDatabase('mysql://root:hunter2@db/x'), (err: Error) => /unsupported database URL "mysql:\/\/…@db\/x"/.test(err.message) && !err.message.includes('hunter2'));
});

const MIGRATIONS = [
  { version: 1, sql: 'CREATE TABLE items (id TEXT PRIMARY KEY, at BIGINT NOT NULL, note TEXT)' },
  { version: 2, sql: { sqlite: 'CREATE INDEX items_at ON items (at)', postgres: 'CREATE INDEX items_at ON items USING btree (at)' } },
];

const databases = useTestDatabases('storage');
const kinds: [string, () => Promise<string>][] = [
  ['SQLite', async () => databases.sqliteFile()],
  ['PostgreSQL', () => databases.postgresDatabase()],
];

for (const [kind, newUrl] of kinds) {
  describe(`storage on ${kind}`, () => {
    test('migrations run once, in order, also when two instances start at once', async () => {
      const url = await newUrl();
      const [a, b] = [openDatabase(url), openDatabase(url)];
      try {
        const results = await Promise.all([migrate(a, 'svc', MIGRATIONS), migrate(b, 'svc', MIGRATIONS)]);
        assert.deepEqual(results.flat().sort(), [1, 2]);
        assert.deepEqual(await migrate(a, 'svc', MIGRATIONS), []);
        // Another service's migrations are its own.
        assert.deepEqual(await migrate(a, 'other', [{ version: 1, sql: 'CREATE TABLE other_items (id TEXT)' }]), [1]);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    test('a database newer than the code is refused, naming both versions', async () => {
      const db = openDatabase(await newUrl());
      try {
        await migrate(db, 'svc', MIGRATIONS);
        await assert.rejects(migrate(db, 'svc', MIGRATIONS.slice(0, 1)), /svc: the database \(.+\) has schema version 2, newer than this code knows \(1\)/);
      } finally {
        await db.close();
      }
    });

    test('rows round-trip; BIGINT reads as a number; run counts changes; a failed transaction leaves nothing', async () => {
      const db: SqlDatabase = openDatabase(await newUrl());
      try {
        await migrate(db, 'svc', MIGRATIONS);
        const at = 1_790_000_000_123;
        assert.deepEqual(await db.run('INSERT INTO items (id, at, note) VALUES (?, ?, ?)', ['a', at, null]), { changes: 1 });
        assert.deepEqual(await db.run('INSERT INTO items (id, at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING', ['a', 1]), { changes: 0 });
        assert.deepEqual(await db.get('SELECT id, at, note FROM items WHERE id = ?', ['a']), { id: 'a', at, note: null });
        await assert.rejects(
          db.transaction(async (tx) => {
            await tx.run('INSERT INTO items (id, at) VALUES (?, ?)', ['b', 2]);
            throw new Error('boom');
          }),
          /boom/,
        );
        assert.equal(await db.get('SELECT id FROM items WHERE id = ?', ['b']), undefined);
        const claimed = await db.get<{ id: string }>('UPDATE items SET note = ? WHERE id = ? AND note IS NULL RETURNING id', ['used', 'a']);
        assert.deepEqual(claimed, { id: 'a' });
        assert.equal(await db.get('UPDATE items SET note = ? WHERE id = ? AND note IS NULL RETURNING id', ['again', 'a']), undefined);
        await db.ping();
      } finally {
        await db.close();
      }
    });

    test('concurrent transactions each see the others’ committed writes (no lost update)', async () => {
      const url = await newUrl();
      const [a, b] = [openDatabase(url), openDatabase(url)];
      try {
        await migrate(a, 'svc', MIGRATIONS);
        await a.run('INSERT INTO items (id, at) VALUES (?, ?)', ['counter', 0]);
        const bump = (db: SqlDatabase) =>
          db.transaction(async (tx) => {
            // An atomic increment: the row lock (PostgreSQL) or the write lock (SQLite) orders them.
            await tx.run('UPDATE items SET at = at + 1 WHERE id = ?', ['counter']);
          });
        await Promise.all(Array.from({ length: 40 }, (_, i) => bump(i % 2 ? a : b)));
        assert.deepEqual(await b.get('SELECT at FROM items WHERE id = ?', ['counter']), { at: 40 });
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    test('kill -9 while writing: every acknowledged write is there after a restart', async () => {
      const url = await newUrl();
      const acked = await killWhileWriting(join(import.meta.dirname, 'fixtures', 'storage-writer.ts'), url);
      const db = openDatabase(url);
      try {
        const rows = await db.all<{ n: number }>('SELECT n FROM acked ORDER BY n');
        assert.ok(rows.length >= acked, `${rows.length} rows, ${acked} acknowledged`);
        assert.deepEqual(rows.slice(0, acked).map((r) => r.n), Array.from({ length: acked }, (_, i) => i + 1));
      } finally {
        await db.close();
      }
    });
  });
}
