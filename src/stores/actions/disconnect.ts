import type { Namespace } from '../../core/caip.js';
import { $connection } from '../connection.js';
import { reportError } from '../errors.js';
import { findWallet } from '../wallets.js';
import { endConnection } from './establish-connection.js';

/**
 * Ends the connection: the wallet is asked to revoke its grant where it can, and the widget forgets
 * the connection whatever the wallet answers (a visitor who asks to leave is never kept).
 */
export async function disconnect(namespace?: Namespace): Promise<void> {
  const connection = $connection.get();
  if (connection.status !== 'connected' || (namespace && connection.namespace !== namespace)) return;
  const connector = findWallet(connection.walletId);
  endConnection();
  try {
    await connector?.disconnect();
  } catch (error) {
    reportError((await import('../../core/foreign-errors.js')).toWidgetError(error, 'disconnect'));
  }
}
