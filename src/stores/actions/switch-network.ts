import { isEvmConnector } from '../../connectors/types.js';
import type { Caip2 } from '../../core/caip.js';
import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { $config } from '../config.js';
import { $connection } from '../connection.js';
import { reportError } from '../errors.js';
import { $modal } from '../modal.js';
import { $route, replaceRoute } from '../route.js';
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
  const connection = $connection.get();
  if (connection.status !== 'connected') return fail(new WidgetError('NOT_CONNECTED', t('error.notConnected')));
  if (connection.chainId === chainId) return;
  const connector = findWallet(connection.walletId);
  if (!connector || !isEvmConnector(connector)) {
    return fail(new WidgetError('UNSUPPORTED_CHAIN', t('error.unsupportedChain'), { details: `cannot switch ${connection.namespace} wallets` }));
  }

  const route = $route.get();
  const inView = $modal.get().open && (route.view === 'SwitchNetwork' || route.view === 'UnsupportedChain') ? route.view : undefined;
  if (inView) replaceRoute({ view: inView, pending: chainId });
  // Asking the wallet, and what follows its answer, is code loaded meanwhile.
  const { askWalletToSwitch } = await import('./switch-network-wallet.js');
  return askWalletToSwitch(connector, chainId, inView, fail);
}
