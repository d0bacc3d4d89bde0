import { WidgetError, errorSummary } from '../../core/errors.js';
import { toWidgetError } from '../../core/foreign-errors.js';
import { t } from '../../core/messages.js';
import { $connected, $connection, $connections } from '../connection.js';
import { reportError } from '../errors.js';
import { setModalOpen } from '../modal.js';
import { replaceRoute, showRoute } from '../route.js';
import { findWallet } from '../wallets.js';
import { establishConnection } from './establish-connection.js';

let attempt = 0;

/** Asks the wallet `walletId` to connect, showing ConnectingExternal while it decides. */
export async function connect(walletId: string): Promise<void> {
  const connector = findWallet(walletId);
  if (!connector) {
    const error = new WidgetError('PROVIDER_NOT_FOUND', t('error.providerNotFound'), { details: walletId });
    reportError(error);
    throw error;
  }
  // Each namespace holds one connection; another namespace's stays (and stays active until this one connects).
  if ($connections.get()[connector.namespace] || $connection.get().status === 'reconnecting') {
    const error = new WidgetError('ALREADY_CONNECTED', t('error.alreadyConnected'));
    reportError(error);
    throw error;
  }
  const mine = ++attempt;
  const route = { view: 'ConnectingExternal', walletId } as const;
  showRoute(route);
  if (!$connected.get()) $connection.set({ status: 'connecting', walletId });
  try {
    const result = await connector.connect();
    if (mine !== attempt) return; // abandoned: went back, chose again, or the host's open() (closing keeps it)
    const { blocked } = establishConnection(connector, result);
    if (!blocked) setModalOpen(false);
  } catch (cause) {
    if (mine !== attempt) return;
    const error = toWidgetError(cause, 'connect');
    if ($connection.get().status === 'connecting') $connection.set({ status: 'disconnected' });
    replaceRoute({ ...route, error: errorSummary(error) });
    reportError(error);
  }
}

/** Abandons a connection attempt still waiting on the wallet (going back, or opening afresh; closing does not). */
export function cancelConnect(): void {
  attempt++;
  if ($connection.get().status === 'connecting') $connection.set({ status: 'disconnected' });
}
