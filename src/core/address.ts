import { base58Decode } from './base58.js';
import { isEvmAddress } from './caip.js';

/**
 * Address checks and comparisons for both namespaces. Their own module, not caip.ts: caip.ts is in the entry
 * file, and everything here is only needed by lazily loaded views and stores.
 */

/** A Solana address (a public key) is 32 bytes in base58: 32 to 44 characters (docs/specification.md#validation). */
export const isSolanaAddress = (value: string): boolean =>
  value.length >= 32 && value.length <= 44 && base58Decode(value)?.length === 32;

/** Whether `value` is an account address of `namespace` (docs/specification.md#validation: EVM and Solana). */
export function isAddress(namespace: string | undefined, value: string): boolean {
  return namespace === 'eip155' ? isEvmAddress(value) : namespace === 'solana' ? isSolanaAddress(value) : false;
}

/**
 * An address as a key or for comparing: EVM hex ignores case (EIP-55 is only a checksum); base58 is
 * case-sensitive, so a Solana address is kept exactly as it is.
 */
export const addressKey = (address: string): string => (/^0x[0-9a-fA-F]*$/.test(address) ? address.toLowerCase() : address);
export const sameAddress = (a: string, b: string): boolean => addressKey(a) === addressKey(b);
/** The same for transaction ids: an EVM hash (0x-hex) without case, a Solana signature (base58) exactly. */
export const sameHash = sameAddress;
