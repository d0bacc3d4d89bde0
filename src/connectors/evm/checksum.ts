import { getAddress } from 'viem';

/** Loaded on demand with viem (keccak): whether `address` is written with its EIP-55 checksum. */
export function checksumMatches(address: `0x${string}`): boolean {
  try {
    return getAddress(address) === address;
  } catch {
    return false;
  }
}
