// The local Solana chain (the litesvm facade reports a fixed genesis hash, so its CAIP-2 id is fixed).
export const LOCAL_SOLANA_CHAIN_ID = 'solana:378kCw7PmAhEAv7DDXn4TRipWRi683BK' as const;
