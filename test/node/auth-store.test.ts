// The sign-in backend's default store (server/auth/store.ts): SQLite through sql.js, written to its file.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { SqliteAuthStore, type SessionRecord } from '../../server/auth/store.js';

const dir = mkdtempSync(join(tmpdir(), 'wcm-auth-store-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const session = (id: string, address: string, chainId: string, expiresAt = Date.now() + 60_000): SessionRecord => ({
  id,
  address,
  chainId,
  message: 'm',
  signature: 's',
  createdAt: Date.now(),
  expiresAt,
});

describe('SqliteAuthStore', () => {
  it('keeps a nonce record once issued, and lets it be used once', async () => {
    const store = await SqliteAuthStore.open(':memory:');
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
    const store = await SqliteAuthStore.open(':memory:');
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

  it('keeps its secret and sessions in its file across restarts', async () => {
    const path = join(dir, 'auth.sqlite');
    const store = await SqliteAuthStore.open(path);
    const secret = await store.secret();
    assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
    await store.addSession(session('kept', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'eip155:1'));
    await store.close();

    const reopened = await SqliteAuthStore.open(path);
    assert.equal(await reopened.secret(), secret);
    assert.equal((await reopened.getSession('kept'))?.chainId, 'eip155:1');
    await reopened.close();
    assert.notEqual(await (await SqliteAuthStore.open(':memory:')).secret(), secret);
  });
});
