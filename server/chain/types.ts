// What `seedLocalChain` (devstack/chain/seed.ts) leaves on a fresh local chain, and what the wallet data API
// (server/api/) reads to index and price it. The contract between the two: change both together.

export type Address = `0x${string}`;

export interface SeededToken {
  address: Address;
  name: string;
  symbol: string;
  /** 6 for the stablecoin, 18 for the ordinary token, 0 for the one the widget must filter out. */
  decimals: number;
  /** A data: URI or a URL the API serves; shown as iconUrl. */
  iconUrl: string;
}

export interface SeededNftCollection {
  address: Address;
  name: string;
  symbol: string;
  /** Airdropped spam: the API flags its transfers `nft_info.flags.is_spam = true`. */
  spam: boolean;
}

export interface SeededChain {
  chainId: number;
  rpcUrl: string;
  /** ERC-20 tokens deployed at start (OpenZeppelin), in deploy order. */
  tokens: SeededToken[];
  nfts: SeededNftCollection[];
  /** The stablecoin the prices are quoted in (1 unit = 1 USD). */
  usdToken: Address;
  uniswapV2: { factory: Address; router: Address; weth: Address; pairs: Address[] };
  /** ENS on the local chain: viem's getEnsName/getEnsAvatar work with `universalResolver`. */
  ens: { registry: Address; universalResolver: Address; publicResolver: Address; names: { name: string; address: Address; avatar?: string }[];
    /** The registration zone the deployer owns (ens.ts DEFAULT_NAME_ZONE unless configured). */
    zone: string;
  };
  /** The first block after seeding finished: history the seed made lies before it. */
  seededAtBlock: bigint;
}
