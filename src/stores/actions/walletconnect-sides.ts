import type { SessionTypes } from '@walletconnect/types';
import type { WalletConnectClient } from '../../connectors/walletconnect/client.js';
import { createWalletConnectConnector, type WalletConnectSession } from '../../connectors/walletconnect/connector.js';
import { pickChain, sessionAccounts } from '../../connectors/walletconnect/session.js';
import { createWalletConnectSolanaConnector } from '../../connectors/walletconnect/solana-connector.js';
import type { Caip2, Namespace } from '../../core/caip.js';
import { WALLETCONNECT_ID } from '../../core/constants.js';
import { t } from '../../core/messages.js';
import '../../core/messages-walletconnect.js';
import { $config } from '../config.js';
import type { ChosenWallet } from '../route.js';
import { solanaNow } from '../solana-now.js';
import { $walletConnectSides, sideWalletId } from '../walletconnect.js';
import { registerWallet } from '../wallets.js';

/**
 * The sides of a WalletConnect session: its EVM and its Solana connection, each a connector of its
 * own (`walletconnect` / `solana:walletconnect`, or the directory wallet's id) over the one session, each
 * persisted with its session and network (`$walletConnectSides`) and restored on its own after a reload, whether
 * it is its namespace's connection or parked beside it (ProfileWallets).
 */

/** Records `namespace`'s side of a session: its session and network (replacing what that wallet had there). */
function keepSide(namespace: Namespace, { id, name, icon, topic, chainId }: WalletConnectSession): void {
  const kept = { namespace, id, name, ...(icon ? { icon } : {}), topic, chainId };
  const others = $walletConnectSides.get().filter((s) => !(s.namespace === namespace && sideWalletId(s) === sideWalletId(kept)));
  $walletConnectSides.set([...others, kept]);
}

/** Forgets `namespace`'s side of the session `topic`. */
export function forgetSide(namespace: Namespace, topic: string): void {
  const sides = $walletConnectSides.get();
  const left = sides.filter((s) => !(s.namespace === namespace && s.topic === topic));
  if (left.length !== sides.length) $walletConnectSides.set(left);
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
