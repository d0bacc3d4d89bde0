import type { EvmConnector } from '../../connectors/types.js';
import type { Caip2 } from '../../core/caip.js';
import { type WidgetError, errorSummary } from '../../core/errors.js';
import { toWidgetError } from '../../core/foreign-errors.js';
import { networkInfo } from '../../core/networks.js';
import { $config } from '../config.js';
import { $connection } from '../connection.js';
import { popRoute, replaceRoute } from '../route.js';
import { enforceSupportedChain } from './establish-connection.js';

/**
 * The second half of switchNetwork(), a chunk: asks `connector` to move to `chainId` while `inView` (the
 * SwitchNetwork or UnsupportedChain view, if the modal shows one) says so, then follows the answer. `fail`
 * reports and throws.
 */
export async function askWalletToSwitch(
  connector: EvmConnector,
  chainId: Caip2,
  inView: 'SwitchNetwork' | 'UnsupportedChain' | undefined,
  fail: (error: WidgetError) => never,
): Promise<void> {
  const config = $config.get();
  try {
    await connector.switchChain(networkInfo(chainId, config.rpcUrls[chainId], config.networkMeta[chainId]));
  } catch (cause) {
    const error = toWidgetError(cause, 'switch');
    if (inView) replaceRoute({ view: inView, error: errorSummary(error) });
    return fail(error);
  }
  // Wallets announce the change with chainChanged; some resolve first, so record it here as well.
  const now = $connection.get();
  if (now.status === 'connected' && now.chainId !== chainId) $connection.set({ ...now, chainId });
  if (inView === 'SwitchNetwork') {
    // SPEC: back to Account (or to wherever the visitor came from).
    if (!popRoute()) replaceRoute({ view: 'Account' });
  } else if (inView) {
    replaceRoute({ view: inView });
  }
  enforceSupportedChain();
}
