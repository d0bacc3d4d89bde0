import { z } from 'zod';
import { CAIP10_PATTERN, CAIP2_PATTERN, EVM_ADDRESS_PATTERN } from './caip.js';
import { decodeCursor } from './cursor.js';
import { ApiError, type ApiReason } from './errors.js';

/** A required, non-empty string whose errors name the parameter. */
function required(name: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .trim()
    .min(1, `${name} must not be empty`);
}

const evmAddress = (name: string) =>
  z.string({ error: `${name} is required` }).regex(EVM_ADDRESS_PATTERN, `${name} must be an EVM address: 0x followed by 40 hex digits`);

const caip2 = z
  .string({ error: 'chainId is required' })
  .regex(CAIP2_PATTERN, 'chainId must be a CAIP-2 chain id such as eip155:1');

/** A CAIP-10 id; on an `eip155` chain the account part must be an EVM address. */
const caip10 = (name: string) =>
  z
    .string()
    .regex(CAIP10_PATTERN, `${name} must hold CAIP-10 ids such as eip155:1:0xabc…`)
    .refine((id) => !id.startsWith('eip155:') || EVM_ADDRESS_PATTERN.test(id.slice(id.lastIndexOf(':') + 1)), `${name}: an eip155 id must end in an EVM address`);

const currency = z
  .string()
  .optional()
  .transform((value) => value?.toLowerCase() ?? 'usd')
  .refine((value) => value === 'usd', 'currency must be usd');

/** Every GET carries these (docs/wire-formats.md#requests, "Common identification parameters"). */
export const commonQuerySchema = z.object({
  projectId: required('projectId'),
  st: required('st'),
  sv: required('sv'),
  clientId: z.string().optional(),
});

export const addressParamSchema = z.object({ address: evmAddress('address') });

export const identityQuerySchema = z.object({ sender: evmAddress('sender').optional() });

/**
 * Balances are read from the chain on every call, so the hosted API's `forceUpdate` (tokens to refresh past
 * its cache) has nothing to do here: like any parameter this API does not use, it is accepted and ignored.
 */
export const balanceQuerySchema = z.object({ currency, chainId: caip2 });

export const historyQuerySchema = z.object({
  chainId: caip2,
  cursor: z
    .string()
    .optional()
    .transform((cursor, ctx) => {
      if (cursor === undefined) return undefined;
      const position = decodeCursor(cursor);
      if (!position) ctx.addIssue({ code: 'custom', message: 'cursor is not one this API returned in next' });
      return position;
    }),
});

export const priceBodySchema = z.object({
  projectId: required('projectId'),
  currency,
  addresses: z
    .array(caip10('addresses'), { error: 'addresses must be an array of CAIP-10 token ids' })
    .max(100, 'addresses lists at most 100 tokens'),
});

function reasonsOf(error: z.ZodError, fallbackName: string): ApiReason[] {
  return error.issues.map((issue) => ({
    name: issue.path.length > 0 ? String(issue.path[0]) : fallbackName,
    description: issue.message,
  }));
}

/**
 * Parses each (schema, input) pair and returns the outputs, or throws one 400 listing every reason, so a
 * client sees all its mistakes at once.
 */
export function parseInputs<const T extends readonly [z.ZodType, unknown, string][]>(
  pairs: T,
): { [K in keyof T]: z.output<T[K][0]> } {
  const reasons: ApiReason[] = [];
  const outputs = pairs.map(([schema, input, fallbackName]) => {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    reasons.push(...reasonsOf(result.error, fallbackName));
    return undefined;
  });
  if (reasons.length > 0) throw new ApiError(400, reasons);
  return outputs as { [K in keyof T]: z.output<T[K][0]> };
}
