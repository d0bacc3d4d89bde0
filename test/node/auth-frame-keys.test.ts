// The embedded wallets' keys (server/auth-frame/keys.ts): AES-256-GCM sealing and the dev key file.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Keypair } from '@solana/web3.js';
import { generateWallet, keyContext, loadOrCreateMasterKey, openEvmAccount, parseMasterKey, seal, unseal } from '../../server/auth-frame/keys.js';

const dir = mkdtempSync(join(tmpdir(), 'wcm-auth-frame-keys-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('key sealing', () => {
  it('round-trips, and refuses a wrong key, a wrong context or an altered byte', () => {
    const key = randomBytes(32);
    const secret = randomBytes(32);
    const sealed = seal(key, secret, 'user-1:evm');
    assert.ok(!sealed.includes(secret.toString('base64url')));
    assert.notEqual(seal(key, secret, 'user-1:evm'), sealed, 'a fresh IV each time');
    assert.deepEqual(unseal(key, sealed, 'user-1:evm'), secret);
    assert.throws(() => unseal(randomBytes(32), sealed, 'user-1:evm'));
    assert.throws(() => unseal(key, sealed, 'user-2:evm'));
    const [v, iv, ct, tag] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(ct, 'base64url');
    flipped[0]! ^= 1;
    assert.throws(() => unseal(key, [v, iv, flipped.toString('base64url'), tag].join('.'), 'user-1:evm'));
  });

  it('seals a new wallet whose keys open to its addresses', () => {
    const key = randomBytes(32);
    const wallet = generateWallet(key, 'user-9');
    assert.equal(openEvmAccount(key, 'user-9', wallet.evmKeySealed).address, wallet.evmAddress);
    const solana = Keypair.fromSecretKey(unseal(key, wallet.solanaKeySealed, keyContext('user-9', 'solana')));
    assert.equal(solana.publicKey.toBase58(), wallet.solanaAddress);
    assert.throws(() => openEvmAccount(key, 'user-8', wallet.evmKeySealed));
  });

  it('makes the dev key once (mode 0600) and reads it back; parses configured keys', () => {
    const path = join(dir, 'sub', 'auth-frame.key');
    const first = loadOrCreateMasterKey(path);
    assert.equal(first.length, 32);
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.deepEqual(loadOrCreateMasterKey(path), first);
    assert.deepEqual(parseMasterKey(readFileSync(path, 'utf8')), first);
    assert.deepEqual(parseMasterKey(first.toString('hex')), first);
    assert.throws(() => parseMasterKey('abcd'), /must be 32 bytes/);
  });
});
