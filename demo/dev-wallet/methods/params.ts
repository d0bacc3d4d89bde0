// Parsing of request params: malformed input is a -32602, never a crash.
import { hexToBigInt, isAddress, isHex } from 'viem';
import { invalidParams, unauthorized } from '../errors.js';
import type { MethodContext } from './context.js';

/** The params array, with at least `min` entries. */
export function paramList(params: unknown, min: number): unknown[] {
  if (!Array.isArray(params) || params.length < min) {
    throw invalidParams(`expected an array of at least ${min} parameter${min === 1 ? '' : 's'}`);
  }
  return params;
}

/** The first param as an object. */
export function paramObject(params: unknown): Record<string, unknown> {
  const [first] = paramList(params, 1);
  if (!first || typeof first !== 'object' || Array.isArray(first)) throw invalidParams('expected an object parameter');
  return first as Record<string, unknown>;
}

/** An EIP-155 chain id as a hex quantity ("0x7a69"), as a number. */
export function chainIdParam(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[1-9a-f][0-9a-f]*$/i.test(value)) {
    throw invalidParams(`chainId must be a hex string without leading zeros, got ${JSON.stringify(value)}`);
  }
  const id = Number.parseInt(value, 16);
  if (!Number.isSafeInteger(id)) throw invalidParams(`chainId ${value} is too large`);
  return id;
}

/** An optional hex quantity ("0xde0b6b3a7640000") as a bigint. */
export function quantityParam(value: unknown, name: string): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !/^0x[0-9a-f]+$/i.test(value)) throw invalidParams(`${name} must be a hex quantity`);
  return hexToBigInt(value as `0x${string}`);
}

export function addressParam(value: unknown, name: string): `0x${string}` {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) throw invalidParams(`${name} must be an address`);
  return value as `0x${string}`;
}

export function dataParam(value: unknown, name: string): `0x${string}` | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !isHex(value, { strict: true })) throw invalidParams(`${name} must be hex data`);
  return value as `0x${string}`;
}

/** Signing and sending need a connected site, and `from` (when given) must be the exposed account. */
export function requireAccount(ctx: MethodContext, from?: string) {
  if (!ctx.state.authorized) throw unauthorized();
  if (from !== undefined && from.toLowerCase() !== ctx.state.address.toLowerCase()) throw unauthorized();
  return ctx.state.account;
}
