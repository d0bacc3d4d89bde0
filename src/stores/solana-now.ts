import type { SolanaNow } from '../connectors/solana/host-provider.js';
import { networkInfo } from '../core/networks.js';
import { $config } from './config.js';
import { $connections } from './connection.js';

/** The Solana connection of the wallet `walletId` as it is (account, network and its RPC), for its connector. */
export const solanaNow =
  (walletId: string): SolanaNow =>
  () => {
    const c = $connections.get().solana;
    const { rpcUrls, networkMeta } = $config.get();
    return c?.walletId === walletId ? { address: c.address, chainId: c.chainId, rpcUrl: networkInfo(c.chainId, rpcUrls[c.chainId], networkMeta[c.chainId]).rpcUrls[0] } : undefined;
  };
