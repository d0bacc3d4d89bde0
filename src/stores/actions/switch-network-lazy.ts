import type { Caip2 } from '../../core/caip.js';

/** Asks the connected wallet to move to `chainId`: switch-network.ts, a chunk loaded when first used. */
export const switchNetwork = (chainId: Caip2): Promise<void> => import('./switch-network.js').then((module) => module.switchNetwork(chainId));
