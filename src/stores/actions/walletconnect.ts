import { type Approved, propose } from '../../connectors/walletconnect/authenticate.js';
import { USER_DISCONNECTED, proposalNamespaces, sessionAccounts } from '../../connectors/walletconnect/session.js';
import type { Namespace } from '../../core/caip.js';
import { PAIRING_EXPIRY_MS, RELAY_TIMEOUT_MS, WALLETCONNECT_ID } from '../../core/constants.js';
import { WidgetError, errorSummary } from '../../core/errors.js';
import { isRejection, toWidgetError } from '../../core/foreign-errors.js';
import { t } from '../../core/messages.js';
import '../../core/messages-walletconnect.js';
import { $config } from '../config.js';
import { $addingWallet, $connected, $connection, $connections, $heldConnections } from '../connection.js';
import { reportError } from '../errors.js';
import { $modal } from '../modal.js';
import { $route, type ChosenWallet, replaceRoute } from '../route.js';
import { $pairing } from '../walletconnect.js';
import { chosenWalletLink } from '../wallet-link.js';
import { closeAfterConnect, establishConnection } from './establish-connection.js';
import { oneClickProposal, signInWithCacao } from './walletconnect-oneclick.js';
import { clientFor, relayUnavailable, withTimeout } from './walletconnect-session.js';
import { sessionSides, useSide } from './walletconnect-sides.js';

export { restoreWalletConnect } from './walletconnect-session.js';

let attempt = 0;

const skipped = (wanted: readonly Namespace[]) => (['eip155', 'solana'] as const).filter((ns) => !wanted.includes(ns));

/**
 * On a phone, opens the chosen wallet's app with the first URI of a visitor's choice. Once per choice: a
 * URI renewed while the visitor waits is not followed again (the view's Open button carries it); choosing
 * the wallet again, or Try again, is a new choice.
 */
function openChosenWallet(wallet: ChosenWallet | undefined, uri: string): void {
  const link = chosenWalletLink(wallet, uri);
  if (link) window.location.assign(link);
}

/**
 * Pairs with a wallet through the relay and connects when it approves. The URI (QR code or wallet link)
 * is replaced by a fresh one every 4 minutes while the visitor waits (docs/specification.md#constants). The relay not answering,
 * the wallet declining, or an expired URI each end in a message in the view and a `wallet-error`.
 */
