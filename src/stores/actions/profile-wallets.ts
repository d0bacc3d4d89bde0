import type { Namespace } from '../../core/caip.js';
import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { $addingWallet, $connected, $connections, $heldConnections, holdConnection, putConnection, releaseHeld, setWalletStatus } from '../connection.js';
import { reportError } from '../errors.js';
import { pushRoute } from '../route.js';
import { findWallet } from '../wallets.js';
import { endConnection, endHeld, rememberConnection } from './end-connection.js';
import { enforceSupportedChain } from './establish-connection.js';

/**
 * ProfileWallets: several wallets per namespace, one active. Making a parked wallet active swaps it
 * with its namespace's connection (which stays connected, parked); it becomes the active connection overall.
 */
export function activateWallet(walletId: string): void {
  const record = $heldConnections.get().find((c) => c.walletId === walletId);
  if (!record) {
    const current = Object.values($connections.get()).find((c) => c.walletId === walletId);
    if (current && $connected.get()?.walletId !== walletId) {
      setWalletStatus(walletId, 'active');
      putConnection(current, true);
      return;
    }
    if (current) return;
    const error = new WidgetError('NOT_CONNECTED', t('error.notConnected'), { details: `${walletId} is not connected` });
    reportError(error);
    throw error;
  }
  // The one in use is parked first, so the connection's listeners see it still connected (an account change).
  const previous = $connections.get()[record.namespace];
  if (previous) holdConnection(previous);
  releaseHeld(walletId);
  setWalletStatus(walletId, 'active');
  putConnection(record, true);
  rememberConnection(record);
  enforceSupportedChain();
}

/**
 * Disconnects one wallet: the wallet is asked to end its grant where it can, and the widget forgets it whatever
 * it answers. The namespace's connection, when it is that one, is taken over by a parked wallet of the namespace.
 */
export async function disconnectWallet(walletId: string): Promise<void> {
  const connector = findWallet(walletId);
  const active = Object.values($connections.get()).find((c) => c.walletId === walletId);
  if (active) endConnection(active.namespace, { stay: true });
  else if (!endHeld(walletId)) return;
  try {
    await connector?.disconnect();
  } catch (error) {
    reportError((await import('../../core/foreign-errors.js')).toWidgetError(error, 'disconnect'));
  }
}

/** ProfileWallets' "Add wallet": Connect filtered to `namespace`, where connecting another wallet is allowed. */
export function addWallet(namespace: Namespace): void {
  $addingWallet.set(namespace);
  pushRoute({ view: 'Connect', namespace });
}
