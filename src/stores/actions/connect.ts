import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { $addingWallet, $connected, $connection, $connections, $heldConnections } from '../connection.js';
import { reportError } from '../errors.js';
import { showRoute } from '../route.js';
import { findWallet } from '../wallets.js';
import { nextAttempt } from './connect-attempt.js';

/** Asks the wallet `walletId` to connect, showing ConnectingExternal while it decides. */
export async function connect(walletId: string): Promise<void> {
  const connector = findWallet(walletId);
  if (!connector) {
    const error = new WidgetError('PROVIDER_NOT_FOUND', t('error.providerNotFound'), { details: walletId });
    reportError(error);
    throw error;
  }
  // Each namespace holds one connection; another namespace's stays (and stays active until this one connects).
  // ProfileWallets' "Add wallet" connects another wallet in a connected namespace (the one there is parked).
  const held = [...Object.values($connections.get()), ...$heldConnections.get()].some((c) => c.walletId === walletId);
  const adding = $addingWallet.get() === connector.namespace && !held;
  if ((!adding && $connections.get()[connector.namespace]) || $connection.get().status === 'reconnecting') {
    const error = new WidgetError('ALREADY_CONNECTED', t('error.alreadyConnected'));
    reportError(error);
    throw error;
  }
  const mine = nextAttempt();
  const route = { view: 'ConnectingExternal', walletId } as const;
  showRoute(route);
  if (!$connected.get()) $connection.set({ status: 'connecting', walletId });
  // What follows the wallet's answer (setting the connection up, reading a refusal) loads meanwhile.
  const { awaitWallet } = await import('./connect-wallet.js');
  return awaitWallet(connector, route, mine);
}
