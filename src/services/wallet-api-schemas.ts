import * as z from 'zod/mini';

/** Response shapes of the wallet data API (reference/hosted-api.md §1.1 rows 1–4, §1.2). */

const decimalString = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));

export const supportedChainsSchema = z.object({ http: z.array(z.string()), ws: z.optional(z.array(z.string())) });

export const identitySchema = z.object({ name: z.nullable(z.optional(z.string())), avatar: z.nullable(z.optional(z.string())) });

export const balanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string(),
  address: z.optional(z.string()),
  value: z.optional(z.number()),
  price: z.number(),
  quantity: z.object({ decimals: z.string().check(z.regex(/^\d+$/)), numeric: decimalString }),
  iconUrl: z.string(),
});
export const balancesSchema = z.object({ balances: z.array(balanceSchema) });
export type Balance = z.infer<typeof balanceSchema>;

const transferSchema = z.object({
  fungible_info: z.optional(z.object({ name: z.optional(z.string()), symbol: z.optional(z.string()), icon: z.optional(z.object({ url: z.string() })) })),
  nft_info: z.optional(
    z.object({
      name: z.optional(z.string()),
      content: z.optional(z.object({ preview: z.optional(z.object({ url: z.string() })) })),
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
