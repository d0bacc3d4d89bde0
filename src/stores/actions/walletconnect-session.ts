import type { SessionTypes } from '@walletconnect/types';
import { getSignClient, type WalletConnectClient } from '../../connectors/walletconnect/client.js';
import { createWalletConnectConnector, type WalletConnectSession } from '../../connectors/walletconnect/connector.js';
import { pickChain, sessionAccounts } from '../../connectors/walletconnect/session.js';
import { createWalletConnectSolanaConnector } from '../../connectors/walletconnect/solana-connector.js';
import type { Caip2, Namespace } from '../../core/caip.js';
import { RELAY_TIMEOUT_MS, WALLETCONNECT_ID } from '../../core/constants.js';
import { WidgetError } from '../../core/errors.js';
import { toWidgetError } from '../../core/foreign-errors.js';
import { t } from '../../core/messages.js';
import '../../core/messages-walletconnect.js';
import { $config } from '../config.js';
import { $connected, $connection, $connections } from '../connection.js';
import { reportError } from '../errors.js';
import { lastConnection } from '../last-connection.js';
import type { ChosenWallet } from '../route.js';
import { solanaNow } from '../solana-now.js';
import { $walletConnectSession } from '../walletconnect.js';
import { registerWallet } from '../wallets.js';
import { establishConnection } from './establish-connection.js';

/**
 * The sides of a WalletConnect session (issue 10): its EVM and its Solana connection, each a connector of its
 * own (`walletconnect` / `solana:walletconnect`, or the directory wallet's id) over the one session, each
 * persisted with its network in `$walletConnectSession` and restored on its own after a reload.
 */

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

const CHAIN_KEY = { eip155: 'chainId', solana: 'solanaChainId' } as const;

/** Records `namespace`'s network for the session `init` describes. */
function keepSide(namespace: Namespace, init: WalletConnectSession): void {
  const stored = $walletConnectSession.get();
  const { id, name, icon, topic } = init;
  const base = stored?.topic === topic ? stored : { id, name, ...(icon ? { icon } : {}), topic };
  $walletConnectSession.set({ ...base, [CHAIN_KEY[namespace]]: init.chainId });
}

/** Forgets `namespace`'s side of the stored session; the record goes with its last side. */
function forgetSide(namespace: Namespace, topic: string): void {
  const stored = $walletConnectSession.get();
  if (stored?.topic !== topic) return;
  const rest = { ...stored };
  delete rest[CHAIN_KEY[namespace]];
  $walletConnectSession.set(rest.chainId || rest.solanaChainId ? rest : null);
}

/** Makes `namespace`'s connector for the session (findable by its id) and records the side. */
export function useSide(client: WalletConnectClient, namespace: Namespace, init: WalletConnectSession) {
  const onEnd = () => forgetSide(namespace, init.topic);
  const connector =
    namespace === 'solana'
      ? createWalletConnectSolanaConnector(client, init, { now: solanaNow(`solana:${init.id}`), onEnd })
      : createWalletConnectConnector(client, init, { onChange: (session) => keepSide(namespace, session), onEnd });
  registerWallet(connector);
  keepSide(namespace, init);
  return connector;
}

/**
 * The sides an approved session gives, among those asked for (`wanted`), each on the first configured network
 * (default first) it has accounts on: the default network's namespace last, as it becomes the active one.
 */
export function sessionSides(session: SessionTypes.Struct, wallet: ChosenWallet | undefined, wanted: readonly Namespace[]) {
  const preferred = [$config.get().defaultNetwork, ...$config.get().networks].filter((id): id is Caip2 => !!id);
  const icon = session.peer.metadata.icons.find((url) => url.startsWith('data:image/'));
  const base = { id: wallet?.id ?? WALLETCONNECT_ID, name: session.peer.metadata.name || wallet?.name || t('view.ConnectingWalletConnect'), icon, topic: session.topic };
  const sides: { namespace: Namespace; init: WalletConnectSession }[] = [];
  for (const namespace of wanted) {
    const chainId = pickChain(sessionAccounts(session, namespace), preferred);
    if (chainId) sides.push({ namespace, init: { ...base, chainId } });
  }
  const first = preferred[0]?.split(':')[0];
  return sides.sort((a, b) => Number(a.namespace === first) - Number(b.namespace === first));
}

/**
 * After a reload: `namespace`'s side of the stored session, if the wallet still has it, reconnected without a
 * new QR code. The status goes back to disconnected in `reconnect()`, once every namespace is done.
 */
export async function restoreWalletConnect(namespace: Namespace = 'eip155'): Promise<void> {
  const stored = $walletConnectSession.get();
  const chainId = stored?.[CHAIN_KEY[namespace]] as Caip2 | undefined;
  const forget = () => {
    lastConnection(namespace).set(null);
    if (stored) forgetSide(namespace, stored.topic);
  };
  if (!stored || !chainId) return forget();
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
  const { chainId: _, solanaChainId: __, ...base } = stored;
  const connector = useSide(client, namespace, { ...base, chainId });
  const result = await connector.restore();
  if (!result) {
    connector.release();
    return forget();
  }
  establishConnection(connector, result);
}
