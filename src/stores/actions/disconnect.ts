import type { Namespace } from '../../core/caip.js';
import { $connected, $connections, $heldConnections } from '../connection.js';
import { reportError } from '../errors.js';
import { findWallet } from '../wallets.js';
import { endConnection, endHeld } from './end-connection.js';

/**
 * Ends the connection of `namespace`, or of every namespace: the wallet is asked to revoke its grant where it
 * can, and the widget forgets the connection whatever the wallet answers (a visitor who asks to leave is never kept).
 */
export async function disconnect(namespace?: Namespace): Promise<void> {
  const active = $connected.get()?.namespace;
  // Wallets parked in ProfileWallets first, so none takes the place of a connection that is ending.
  const parked = $heldConnections.get().filter((c) => !namespace || c.namespace === namespace);
  await Promise.all(
    parked.map(async (record) => {
      endHeld(record.walletId);
      await findWallet(record.walletId)?.disconnect().catch(async (error: unknown) => reportError((await import('../../core/foreign-errors.js')).toWidgetError(error, 'disconnect')));
    }),
  );
  // The active one last, so the host never sees the other briefly become active.
  const ends = Object.values($connections.get()).filter((c) => !namespace || c.namespace === namespace).sort((c) => (c.namespace === active ? 1 : -1));
  await Promise.all(
    ends.map(async (connection) => {
      const connector = findWallet(connection.walletId);
      endConnection(connection.namespace);
      try {
        await connector?.disconnect();
      } catch (error) {
        reportError((await import('../../core/foreign-errors.js')).toWidgetError(error, 'disconnect'));
      }
    }),
  );
}
