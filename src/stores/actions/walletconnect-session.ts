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
import { storedSide } from '../walletconnect.js';
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
 * After a reload: `namespace`'s connection over WalletConnect, if the wallet still has the stored session,
 * reconnected without a new QR code. The status goes back to disconnected in `reconnect()`, once every
 * namespace is done.
 */
export async function restoreWalletConnect(namespace: Namespace = 'eip155'): Promise<void> {
  const walletId = lastConnection(namespace).get()?.walletId;
  // Given up meanwhile (nothing connected and no longer reconnecting), or this namespace connected another way.
  const wanted = () => !$connections.get()[namespace] && (!!$connected.get() || $connection.get().status === 'reconnecting');
  const reopened = walletId ? await reopenSide(namespace, walletId, wanted) : 'gone';
  if (reopened === 'gone') lastConnection(namespace).set(null);
  else if (reopened) establishConnection(reopened.connector, reopened.result);
}

/**
 * After a reload: a wallet connected over WalletConnect that was parked beside `namespace`'s connection
 * (ProfileWallets), its connector and accounts taken back from its stored session; undefined when that session
 * is gone (then forgotten) or the relay did not answer (kept for the next visit).
 */
export async function restoreParkedWalletConnect(namespace: Namespace, walletId: string, chainId: string | undefined, wanted: () => boolean) {
  const reopened = await reopenSide(namespace, walletId, wanted, chainId);
  return reopened === 'gone' ? undefined : reopened;
}

/**
 * `walletId`'s stored side in `namespace` reopened: on the network kept for it (`chainId`, else the one the
 * widget kept for the namespace, else the side's own) where the session still has accounts on it. 'gone' when
 * the wallet no longer has the session or grants no account (the side is forgotten); undefined when the relay
 * did not answer (the side is kept: it may come back) or it is no longer `wanted`.
 */
async function reopenSide(namespace: Namespace, walletId: string, wanted: () => boolean, chainId?: string) {
  const stored = storedSide(namespace, walletId);
  if (!stored) return 'gone';
  let client: WalletConnectClient;
  try {
    client = await clientFor();
  } catch (error) {
    reportError(toWidgetError(error, 'connect'));
    return undefined;
  }
  const session = client.session.getAll().find((s) => s.topic === stored.topic && s.expiry * 1000 > Date.now());
  if (!session) {
    forgetSide(namespace, stored.topic);
    return 'gone';
  }
  if (!wanted()) return undefined;
  const granted = sessionAccounts(session, namespace);
  const kept = chainId && granted.has(chainId as Caip2) && $config.get().networks.includes(chainId as Caip2) ? (chainId as Caip2) : keptChain(namespace, (id) => granted.has(id));
  const connector = useSide(client, namespace, { ...stored, chainId: kept ?? (stored.chainId as Caip2) });
  const result = await connector.restore();
  if (!result) {
    connector.release();
    forgetSide(namespace, stored.topic);
    return 'gone';
  }
  return { connector, result };
}
