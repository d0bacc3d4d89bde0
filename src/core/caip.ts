/** CAIP-2 chain ids and CAIP-10 account ids (https://chainagnostic.org/CAIPs/caip-2, caip-10). */

export type Namespace = 'eip155' | 'solana';
export type Caip2 = `${string}:${string}`;

const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function parseCaip2(value: string): { namespace: string; reference: string } | undefined {
  const match = CAIP2.exec(value);
  return match ? { namespace: match[1]!, reference: match[2]! } : undefined;
}

export const isCaip2 = (value: string): value is Caip2 => parseCaip2(value) !== undefined;

/** `eip155:1` for an EVM chain id given as a number or a hex/decimal string. */
export function evmCaip2(chainId: number | string): Caip2 {
  const id = typeof chainId === 'number' ? chainId : Number.parseInt(chainId, chainId.startsWith('0x') ? 16 : 10);
  return `eip155:${id}`;
}

export const namespaceOf = (chainId: string): string | undefined => parseCaip2(chainId)?.namespace;

/** The numeric chain id of an `eip155:` CAIP-2 id, or undefined for another namespace. */
export function evmChainId(caip2: string): number | undefined {
  const parsed = parseCaip2(caip2);
  if (parsed?.namespace !== 'eip155' || !/^\d+$/.test(parsed.reference)) return undefined;
  return Number(parsed.reference);
}

export const toHexChainId = (chainId: number): `0x${string}` => `0x${chainId.toString(16)}`;

export const isEvmAddress = (value: string): value is `0x${string}` => EVM_ADDRESS.test(value);


/** A CAIP-10 account id has three colon-separated parts: namespace, reference, address (docs/specification.md#validation). */
export function parseCaip10(value: string): { chainId: Caip2; address: string } | undefined {
  const parts = value.split(':');
  if (parts.length !== 3 || parts.some((p) => p === '')) return undefined;
  const chainId = `${parts[0]}:${parts[1]}`;
  return isCaip2(chainId) ? { chainId, address: parts[2]! } : undefined;
}

export const caip10 = (chainId: Caip2, address: string): `${string}:${string}:${string}` => `${chainId}:${address}`;

/**
 * `0x1234…abcd` (EVM) or `7EcDhS…Fq4s` (Solana, base58): the address as shown on screen; copy always gives the
 * full address.
 */
export function truncateAddress(address: string, head = 6, tail = 4): string {
  return address.length <= head + tail + 1 ? address : `${address.slice(0, head)}…${address.slice(-tail)}`;
}
