import { getWallets } from '@wallet-standard/app';
import { createSolanaConnector, isSolanaWallet } from '../connectors/solana/connector.js';
import type { Connector } from '../connectors/types.js';
import { $config } from './config.js';
import { solanaNow } from './solana-now.js';

const networks = () => {
  const { defaultNetwork, networks } = $config.get();
  return defaultNetwork ? [defaultNetwork, ...networks] : networks;
};

/**
 * Wallet Standard discovery (loaded on open when a `solana:` network is configured, or to restore a Solana
 * connection): every registered wallet with a `solana:` chain and `standard:connect`, now and as they come
 * and go. `getWallets()` only dispatches and hears window events: nothing leaves the page.
 */
export function discoverSolanaWallets(found: Map<string, Connector>, publish: () => void): void {
  const wallets = getWallets();
  const add = (...list: readonly Parameters<typeof isSolanaWallet>[0][]) => {
    for (const wallet of list.filter(isSolanaWallet)) {
      const id = `solana:${wallet.name}`;
      const connector = createSolanaConnector(wallet, networks, solanaNow(id));
      // A wallet registering again keeps its first connector, so listeners stay attached.
      if (!found.has(connector.id)) found.set(connector.id, connector);
    }
    publish();
  };
  add(...wallets.get());
  wallets.on('register', add);
  wallets.on('unregister', (...list) => {
    for (const wallet of list) found.delete(`solana:${wallet.name}`);
    publish();
  });
}
