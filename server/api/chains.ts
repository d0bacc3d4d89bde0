import { createPublicClient, http, type PublicClient } from 'viem';
import type { SeededChain } from '../chain/types.js';
import { caip2 } from './caip.js';

export interface ApiChainOptions {
  chainId: number;
  rpcUrl: string;
  /** What seedLocalChain deployed: known tokens, NFT spam flags, Uniswap V2 pools, ENS. */
  seeded?: SeededChain;
}

export interface ApiChain {
  chainId: number;
  caip2: string;
  rpcUrl: string;
  seeded: SeededChain | undefined;
  client: PublicClient;
}

/** The chains the API serves, by numeric id. */
export class ChainRegistry {
  private readonly byId = new Map<number, ApiChain>();

  constructor(options: readonly ApiChainOptions[]) {
    for (const { chainId, rpcUrl, seeded } of options) {
      if (this.byId.has(chainId)) throw new Error(`wallet API: chain ${chainId} is configured twice`);
      if (seeded && seeded.chainId !== chainId) throw new Error(`wallet API: seeded data for chain ${seeded.chainId} given to chain ${chainId}`);
      // Batching turns a block's worth of reads (Promise.all) into one HTTP request to the node.
      const client = createPublicClient({
        transport: http(rpcUrl, { batch: { batchSize: 100, wait: 0 }, retryCount: 1, timeout: 10_000 }),
      }) as PublicClient;
      this.byId.set(chainId, { chainId, caip2: caip2(chainId), rpcUrl, seeded, client });
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
