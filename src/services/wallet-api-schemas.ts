import * as z from 'zod/mini';

/** Response shapes of the wallet data API (reference/hosted-api.md §1.1 rows 1–4, §1.2). */

/**
 * Bounded to real-world values, so no body can make the views do unbounded work or throw: a uint256 has 78
 * digits, plus at most 36 decimals.
 */
const decimalString = z.string().check(z.maxLength(120), z.regex(/^-?\d+(\.\d+)?$/));
/** Token decimals: 0 to 36 (no token in use has more; 18 is the usual). */
const decimalsString = z.string().check(z.regex(/^(?:\d|[12]\d|3[0-6])$/));

/** An image the views may load: `https:` or a `data:image/` URL. Anything else is dropped, not the whole body. */
export const isSafeImageUrl = (value: string): boolean => /^(?:https:\/\/[^\s]+|data:image\/[^\s]+)$/i.test(value) && value.length <= 100_000;
const imageUrl = z.catch(
  z.pipe(z.nullable(z.optional(z.string())), z.transform((value) => (value && isSafeImageUrl(value) ? value : undefined))),
  undefined,
);

export const supportedChainsSchema = z.object({ http: z.array(z.string()), ws: z.optional(z.array(z.string())) });

export const identitySchema = z.object({ name: z.nullable(z.optional(z.string())), avatar: imageUrl });

export const balanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string(),
  address: z.optional(z.string()),
  value: z.optional(z.number()),
  price: z.number(),
  quantity: z.object({ decimals: decimalsString, numeric: decimalString }),
  iconUrl: imageUrl,
});
export const balancesSchema = z.object({ balances: z.array(balanceSchema) });
export type Balance = z.infer<typeof balanceSchema>;

const transferSchema = z.object({
  fungible_info: z.optional(z.object({ name: z.optional(z.string()), symbol: z.optional(z.string()), icon: z.optional(z.object({ url: imageUrl })) })),
  nft_info: z.optional(
    z.object({
      name: z.optional(z.string()),
      content: z.optional(z.object({ preview: z.optional(z.object({ url: imageUrl })) })),
      flags: z.object({ is_spam: z.boolean() }),
    }),
  ),
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: decimalString }),
  value: z.optional(z.number()),
  price: z.optional(z.number()),
});
export type Transfer = z.infer<typeof transferSchema>;

export const transactionSchema = z.object({
  id: z.string(),
  metadata: z.object({
    operationType: z.string(),
    hash: z.string(),
    chain: z.string(),
    minedAt: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
    status: z.enum(['confirmed', 'failed', 'pending']),
    nonce: z.optional(z.number()),
  }),
  transfers: z.nullable(z.array(transferSchema)),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const historySchema = z.object({ data: z.array(transactionSchema), next: z.nullable(z.optional(z.string())) });

export const profileSchema = z.object({
  name: z.string(),
  addresses: z.record(z.string(), z.object({ address: z.string() })),
});
