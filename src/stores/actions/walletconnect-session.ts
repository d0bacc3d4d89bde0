import { getSignClient, type WalletConnectClient } from '../../connectors/walletconnect/client.js';
import { sessionAccounts } from '../../connectors/walletconnect/session.js';
import type { Caip2, Namespace } from '../../core/caip.js';
import { RELAY_TIMEOUT_MS } from '../../core/constants.js';
import { WidgetError } from '../../core/errors.js';
import { toWidgetError } from '../../core/foreign-errors.js';
import { t } from '../../core/messages.js';
import '../../core/messages-walletconnect.js';
import { $config } from '../config.js';
import { $connected, $connection, $connections } from '../connection.js';
import { reportError } from '../errors.js';
import { lastConnection } from '../last-connection.js';
import { walletConnectSession } from '../walletconnect.js';
import { establishConnection } from './establish-connection.js';
import { keptChain } from './kept-chain.js';
import { forgetSide, useSide } from './walletconnect-sides.js';

/** The sign client with its relay deadline, and the restore of a stored session's sides after a reload. */

export const relayUnavailable = (cause?: unknown) => new WidgetError('RELAY_UNAVAILABLE', t('walletconnect.relayUnavailable'), { cause });

/** `promise`, or a rejection with `error()` after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, error: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(error()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The sign client, given up on at `deadline` (one deadline for all steps that wait on the relay). */
export function clientFor(deadline = Date.now() + RELAY_TIMEOUT_MS) {
  const { relayUrl, projectId } = $config.get();
  return withTimeout(getSignClient({ relayUrl, projectId }), deadline - Date.now(), () => relayUnavailable());
}

/**
 * After a reload: `namespace`'s side of the stored session, if the wallet still has it, reconnected without a
 * new QR code. The status goes back to disconnected in `reconnect()`, once every namespace is done.
 */
export async function restoreWalletConnect(namespace: Namespace = 'eip155'): Promise<void> {
  const stored = walletConnectSession(namespace).get();
  const forget = () => {
    lastConnection(namespace).set(null);
    if (stored) forgetSide(namespace, stored.topic);
  };
  if (!stored) return forget();
  let client: WalletConnectClient;
  try {
    client = await clientFor();
  } catch (error) {
    reportError(toWidgetError(error, 'connect'));
    return; // the relay may come back: keep the session for the next visit
  }
  const session = client.session.getAll().find((s) => s.topic === stored.topic && s.expiry * 1000 > Date.now());
  if (!session) return forget();
  // Given up meanwhile (nothing connected and no longer reconnecting), or this namespace connected another way.
  if ($connections.get()[namespace] || (!$connected.get() && $connection.get().status !== 'reconnecting')) return;
  const chainId = keptChain(namespace, (id) => sessionAccounts(session, namespace).has(id)) ?? (stored.chainId as Caip2);
  const connector = useSide(client, namespace, { ...stored, chainId });
  const result = await connector.restore();
  if (!result) {
    connector.release();
    return forget();
  }
  establishConnection(connector, result);
}
