/** The relay sockets of clients replaced after a change of relay-url or project-id (client.ts). */
import type { WalletConnectClient } from './client.js';

/** Clients replaced by one for another relay-url or project-id. */
const retired = new WeakSet<WalletConnectClient>();

/**
 * Marks `client` as replaced and closes its relay socket, unless a session still uses it (the connection of
 * the moment, made before the change): that socket is closed when the session ends (`closeIfRetired`).
 */
export function retireClient(client: WalletConnectClient): void {
  retired.add(client);
  closeIfRetired(client);
}

/** Closes a replaced client's relay socket once no session uses it. */
export function closeIfRetired(client: WalletConnectClient): void {
  if (!retired.has(client) || client.session.getAll().length > 0) return;
  client.core.relayer.transportClose().catch(() => undefined);
}
