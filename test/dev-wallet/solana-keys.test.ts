// The Solana dev keys: SLIP-0010 ed25519 (spec test vector 1) and Phantom's path on anvil's mnemonic.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Keypair } from '@solana/web3.js';
import { slip10Ed25519, solanaDevKeypair } from '../../demo/dev-wallet/solana-keys.js';
import { ed25519 } from '@noble/curves/ed25519';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

describe('SLIP-0010 ed25519, test vector 1 (seed 000102…0f)', () => {
  const seed = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
  const vectors: [string, number[], string, string, string][] = [
    ['m', [], '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb',
      '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
      'a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed'],
    ["m/0'", [0], '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69',
      '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
      '8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c'],
    ["m/0'/1'", [0, 1], 'a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14',
      'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
      '1932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187'],
  ];
  for (const [name, path, chainCode, key, pub] of vectors) {
    it(`${name}: chain code, private key and public key`, () => {
      const node = slip10Ed25519(seed, path);
      assert.equal(hex(node.chainCode), chainCode);
      assert.equal(hex(node.key), key);
      assert.equal(hex(ed25519.getPublicKey(node.key)), pub);
    });
  }
  it("m/0'/1'/2'/2'/1000000000': private key", () => {
    assert.equal(hex(slip10Ed25519(seed, [0, 1, 2, 2, 1000000000]).key),
      '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793');
  });
  it('refuses indexes at or past 2^31 (they are hardened here)', () => {
    assert.throws(() => slip10Ed25519(seed, [0x80000000]), RangeError);
  });
});

describe('solanaDevKeypair', () => {
  it("gives Phantom's account for the 'abandon … about' phrase (m/44'/501'/0'/0')", () => {
    const phrase = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
    assert.equal(solanaDevKeypair(0, phrase).address, 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
  });
  it("pins anvil's mnemonic accounts 0..3", () => {
    assert.deepEqual([0, 1, 2, 3].map((i) => solanaDevKeypair(i).address), [
      'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
      'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD',
      'CqMbRgMuEhQi9BUS8xP44Wk5nENm48FqJnfjEi4eNb1k',
      '9Tj3srBSxH7RFRCm8uharreY7ZBS49XSfpwCeYa7Xaqp',
    ]);
  });
  it('is a web3.js keypair: Keypair.fromSeed(secretKey) has the same public key', () => {
    const k = solanaDevKeypair(0);
    assert.equal(k.secretKey.length, 32);
    assert.equal(k.publicKey.length, 32);
    assert.equal(Keypair.fromSeed(k.secretKey).publicKey.toBase58(), k.address);
  });
});
