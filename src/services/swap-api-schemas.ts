import * as z from 'zod/mini';

/**
 * Response shapes of the wallet data API's convert endpoints (docs/wire-formats.md#wallet-data-api), bounded
 * as the account data's are: integers of base units as decimal strings (a uint256 has 78 digits), decimals 0–36.
 */
const integerString = z.string().check(z.regex(/^\d{1,80}$/));
/** Gas is a number in build-approve and a string in build-transaction (row 9 and 10); either is read. */
const gasValue = z.union([integerString, z.number()]);
const hexData = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/));

export const swapTokensSchema = z.object({
  tokens: z.array(
    z.object({
      name: z.string(),
      symbol: z.string().check(z.maxLength(32)),
      address: z.string(),
      // 0–36, an integer: checked where the tokens are read (`swap-api.ts`), with no zod check the entry lacks.
      decimals: z.number(),
      logoUri: z.nullable(z.optional(z.string())),
      eip2612: z.optional(z.boolean()),
    }),
  ),
});
export type SwapTokenBody = z.infer<typeof swapTokensSchema>['tokens'][number];

export const quotesSchema = z.object({
  quotes: z.array(
    z.object({
      id: z.nullable(z.optional(z.string())),
      fromAmount: integerString,
      fromAccount: z.optional(z.string()),
      toAmount: integerString,
      toAccount: z.optional(z.string()),
    }),
  ),
});

export const allowanceSchema = z.object({ allowance: integerString });

export const gasPriceSchema = z.object({ standard: integerString, fast: integerString, instant: integerString });

export const builtApproveSchema = z.object({
  tx: z.object({
    from: z.string(),
    to: z.string(),
    data: hexData,
    value: z.optional(integerString),
    eip155: z.optional(z.object({ gas: z.optional(gasValue), gasPrice: z.optional(integerString) })),
  }),
});

export const builtSwapSchema = z.object({
  tx: z.object({
    from: z.string(),
    to: z.string(),
    data: hexData,
    amount: z.optional(integerString),
    eip155: z.optional(z.object({ gas: z.optional(gasValue), gasPrice: z.optional(integerString) })),
  }),
});
