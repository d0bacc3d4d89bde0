/**
 * Query and body schemas of the convert (swap) endpoints, docs/wire-formats.md#wallet-data-api. Amounts are decimal
 * strings of base units; tokens are CAIP-10 ids (`eip155:<chain>:0x…`, native ETH as `0xeeee…eeee`).
 */
import { z } from 'zod';
import { CAIP2_PATTERN, CAIP10_PATTERN, EVM_ADDRESS_PATTERN } from '../caip.js';

const MAX_UINT256 = 2n ** 256n - 1n;

/**
 * A required CAIP-10 id; on an eip155 chain it must end in an EVM address. Another namespace's id is well formed
 * (a network not supported for swaps: the handler answers as the hosted service does for one).
 */
export const tokenCaip10Param = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .regex(CAIP10_PATTERN, { message: `${name} must be a CAIP-10 id such as eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`, abort: true })
    .refine((id) => !id.startsWith('eip155:') || EVM_ADDRESS_PATTERN.test(id.slice(id.lastIndexOf(':') + 1)), `${name}: an eip155 id must end in an EVM address`);

/** An account: a CAIP-10 id, or (as the reference client sends it to quotes) a plain EVM address. */
const account = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .refine(
      (value) => EVM_ADDRESS_PATTERN.test(value) || (CAIP10_PATTERN.test(value) && (!value.startsWith('eip155:') || EVM_ADDRESS_PATTERN.test(value.slice(value.lastIndexOf(':') + 1)))),
      `${name} must be an EVM address or a CAIP-10 account id`,
    );

/** A positive integer in base units, as a decimal string, that fits a uint256. */
const baseUnits = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a decimal string of base units`) })
    .regex(/^[0-9]{1,78}$/, `${name} must be a whole number of base units in decimal digits (no sign, point or exponent)`)
    .transform((value) => BigInt(value))
    .refine((value) => value > 0n, `${name} must be greater than 0`)
    .refine((value) => value <= MAX_UINT256, `${name} must fit in 256 bits`);

const chainId = z
  .string({ error: 'chainId is required' })
  .regex(CAIP2_PATTERN, 'chainId must be a CAIP-2 chain id such as eip155:1');

export const tokensQuerySchema = z.object({
  chainId,
  /** Keeps only the token with this address (as the hosted service's `address` filter). */
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'address must be an EVM address (0xeeee…eeee for ETH)').optional(),
});

export const gasPriceQuerySchema = z.object({ chainId });

export const quotesQuerySchema = z.object({
  amount: baseUnits('amount'),
  from: tokenCaip10Param('from'),
  to: tokenCaip10Param('to'),
  userAddress: account('userAddress').optional(),
  /** Sent by the reference client (the gas-price answer); a pool quote does not depend on it. */
  gasPrice: z.string().regex(/^[0-9]{1,78}$/, 'gasPrice must be a whole number of wei in decimal digits').optional(),
});

export const allowanceQuerySchema = z.object({
  tokenAddress: tokenCaip10Param('tokenAddress'),
  userAddress: account('userAddress'),
});

export const approveQuerySchema = z.object({
  from: tokenCaip10Param('from'),
  to: tokenCaip10Param('to'),
  userAddress: account('userAddress').optional(),
  /** The exact allowance to grant; without it, the user's current balance of the token (never unlimited). */
  amount: baseUnits('amount').optional(),
});

/** Slippage in percent, as the reference sends it (`eip155: { slippage: 1 }`). */
const slippage = z
  .union([z.number(), z.string().regex(/^[0-9]+(\.[0-9]+)?$/).transform(Number)], { error: 'eip155.slippage must be a number of percent, such as 1' })
  .refine((value) => Number.isFinite(value) && value >= 0 && value <= 50, 'eip155.slippage must be between 0 and 50 (percent)');

export const buildTransactionBodySchema = z.object({
  projectId: z.string({ error: 'projectId is required' }).trim().min(1, 'projectId must not be empty'),
  amount: baseUnits('amount'),
  from: tokenCaip10Param('from'),
  to: tokenCaip10Param('to'),
  userAddress: account('userAddress'),
  eip155: z.object(
    { slippage, permit: z.string().optional() },
    { error: 'eip155.slippage is required: slippage parameter is necessary for this type of conversion' },
  ),
  disableEstimate: z.boolean({ error: 'disableEstimate must be true or false' }).optional(),
});

export type BuildTransactionBody = z.output<typeof buildTransactionBodySchema>;
