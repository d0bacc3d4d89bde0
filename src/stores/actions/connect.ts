import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { $connection } from '../connection.js';
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
  const status = $connection.get().status;
  if (status === 'connected' || status === 'reconnecting') {
    const error = new WidgetError('ALREADY_CONNECTED', t('error.alreadyConnected'));
    reportError(error);
    throw error;
  }
  const mine = nextAttempt();
  const route = { view: 'ConnectingExternal', walletId } as const;
  showRoute(route);
  $connection.set({ status: 'connecting', walletId });
  // What follows the wallet's answer (setting the connection up, reading a refusal) loads meanwhile.
  const { awaitWallet } = await import('./connect-wallet.js');
  return awaitWallet(connector, route, mine);
}
