import { createPublicClient, http, type PublicClient } from 'viem';
import type { SeededChain } from '../chain/types.js';
import { caip2 } from './caip.js';

export interface ApiChainOptions {
  chainId: number;
  rpcUrl: string;
  /** What seedLocalChain deployed: known tokens, NFT spam flags, Uniswap V2 pools, ENS. */
  seeded?: SeededChain;
  /**
   * The first block the indexer reads (default 0, genesis): history and received tokens before it are not
   * indexed. Changing it starts the chain's index over.
   */
  startBlock?: number;
}

export interface ApiChain {
  chainId: number;
  caip2: string;
  rpcUrl: string;
  seeded: SeededChain | undefined;
  startBlock: number;
  client: PublicClient;
}

/** The chains the API serves, by numeric id. */
export class ChainRegistry {
  private readonly byId = new Map<number, ApiChain>();

  constructor(options: readonly ApiChainOptions[]) {
    for (const { chainId, rpcUrl, seeded, startBlock = 0 } of options) {
      if (!Number.isSafeInteger(startBlock) || startBlock < 0) throw new Error(`wallet API: chain ${chainId}'s start block must be a whole number of 0 or more, got ${startBlock}`);
      if (this.byId.has(chainId)) throw new Error(`wallet API: chain ${chainId} is configured twice`);
      if (seeded && seeded.chainId !== chainId) throw new Error(`wallet API: seeded data for chain ${seeded.chainId} given to chain ${chainId}`);
      // Batching turns a block's worth of reads (Promise.all) into one HTTP request to the node.
      const client = createPublicClient({
        transport: http(rpcUrl, { batch: { batchSize: 100, wait: 0 }, retryCount: 1, timeout: 10_000 }),
      }) as PublicClient;
      this.byId.set(chainId, { chainId, caip2: caip2(chainId), rpcUrl, seeded, startBlock, client });
    }
  }

  get(chainId: number | undefined): ApiChain | undefined {
    return chainId === undefined ? undefined : this.byId.get(chainId);
  }

  all(): ApiChain[] {
    return [...this.byId.values()];
  }

  /** The chain whose ENS deployment answers identity lookups: the first one that has ENS. */
  ensChain(): ApiChain | undefined {
    return this.all().find((chain) => chain.seeded?.ens.universalResolver);
  }
}
