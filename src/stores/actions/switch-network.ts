import { isEvmConnector, isSolanaConnector } from '../../connectors/types.js';
import type { Caip2, Namespace } from '../../core/caip.js';
import { WidgetError, errorSummary } from '../../core/errors.js';
import { toWidgetError } from '../../core/foreign-errors.js';
import { t } from '../../core/messages.js';
import { networkInfo } from '../../core/networks.js';
import { $config } from '../config.js';
import { $connected, $connection, $connections, putConnection, setWalletStatus } from '../connection.js';
import { reportError } from '../errors.js';
import { $modal } from '../modal.js';
import { $route, popRoute, replaceRoute } from '../route.js';
import { findWallet } from '../wallets.js';
import { enforceSupportedChain } from './establish-connection.js';

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
  // Issue 10: the network's namespace decides which connection moves; it becomes the active one.
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
  if (connector && isSolanaConnector(connector)) {
    // Wallet Standard has no "current chain": the widget chooses the network (one the wallet serves).
    if (!connector.serves(chainId)) return fail(new WidgetError('UNSUPPORTED_CHAIN', t('error.unsupportedChain'), { details: `${connector.name} does not serve ${chainId}` }));
    putConnection({ ...connection, chainId }, true);
    if ($route.get().view === 'SwitchNetwork' && !popRoute()) replaceRoute({ view: 'Account' });
    enforceSupportedChain();
    return;
  }
  if (!connector || !isEvmConnector(connector)) {
    return fail(new WidgetError('UNSUPPORTED_CHAIN', t('error.unsupportedChain'), { details: `cannot switch ${connection.namespace} wallets` }));
  }

  const route = $route.get();
  const inView = $modal.get().open && (route.view === 'SwitchNetwork' || route.view === 'UnsupportedChain') ? route.view : undefined;
  if (inView) replaceRoute({ view: inView, pending: chainId });
  try {
    await connector.switchChain(networkInfo(chainId, config.rpcUrls[chainId], config.networkMeta[chainId]));
  } catch (cause) {
    const error = toWidgetError(cause, 'switch');
    if (inView) replaceRoute({ view: inView, error: errorSummary(error) });
    return fail(error);
  }
  // Wallets announce the change with chainChanged; some resolve first, so record it here as well.
  const now = $connection.get();
  if (now.status === 'connected' && now.chainId !== chainId) putConnection({ ...now, chainId });
  if (inView === 'SwitchNetwork') {
    // SPEC: back to Account (or to wherever the visitor came from).
    if (!popRoute()) replaceRoute({ view: 'Account' });
  } else if (inView) {
    replaceRoute({ view: inView });
  }
  enforceSupportedChain();
}
