// The Solana chains the wallet data API serves (the local litesvm facade), next to the EVM ChainRegistry.
import { base58 } from '@scure/base';
import { rpcCall } from '../../json-rpc.js';
import type { SeededSolana } from '../../solana/types.js';

export interface ApiSolanaChainOptions {
  /** CAIP-2, `solana:<first 32 characters of the genesis hash>`. */
  chainId: string;
  rpcUrl: string;
  seeded?: SeededSolana;
}

export interface ApiSolanaChain extends ApiSolanaChainOptions {
  /** The chain's key in the index's integer chain_id column: negative, so never an EVM chain id. */
  storeId: number;
  rpc<T>(method: string, params?: unknown[]): Promise<T>;
}

export const SOLANA_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** A Solana address: base58 of exactly 32 bytes (docs/specification.md#validation). */
export function isSolanaAddress(address: string): boolean {
  if (!SOLANA_ADDRESS_PATTERN.test(address)) return false;
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}
/** The hosted API's placeholder address for SOL (docs/wire-formats.md, "Native token placeholder addresses"). */
export const SOL_NATIVE_ADDRESS = 'So11111111111111111111111111111111111111111';
export const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const;

export class SolanaChains {
  private readonly byId = new Map<string, ApiSolanaChain>();

  constructor(options: readonly ApiSolanaChainOptions[] = []) {
    options.forEach(({ chainId, rpcUrl, seeded }, index) => {
      if (!/^solana:[1-9A-HJ-NP-Za-km-z]{1,32}$/.test(chainId)) throw new Error(`wallet API: ${chainId} is not a solana: CAIP-2 id`);
      if (this.byId.has(chainId)) throw new Error(`wallet API: chain ${chainId} is configured twice`);
      const rpc = <T>(method: string, params: unknown[] = []): Promise<T> => rpcCall<T>(rpcUrl, method, params, 10_000);
      this.byId.set(chainId, { chainId, rpcUrl, seeded, storeId: -1 - index, rpc });
    });
  }

  get(chainId: string | undefined): ApiSolanaChain | undefined {
    return chainId === undefined ? undefined : this.byId.get(chainId);
  }

  all(): ApiSolanaChain[] {
    return [...this.byId.values()];
  }
}