export async function connectWalletConnect(wallet?: ChosenWallet): Promise<void> {
  const mine = ++attempt;
  const route = { view: 'ConnectingWalletConnect', wallet } as const;
  let left = false;
  // An attempt the visitor left stays left, even when ConnectingWalletConnect shows again for their next
  // choice before that choice's attempt starts: only a choice's own URI is shown, and opens its wallet.
  // Closing the modal keeps the attempt (closing is not cancelling); leaving the view abandons it.
  const current = () => mine === attempt && !left && $route.get().view === 'ConnectingWalletConnect';
  // The session is asked for the configured namespaces not connected yet (EVM always, as before).
  // ProfileWallets' "Add wallet" asks for its namespace even when it is connected (the wallet there is parked),
  // unless this very wallet is connected there already (as for a browser wallet: its session would be replaced).
  const adding = $addingWallet.get();
  const id = wallet?.id ?? WALLETCONNECT_ID;
  const inUse = (ns: Namespace) => [...Object.values($connections.get()), ...$heldConnections.get()].some((c) => c.walletId === (ns === 'solana' ? `solana:${id}` : id));
  const wanted = (['eip155', 'solana'] as const).filter((ns) => (adding ? ns === adding && !inUse(ns) : !$connections.get()[ns]) && (ns === 'eip155' || $config.get().networks.some((chain) => chain.startsWith('solana:'))));
  if (wanted.length === 0 || $connection.get().status === 'reconnecting') {
    const error = new WidgetError('ALREADY_CONNECTED', t('error.alreadyConnected'));
    replaceRoute({ ...route, error: errorSummary(error) });
    reportError(error);
    return;
  }
  if (!$connected.get()) $connection.set({ status: 'connecting', walletId: id });
  $pairing.set({ state: 'starting' });

  // Settles with the first approval (or refusal) of any URI shown in this attempt; ends when the visitor leaves.
  let settle!: (outcome: Approved | { error: unknown } | { left: true }) => void;
  const outcome = new Promise<Parameters<typeof settle>[0]>((resolve) => (settle = resolve));
  // Leaving the view (back, another choice, or the host's open() starting afresh) abandons the attempt: the
  // status goes back to disconnected and the URI shown is forgotten, so no later view shows it. Closing the
  // modal does not: a wallet approving the URI shown before the close still connects.
  const leave = () => {
    if (current() || left) return;
    left = true;
    if (mine === attempt) {
      if ($connection.get().status === 'connecting') $connection.set({ status: 'disconnected' });
      $pairing.set({ state: 'starting' });
    }
    settle({ left: true });
  };
  const stopWatching = [$route.listen(leave)];
  let expiry: ReturnType<typeof setTimeout> | undefined;

  try {
    const deadline = Date.now() + RELAY_TIMEOUT_MS;
    const client = await clientFor(deadline);
    // With `siwx-url` and EVM only asked for, the pairing signs in too (one-click auth).
    const oneClick = !!$config.get().siwxUrl && wanted.join() === 'eip155';
    const proposal = async () => (oneClick && (await oneClickProposal(client))) || propose(client, proposalNamespaces($config.get().networks, skipped(wanted)));
    const pair = async (renewals: number, by = Date.now() + RELAY_TIMEOUT_MS) => {
      const { uri, approval } = await withTimeout(proposal(), by - Date.now(), () => relayUnavailable());
      if (!uri) throw relayUnavailable();
      approval().then(
        // A wallet approving after the visitor left (or started again) gets its session ended, not kept.
        (approved) => (mine === attempt && !left ? settle(approved) : void client.disconnect({ topic: approved.session.topic, reason: USER_DISCONNECTED }).catch(() => {})),
        // A superseded URI expiring is expected; a wallet declining any URI of this attempt is not.
        (error: unknown) => (uri === latest || isRejection(error)) && settle({ error }),
      );
      latest = uri;
      if (!current()) return;
      $pairing.set({ state: 'waiting', uri, expiresAt: Date.now() + PAIRING_EXPIRY_MS, renewals });
      if (renewals === 0) openChosenWallet(wallet, uri);
      expiry = setTimeout(() => void renew(renewals + 1), PAIRING_EXPIRY_MS);
    };
    let latest = '';
    const renew = async (renewals: number) => {
      if (!current()) return;
      // Nobody sees a new URI while the modal is closed: the attempt ends with the one shown.
      if (!$modal.get().open) {
        if ($connection.get().status === 'connecting') $connection.set({ status: 'disconnected' });
        $pairing.set({ state: 'starting' });
        left = true;
        return settle({ left: true });
      }
      reportError(new WidgetError('PAIRING_EXPIRED', t('walletconnect.expired')));
      $pairing.set({ state: 'starting' });
      try {
        await pair(renewals);
      } catch (error) {
        settle({ error });
      }
    };
    await Promise.race([pair(0, deadline), outcome]);
    const result = await outcome;
    if ('left' in result || mine !== attempt) return;
    if ('error' in result) throw result.error;
    const sides = sessionSides(result.session, wallet, wanted);
    if (sides.length === 0) throw new WidgetError('CONNECT_FAILED', t('error.connectFailed'), { details: `the wallet approved no account for ${wanted.join(' or ')}` });
    // One-click auth: the signed sign-in message goes to the backend before the connection is made.
    const evm = sides.find((side) => side.namespace === 'eip155')?.init.chainId;
    const address = evm && sessionAccounts(result.session).get(evm)?.[0];
    if (oneClick && result.auths && evm && address) await signInWithCacao(result.auths, evm, address);
    // Each side approved is a connection of its own; the default network's namespace comes last, and is active.
    let blocked = false;
    for (const { namespace, init } of sides) {
      const connector = useSide(client, namespace, init);
      ({ blocked } = establishConnection(connector, await connector.connect()));
    }
    closeAfterConnect(blocked);
  } catch (cause) {
    if (mine !== attempt) return;
    const error = toWidgetError(cause, 'connect');
    if ($connection.get().status === 'connecting') $connection.set({ status: 'disconnected' });
    if ($route.get().view === 'ConnectingWalletConnect') replaceRoute({ ...route, error: errorSummary(error) });
    reportError(error);
  } finally {
    clearTimeout(expiry);
    stopWatching.forEach((stop) => stop());
  }
}
