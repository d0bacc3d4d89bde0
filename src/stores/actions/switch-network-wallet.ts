import { type EvmConnector, type SolanaConnector, isSolanaConnector } from '../../connectors/types.js';
import type { Caip2 } from '../../core/caip.js';
import { WidgetError, errorSummary } from '../../core/errors.js';
import { toWidgetError } from '../../core/foreign-errors.js';
import { t } from '../../core/messages.js';
import { networkInfo } from '../../core/networks.js';
import { $config } from '../config.js';
import { $connections, putConnection } from '../connection.js';
import { lastConnection } from '../last-connection.js';
import { popRoute, replaceRoute } from '../route.js';
import { enforceSupportedChain } from './establish-connection.js';

/**
 * The second half of switchNetwork(), a chunk: asks `connector` to move to `chainId` while `inView` (the
 * SwitchNetwork or UnsupportedChain view, if the modal shows one) says so, then follows the answer. `fail`
 * reports and throws.
 */
export async function askWalletToSwitch(
  connector: EvmConnector | SolanaConnector,
  chainId: Caip2,
  inView: 'SwitchNetwork' | 'UnsupportedChain' | undefined,
  fail: (error: WidgetError) => never,
): Promise<void> {
  const config = $config.get();
  try {
    if (isSolanaConnector(connector)) {
      // Wallet Standard has no "current chain"; the widget moves to a network the wallet serves.
      if (!connector.serves(chainId)) throw new WidgetError('UNSUPPORTED_CHAIN', t('error.unsupportedChain'), { details: `${connector.name} does not serve ${chainId}` });
    } else {
      await connector.switchChain(networkInfo(chainId, config.rpcUrls[chainId], config.networkMeta[chainId]));
    }
  } catch (cause) {
    const error = toWidgetError(cause, 'switch');
    if (inView) replaceRoute({ view: inView, error: errorSummary(error) });
    return fail(error);
  }
  // Wallets announce the change with chainChanged; some resolve first, so record it here as well.
  const now = $connections.get()[connector.namespace];
  if (now && now.chainId !== chainId) putConnection({ ...now, chainId });
  // A Solana wallet comes back on its first network after a reload unless the widget keeps the one chosen.
  const $last = lastConnection(connector.namespace);
  const last = $last.get();
  if (last?.walletId === connector.id) $last.set({ ...last, chainId });
  if (inView === 'SwitchNetwork') {
    // SPEC: back to Account (or to wherever the visitor came from).
    if (!popRoute()) replaceRoute({ view: 'Account' });
  } else if (inView) {
    replaceRoute({ view: inView });
  }
  enforceSupportedChain();
}
