// Fixed facts of the local Solana chain (the litesvm facade in this folder).

/**
 * The genesis hash the facade reports (getGenesisHash). Fixed, so the chain's CAIP-2 id is the same on every
 * start: base58(sha256("wallet-connect-modal local solana genesis")), which no real cluster uses.
 */
export const LOCAL_SOLANA_GENESIS_HASH = '378kCw7PmAhEAv7DDXn4TRipWRi683BKyvzktmVqVwTh';

/** CAIP-2 id of the local Solana chain: `solana:` + the first 32 characters of its genesis hash. */
export const LOCAL_SOLANA_CHAIN_ID = `solana:${LOCAL_SOLANA_GENESIS_HASH.slice(0, 32)}`;

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b6hRvhPvbwcSHzgqAMTNGtUNUmEH';

/** What the facade charges per signature, like a real cluster without priority fees. */
export const LAMPORTS_PER_SIGNATURE = 5000;
/** The version the facade reports; web3.js only reads it for feature checks. */
export const SOLANA_CORE_VERSION = '2.2.0';
/** SOL has 9 decimals: 1 SOL = 10^9 lamports. */
export const LAMPORTS_PER_SOL = 1_000_000_000n;
