import { createClient, custom, http } from 'viem';
import { getBalance } from 'viem/actions';
import type { Eip1193Provider } from '../types.js';

/**
 * The native balance of `address`, read from the chain: through the configured RPC URL when there is
 * one (so the number does not depend on the wallet), else through the wallet's own provider.
 * Loaded on demand (viem stays out of the entry file).
 */
export async function readNativeBalance(address: `0x${string}`, source: { rpcUrl: string | undefined; provider: Eip1193Provider }): Promise<bigint> {
  const transport = source.rpcUrl ? http(source.rpcUrl, { retryCount: 1, timeout: 10_000 }) : custom(source.provider as never);
  // createClient + one action, not createPublicClient: the latter brings every public action along.
  return getBalance(createClient({ transport }), { address });
}
