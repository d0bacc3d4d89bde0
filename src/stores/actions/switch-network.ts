import { isEvmConnector, isSolanaConnector } from '../../connectors/types.js';
import type { Caip2, Namespace } from '../../core/caip.js';
import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { $config } from '../config.js';
import { $connected, $connections, putConnection, setWalletStatus } from '../connection.js';
import { reportError } from '../errors.js';
import { $modal } from '../modal.js';
import { $route, popRoute, replaceRoute } from '../route.js';
import { findWallet } from '../wallets.js';

/**
 * Asks the connected wallet to move to `chainId` (adding it first when the wallet does not know it).
 * While the wallet decides, the SwitchNetwork or UnsupportedChain view shows "approve in your wallet";
 * a refusal stays on that view with the reason. Rejects with a `WidgetError`.
 */
export async function switchNetwork(chainId: Caip2): Promise<void> {
  const fail = (error: WidgetError) => {
    reportError(error);
    throw error;
  };
  const config = $config.get();
  if (!config.networks.includes(chainId) && !config.allowUnsupportedChain) {
    fail(new WidgetError('UNSUPPORTED_CHAIN', t('error.unsupportedChain'), { details: `${chainId} is not in networks` }));
  }
  // The network's namespace decides which connection moves; it becomes the active one.
  const connection = $connections.get()[chainId.split(':')[0] as Namespace];
  if (!connection) return fail(new WidgetError('NOT_CONNECTED', t('error.notConnected'), { details: `no ${chainId.split(':')[0]} connection` }));
  const activating = $connected.get()?.namespace !== connection.namespace;
  if (activating) {
    setWalletStatus(connection.walletId, 'active');
    putConnection(connection, true);
  }
  if (connection.chainId === chainId) {
    // Only which connection is active changed: back from the network list.
    if (activating && $route.get().view === 'SwitchNetwork' && !popRoute()) replaceRoute({ view: 'Account' });
    return;
  }
  const connector = findWallet(connection.walletId);
  if (!connector || !(isEvmConnector(connector) || isSolanaConnector(connector))) {
    return fail(new WidgetError('UNSUPPORTED_CHAIN', t('error.unsupportedChain'), { details: `cannot switch ${connection.namespace} wallets` }));
  }

  const route = $route.get();
  const inView = $modal.get().open && (route.view === 'SwitchNetwork' || route.view === 'UnsupportedChain') ? route.view : undefined;
  // Wallet Standard has no "current chain": a Solana network is the widget's choice, made at once.
  if (inView && isEvmConnector(connector)) replaceRoute({ view: inView, pending: chainId });
  // Asking the wallet, and what follows its answer, is code loaded meanwhile.
  const { askWalletToSwitch } = await import('./switch-network-wallet.js');
  return askWalletToSwitch(connector, chainId, inView, fail);
}
