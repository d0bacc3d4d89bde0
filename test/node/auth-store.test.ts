// The sign-in backend's store (server/auth/store.ts) on SQLite (a file, or memory) and on PostgreSQL, where
// several backends share it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SqlAuthStore, type SessionRecord } from '../../server/auth/store.js';
import { useTestDatabases } from '../support/local-databases.js';

const made = useTestDatabases('auth-store');
const databases: [string, () => Promise<string>][] = [
  ['SQLite in memory', async () => ':memory:'],
  ['SQLite file', async () => made.sqliteFile()],
  ['PostgreSQL', () => made.postgresDatabase()],
];

const session = (id: string, address: string, chainId: string, expiresAt = Date.now() + 60_000): SessionRecord => ({
  id,
  address,
  chainId,
  message: 'm',
  signature: 's',
  createdAt: Date.now(),
  expiresAt,
});

for (const [kind, newDatabase] of databases) describe(`SqlAuthStore on ${kind}`, () => {
  it('keeps a nonce record once issued, and lets it be used once', async () => {
    const store = await SqlAuthStore.open(await newDatabase());
    const first = await store.issueNonce('abcdefgh', 1000, Date.now() + 60_000);
    assert.deepEqual(await store.issueNonce('abcdefgh', 2000, Date.now() + 120_000), first);
    assert.equal(first.usedAt, null);
    assert.equal(await store.useNonce('abcdefgh', 3000), true);
    assert.equal(await store.useNonce('abcdefgh', 4000), false);
    assert.equal((await store.getNonce('abcdefgh'))?.usedAt, 3000);
    assert.equal(await store.useNonce('unknown1', 3000), false);
    await store.close();
  });

  it('revokes by account and chain: EVM addresses in any case, Solana ones exactly', async () => {
    const store = await SqlAuthStore.open(await newDatabase());
    const evm = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    const sol = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
    await store.addSession(session('a', evm, 'eip155:1'));
    await store.addSession(session('b', evm, 'eip155:10'));
    await store.addSession(session('c', sol, 'solana:x'));
    assert.equal(await store.revokeSessions(evm.toLowerCase(), 'eip155:1'), 1);
    assert.equal(await store.getSession('a'), undefined);
    assert.equal((await store.getSession('b'))?.address, evm);
    assert.equal(await store.revokeSessions(sol.toLowerCase(), 'solana:x'), 0);
    assert.equal(await store.revokeSessions(sol, 'solana:x'), 1);
    await store.close();
  });

  it('keeps its secret and sessions across restarts', { skip: kind === 'SQLite in memory' }, async () => {
    const path = await newDatabase();
    const store = await SqlAuthStore.open(path);
    const secret = await store.secret();
    assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
    await store.addSession(session('kept', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'eip155:1'));
    await store.close();

    const reopened = await SqlAuthStore.open(path);
    assert.equal(await reopened.secret(), secret);
    assert.equal((await reopened.getSession('kept'))?.chainId, 'eip155:1');
    await reopened.close();
    const other = await SqlAuthStore.open(await newDatabase());
    assert.notEqual(await other.secret(), secret);
    await other.close();
  });

  it('two stores on one database: one secret, nonces and sessions shared, each nonce used once', { skip: kind === 'SQLite in memory' }, async () => {
    const database = await newDatabase();
    const [a, b] = await Promise.all([SqlAuthStore.open(database), SqlAuthStore.open(database)]);
    try {
      const [secretA, secretB] = await Promise.all([a.secret(), b.secret()]);
      assert.equal(secretA, secretB);
      const nonces = Array.from({ length: 20 }, (_, i) => `nonce${String(i).padStart(4, '0')}`);
      await Promise.all(nonces.map((nonce, i) => (i % 2 ? a : b).issueNonce(nonce, 1000 + i, Date.now() + 60_000)));
      // Every nonce used from both stores at once: exactly one use of each wins.
      const uses = await Promise.all(nonces.flatMap((nonce) => [a.useNonce(nonce, 5000), b.useNonce(nonce, 5001)]));
      assert.equal(uses.filter(Boolean).length, nonces.length);
      await a.addSession(session('shared', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'eip155:1'));
      assert.equal((await b.getSession('shared'))?.address, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
      await b.deleteSession('shared');
      assert.equal(await a.getSession('shared'), undefined);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
