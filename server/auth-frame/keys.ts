/**
 * The embedded wallets' keys: generated here, sealed with AES-256-GCM under the service's master key before
 * they reach the store, and opened only to sign after the visitor approved in the frame.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { bytesToHex, hexToBytes } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const VERSION = 'v1';

/** A master key from configuration: 32 bytes as 64 hex digits or base64 (url-safe or not). */
export function parseMasterKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64url');
  if (key.length !== KEY_BYTES) throw new Error(`the auth-frame master key must be ${KEY_BYTES} bytes (64 hex digits or base64), got ${key.length}`);
  return key;
}

/**
 * The dev key: read from `path`, or made at first start and written there (mode 0600). Production configures
 * AUTH_FRAME_MASTER_KEY or AUTH_FRAME_MASTER_KEY_FILE instead (key-config.ts); losing the key loses every
 * embedded wallet sealed under it.
 */
export function loadOrCreateMasterKey(path: string): Buffer {
  if (existsSync(path)) return parseMasterKey(readFileSync(path, 'utf8'));
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  writeFileSync(path, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}

/** `v1.<iv>.<ciphertext>.<tag>` (base64url). `context` (the user id and key kind) is bound as associated data. */
export function seal(key: Buffer, plaintext: Uint8Array, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [VERSION, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The plaintext `seal` sealed; throws on a wrong key, a wrong context or any altered byte. */
export function unseal(key: Buffer, sealed: string, context: string): Buffer {
  const [version, iv, ciphertext, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !ciphertext || !tag) throw new Error('not a sealed key');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
}

/** A separate key for hashing codes, derived so the master key itself is used for one purpose only. */
export function deriveKey(master: Buffer, label: string): Buffer {
  return createHmac('sha256', master).update(label).digest();
}

export interface NewWallet {
  evmAddress: string;
  solanaAddress: string;
  evmKeySealed: string;
  solanaKeySealed: string;
}

export const keyContext = (userId: string, kind: 'evm' | 'solana'): string => `${userId}:${kind}`;

/** A fresh EVM key (viem) and Solana ed25519 keypair for `userId`, sealed. */
export function generateWallet(master: Buffer, userId: string): NewWallet {
  const evmKey = generatePrivateKey();
  const solana = Keypair.generate();
  return {
    evmAddress: privateKeyToAccount(evmKey).address,
    solanaAddress: solana.publicKey.toBase58(),
    evmKeySealed: seal(master, hexToBytes(evmKey), keyContext(userId, 'evm')),
    solanaKeySealed: seal(master, solana.secretKey, keyContext(userId, 'solana')),
  };
}

/** The EVM account of a sealed key (for signing only). */
export function openEvmAccount(master: Buffer, userId: string, sealed: string): ReturnType<typeof privateKeyToAccount> {
  return privateKeyToAccount(bytesToHex(unseal(master, sealed, keyContext(userId, 'evm'))));
}

/** The Solana keypair of a sealed key (for signing only). */
export function openSolanaKeypair(master: Buffer, userId: string, sealed: string): Keypair {
  return Keypair.fromSecretKey(unseal(master, sealed, keyContext(userId, 'solana')));
}
