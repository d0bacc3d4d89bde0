import type { Namespace } from '../../core/caip.js';
import { $connected, $connections, dropConnection, setWalletStatus } from '../connection.js';
import { lastConnection } from '../last-connection.js';
import { $modal, setModalOpen } from '../modal.js';
import { $route, resetRoute } from '../route.js';

/** Per namespace: the unsubscribe of the wallet followed for it (`establishConnection`, a chunk, fills it). */
export const stopTracking: Partial<Record<Namespace, () => void>> = {};

/**
 * Closes the modal and forgets `namespace`'s connection (the active one by default) locally; the wallet side
 * is the caller's business. The other namespace's connection, if any, becomes the active one.
 */
export function endConnection(namespace = $connected.get()?.namespace): void {
  const connection = namespace && $connections.get()[namespace];
  if ($modal.get().open) setModalOpen(false);
  if (!namespace) return;
  stopTracking[namespace]?.();
  delete stopTracking[namespace];
  if (connection) setWalletStatus(connection.walletId, 'disconnected');
  dropConnection(namespace);
  lastConnection(namespace).set(null);
  const active = $connected.get();
  if (active) setWalletStatus(active.walletId, 'active');
  const view = active ? 'Account' : 'Connect';
  if ($route.get().view !== view) resetRoute({ view });
}
