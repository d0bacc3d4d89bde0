import { type Caip2, evmChainId } from '../../core/caip.js';
import { PUBLIC_RPCS } from './public-rpcs.js';

/**
 * The chain's public RPC from viem's chain definitions (the last choice for reads: see stores/chain-reads.ts),
 * or undefined when viem knows none for the chain. Load this module on demand: the table is ~10 KB.
 */
export function publicRpcUrl(chainId: Caip2): string | undefined {
  const id = evmChainId(chainId);
  return id === undefined ? undefined : PUBLIC_RPCS[id];
}
