import { $connected, $connections, $heldConnections, type Connected, dropConnection, putConnection, releaseHeld, setWalletStatus } from '../connection.js';
import { lastConnection } from '../last-connection.js';
import { $modal, setModalOpen } from '../modal.js';
import { $route, resetRoute } from '../route.js';
import { noteHeldEnded } from '../held-ended.js';

/** Per wallet: the unsubscribe of its events (`establishConnection`, a chunk, fills it). */
export const stopTracking = new Map<string, () => void>();

function stopFollowing(walletId: string): void {
  stopTracking.get(walletId)?.();
  stopTracking.delete(walletId);
}

/** The record to restore `record` from after a reload (`lastConnection`). */
export function rememberConnection(record: Connected): void {
  const { walletId, namespace, connector, chainId } = record;
  lastConnection(namespace).set({ walletId, namespace, type: connector.type, ...(namespace === 'solana' && { chainId }) });
}

/**
 * Closes the modal and forgets `namespace`'s connection (the active one by default) locally; the wallet side
 * is the caller's business. A wallet of that namespace still holding its grant (ProfileWallets) takes its place,
 * the newest first; else the other namespace's connection, if any, becomes the active one.
 */
export function endConnection(namespace = $connected.get()?.namespace, { stay = false } = {}): void {
  const connection = namespace && $connections.get()[namespace];
  // ProfileWallets disconnecting one of several wallets (or showing while one ends) stays, unless none is left.
  stay ||= $route.get().view === 'ProfileWallets';
  if ($modal.get().open && !(stay && ($heldConnections.get().length > 0 || Object.keys($connections.get()).length > 1))) setModalOpen(false);
  if (!namespace) return;
  if (connection) {
    stopFollowing(connection.walletId);
    setWalletStatus(connection.walletId, 'disconnected');
  }
  const next = [...$heldConnections.get()].reverse().find((c) => c.namespace === namespace);
  if (next) {
    releaseHeld(next.walletId);
    const wasActive = $connected.get()?.namespace === namespace;
    if (wasActive) setWalletStatus(next.walletId, 'active');
    putConnection(next, wasActive);
    rememberConnection(next);
  } else {
    dropConnection(namespace);
    lastConnection(namespace).set(null);
  }
  const active = $connected.get();
  if (active) setWalletStatus(active.walletId, 'active');
  const view = active ? 'Account' : 'Connect';
  if ($route.get().view !== view && !(stay && active && $modal.get().open)) resetRoute({ view });
}

/** Forgets a wallet parked in ProfileWallets (its wallet ended the grant, or the visitor disconnected it). */
export function endHeld(walletId: string): Connected | undefined {
  const record = releaseHeld(walletId);
  if (!record) return undefined;
  stopFollowing(walletId);
  setWalletStatus(walletId, 'disconnected');
  noteHeldEnded(record);
  return record;
}
