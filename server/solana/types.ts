// What seedSolana (seed.ts) leaves on the local Solana chain, and what the wallet data API reads to name,
// price and index it. The contract between the two, like server/chain/types.ts for the EVM chains.

export interface SeededSplToken {
  /** The mint address (base58); fixed across runs (the mint keypairs derive from a fixed seed). */
  mint: string;
  name: string;
  symbol: string;
  /** 6 for the stablecoin, 0 for the one the widget filters out and for the spam collectible. */
  decimals: number;
  iconUrl: string;
  /** Airdropped spam (a 0-decimal, supply-1 collectible): the API flags its history rows `is_spam`. */
  spam: boolean;
}

export interface SeededSolanaStep {
  /** e.g. "SOL alice→dev 2" */
  label: string;
  signature: string;
  /** Block time of the step (unix seconds). */
  blockTime: number;
}

export interface SeededSolana {
  /** CAIP-2 id (LOCAL_SOLANA_CHAIN_ID). */
  chainId: string;
  rpcUrl: string;
  /** The dev accounts 0..3 (base58), from solanaDevKeypair: dev, alice, bob, spammer. */
  accounts: string[];
  /** USDS, ZERO, SPAM, in creation order. */
  tokens: SeededSplToken[];
  /** The stablecoin's mint (1 USDS = 1 USD). */
  usdToken: string;
  /** The dev account's history, oldest first. */
  history: SeededSolanaStep[];
  /** The dev account after the seed: lamports, and base units by symbol. */
  dev: { lamports: bigint; tokens: Record<string, bigint> };
  /** The first slot after seeding: the seed's history lies before it. */
  seededAtSlot: number;
}
