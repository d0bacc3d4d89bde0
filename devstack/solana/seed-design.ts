// The numbers the Solana seed is built from: who holds what and the dev account's history. Tests assert
// against these; change them together.

/** Solana dev accounts (solanaDevKeypair index) by role, as on the EVM chains. */
export const SOLANA_ROLES = { dev: 0, alice: 1, bob: 2, spammer: 3 } as const;
export type SolanaRole = keyof typeof SOLANA_ROLES;

/** What every dev account holds at genesis (no transaction): 100 SOL. */
export const GENESIS_LAMPORTS = 100_000_000_000n;

export const SPL_SPECS = {
  usds: { name: 'Local USD', symbol: 'USDS', decimals: 6, color: '#2775ca', spam: false, authority: 'alice' },
  zero: { name: 'Zero Decimals', symbol: 'ZERO', decimals: 0, color: '#9aa0a6', spam: false, authority: 'alice' },
  spam: { name: 'Free Mint Prize', symbol: 'SPAM', decimals: 0, color: '#e8453c', spam: true, authority: 'spammer' },
} as const satisfies Record<string, { name: string; symbol: string; decimals: number; color: string; spam: boolean; authority: SolanaRole }>;
export type SplKey = keyof typeof SPL_SPECS;

/** How long ago (hours) the mints are created and alice gets her 10 000 USDS. */
export const SOLANA_SETUP_HOURS_AGO = 72;
export const ALICE_USDS = '10000';

export type SolanaStep =
  | { hoursAgo: number; kind: 'sol'; from: SolanaRole; to: SolanaRole; amount: string }
  | { hoursAgo: number; kind: 'spl'; token: SplKey; from: SolanaRole; to: SolanaRole; amount: string }
  | { hoursAgo: number; kind: 'mint'; token: SplKey; to: SolanaRole; amount: string };

/** The dev account's history, oldest first (amounts in whole units). */
export const SOLANA_HISTORY: readonly SolanaStep[] = [
  { hoursAgo: 60, kind: 'sol', from: 'alice', to: 'dev', amount: '2' },
  { hoursAgo: 54, kind: 'mint', token: 'usds', to: 'dev', amount: '2000' },
  { hoursAgo: 50, kind: 'mint', token: 'zero', to: 'dev', amount: '1000' },
  { hoursAgo: 48, kind: 'spl', token: 'usds', from: 'alice', to: 'dev', amount: '1000' },
  { hoursAgo: 40, kind: 'sol', from: 'dev', to: 'bob', amount: '0.5' },
  { hoursAgo: 36, kind: 'mint', token: 'spam', to: 'dev', amount: '1' },
  { hoursAgo: 20, kind: 'spl', token: 'usds', from: 'dev', to: 'bob', amount: '250' },
  { hoursAgo: 8, kind: 'sol', from: 'dev', to: 'bob', amount: '0.25' },
];

/** The dev account's token balances after the seed, whole units. */
export const SOLANA_DEV_BALANCES = { USDS: '2750', ZERO: '1000', SPAM: '1' } as const;
/** SOL the dev account gained before fees and rent: +2 from alice, -0.5 and -0.25 to bob. */
export const SOLANA_DEV_SOL_DELTA = '1.25';

/** The stack's price table entry for SOL (no EVM pool trades SOL): 1 SOL = 150 USD. */
export const SOL_PRICE_USD = 150;
