// Solana dev accounts derived from a BIP-39 mnemonic the way Phantom does: SLIP-0010 ed25519 at
// m/44'/501'/{index}'/0'. Pure (no Node or DOM APIs), so the dev wallet and the local stack share it.
import { ed25519 } from '@noble/curves/ed25519';
import { hmac } from '@noble/hashes/hmac';
import { sha512 } from '@noble/hashes/sha2';
import { base58 } from '@scure/base';
import { ANVIL_MNEMONIC, mnemonicSeed } from './mnemonic-seed.js';

/** anvil's public mnemonic: the same words fund the EVM and the Solana dev accounts. */
export const SOLANA_DEV_MNEMONIC = ANVIL_MNEMONIC;

const HARDENED = 0x80000000;
const ED25519_KEY = new TextEncoder().encode('ed25519 seed');

export type SolanaDevKeypair = {
  /** The 32-byte ed25519 private seed (web3.js: `Keypair.fromSeed(secretKey)`). */
  secretKey: Uint8Array;
  /** The 32-byte ed25519 public key. */
  publicKey: Uint8Array;
  /** The public key in base58: the account address. */
  address: string;
};

/**
 * SLIP-0010 private key derivation for ed25519 (every index is hardened: pass indexes below 2^31,
 * they are hardened here). Returns the key and chain code at `path`.
 */
export function slip10Ed25519(seed: Uint8Array, path: readonly number[]): { key: Uint8Array; chainCode: Uint8Array } {
  let digest = hmac(sha512, ED25519_KEY, seed);
  let key = digest.slice(0, 32);
  let chainCode = digest.slice(32);
  for (const index of path) {
    if (!Number.isInteger(index) || index < 0 || index >= HARDENED) throw new RangeError(`bad index ${index}`);
    const data = new Uint8Array(37);
    data.set(key, 1);
    new DataView(data.buffer).setUint32(33, (index | HARDENED) >>> 0, false);
    digest = hmac(sha512, chainCode, data);
    key = digest.slice(0, 32);
    chainCode = digest.slice(32);
  }
  return { key, chainCode };
}

/** The keypair at m/44'/501'/{index}'/0' of `mnemonic` (default: anvil's). */
export function solanaDevKeypair(index: number, mnemonic: string = SOLANA_DEV_MNEMONIC): SolanaDevKeypair {
  const seed = mnemonicSeed(mnemonic);
  const { key } = slip10Ed25519(seed, [44, 501, index, 0]);
  const publicKey = ed25519.getPublicKey(key);
  return { secretKey: key, publicKey, address: base58.encode(publicKey) };
}
