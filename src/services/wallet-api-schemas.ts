import * as z from 'zod/mini';

/** Response shapes of the wallet data API (docs/wire-formats.md#wallet-data-api). */

/**
 * Bounded to real-world values, so no body can make the views do unbounded work or throw: a uint256 has 78
 * digits, and a token at most 36 decimals. (Only the zod checks the entry file already has are used here:
 * zod is shared with it, so any other would grow the entry.)
 */
const decimalString = z.string().check(z.regex(/^-?\d{1,80}(\.\d{1,40})?$/));
/** Token decimals: 0 to 36 (no token in use has more; 18 is the usual). */
const decimalsString = z.string().check(z.regex(/^(?:\d|[12]\d|3[0-6])$/));
/** An image URL as sent; `safeImageUrl` keeps it only when the views may load it. */
const imageUrl = z.nullable(z.optional(z.string()));

/** An image the views may load: an `https:` or `data:image/` URL; anything else is dropped, not the whole body. */
export const safeImageUrl = (value: string | null | undefined): string | undefined =>
  value && value.length <= 100_000 && /^(?:https:\/\/|data:image\/)\S+$/i.test(value) ? value : undefined;

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
