import { getAddress, type Address } from 'viem';

/** CAIP-2 chain id: `namespace:reference` (https://chainagnostic.org/CAIPs/caip-2). */
export const CAIP2_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;
/** CAIP-10 account / token id: a CAIP-2 id plus `:address`. */
export const CAIP10_PATTERN = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/;
export const EVM_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
/** The pseudo-address the hosted API uses for a chain's native currency (docs/wire-formats.md#wallet-data-api). */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

export function caip2(chainId: number): string {
  return `eip155:${chainId}`;
}

/** The numeric EVM chain id of a CAIP-2 id, or undefined for another namespace or a malformed reference. */
export function evmChainIdOf(caip2Id: string): number | undefined {
  const match = /^eip155:([1-9][0-9]{0,15})$/.exec(caip2Id);
  return match ? Number(match[1]) : undefined;
}

export function tokenCaip10(chainId: number, address: string): string {
  return `eip155:${chainId}:${getAddress(address)}`;
}

export interface ParsedCaip10 {
  caip2: string;
  address: string;
}

export function parseCaip10(id: string): ParsedCaip10 | undefined {
  const match = CAIP10_PATTERN.exec(id);
  if (!match) return undefined;
  return { caip2: match[1] as string, address: match[2] as string };
}

export function isNativeAddress(address: string): boolean {
  return address.toLowerCase() === NATIVE_TOKEN_ADDRESS;
}

export function lower(address: string): Address {
  return address.toLowerCase() as Address;
}
