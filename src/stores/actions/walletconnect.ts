import type { SessionTypes } from '@walletconnect/types';
import { getSignClient, type WalletConnectClient } from '../../connectors/walletconnect/client.js';
import { createWalletConnectConnector, type WalletConnectSession } from '../../connectors/walletconnect/connector.js';
import { USER_DISCONNECTED, pickChain, proposalNamespaces, sessionAccounts } from '../../connectors/walletconnect/session.js';
import type { Caip2 } from '../../core/caip.js';
import { PAIRING_EXPIRY_MS, RELAY_TIMEOUT_MS, WALLETCONNECT_ID } from '../../core/constants.js';
import { WidgetError, errorSummary } from '../../core/errors.js';
import { isRejection, toWidgetError } from '../../core/foreign-errors.js';
import { t } from '../../core/messages.js';
import '../../core/messages-walletconnect.js';
import { $config } from '../config.js';
import { $connected, $connection, $connections } from '../connection.js';
import { reportError } from '../errors.js';
import { $lastConnection } from '../last-connection.js';
import { $modal, setModalOpen } from '../modal.js';
import { $route, type ChosenWallet, replaceRoute } from '../route.js';
import { $pairing, $walletConnectSession } from '../walletconnect.js';
import { chosenWalletLink } from '../wallet-link.js';
import { registerWallet } from '../wallets.js';
import { establishConnection } from './establish-connection.js';

let attempt = 0;

const relayUnavailable = (cause?: unknown) => new WidgetError('RELAY_UNAVAILABLE', t('walletconnect.relayUnavailable'), { cause });

/** `promise`, or a rejection with `error()` after `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number, error: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(error()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The sign client, given up on at `deadline` (one deadline for all steps that wait on the relay). */
function clientFor(deadline = Date.now() + RELAY_TIMEOUT_MS) {
  const { relayUrl, projectId } = $config.get();
  return withTimeout(getSignClient({ relayUrl, projectId }), deadline - Date.now(), () => relayUnavailable());
}

/**
 * On a phone, opens the chosen wallet's app with the first URI of a visitor's choice. Once per choice: a
 * URI renewed while the visitor waits is not followed again (the view's Open button carries it); choosing
 * the wallet again, or Try again, is a new choice.
 */
function openChosenWallet(wallet: ChosenWallet | undefined, uri: string): void {
  const link = chosenWalletLink(wallet, uri);
  if (link) window.location.assign(link);
}

/** Registers an approved (or restored) session as the connected wallet's connector. */
function useSession(client: WalletConnectClient, init: WalletConnectSession) {
  const connector = createWalletConnectConnector(client, init, {
    onChange: (session) => $walletConnectSession.set(session),
    onEnd: () => $walletConnectSession.set(null),
  });
  registerWallet(connector);
  $walletConnectSession.set(init);
  return connector;
}

function sessionFrom(session: SessionTypes.Struct, wallet: ChosenWallet | undefined): WalletConnectSession | undefined {
  const accounts = sessionAccounts(session);
  const chainId = pickChain(accounts, [$config.get().defaultNetwork, ...$config.get().networks].filter((id): id is Caip2 => !!id));
  if (!chainId) return undefined;
  const icon = session.peer.metadata.icons.find((url) => url.startsWith('data:image/'));
  return { id: wallet?.id ?? WALLETCONNECT_ID, name: session.peer.metadata.name || wallet?.name || t('view.ConnectingWalletConnect'), icon, topic: session.topic, chainId };
}

/**
 * Pairs with a wallet through the relay and connects when it approves. The URI (QR code or wallet link)
 * is replaced by a fresh one every 4 minutes while the visitor waits (SPEC.md §9). The relay not answering,
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
  // A WalletConnect session connects EVM (issue 10: a Solana connection may stay beside it).
  if ($connections.get().eip155 || $connection.get().status === 'reconnecting') {
    const error = new WidgetError('ALREADY_CONNECTED', t('error.alreadyConnected'));
    replaceRoute({ ...route, error: errorSummary(error) });
    reportError(error);
    return;
  }
  if (!$connected.get()) $connection.set({ status: 'connecting', walletId: wallet?.id ?? WALLETCONNECT_ID });
  $pairing.set({ state: 'starting' });

  // Settles with the first approval (or refusal) of any URI shown in this attempt; ends when the visitor leaves.
  let settle!: (outcome: { session: SessionTypes.Struct } | { error: unknown } | { left: true }) => void;
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
    const pair = async (renewals: number, by = Date.now() + RELAY_TIMEOUT_MS) => {
      const { uri, approval } = await withTimeout(
        client.connect({ optionalNamespaces: proposalNamespaces($config.get().networks) }),
        by - Date.now(),
        () => relayUnavailable(),
      );
      if (!uri) throw relayUnavailable();
      approval().then(
        // A wallet approving after the visitor left (or started again) gets its session ended, not kept.
        (session) => (mine === attempt && !left ? settle({ session }) : void client.disconnect({ topic: session.topic, reason: USER_DISCONNECTED }).catch(() => {})),
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
    const init = sessionFrom(result.session, wallet);
    if (!init) throw new WidgetError('CONNECT_FAILED', t('error.connectFailed'), { details: 'the wallet approved no EVM account' });
    const connector = useSession(client, init);
    const connected = await connector.connect();
    const { blocked } = establishConnection(connector, connected);
    if (!blocked) setModalOpen(false);
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

/** After a reload: the stored session, if the wallet still has it, reconnected without a new QR code. */
export async function restoreWalletConnect(): Promise<void> {
  const stored = $walletConnectSession.get();
  const giveUp = (forget: boolean) => {
    if ($connection.get().status === 'reconnecting') $connection.set({ status: 'disconnected' });
    if (forget) {
      $walletConnectSession.set(null);
      $lastConnection.set(null);
    }
  };
  if (!stored) return giveUp(true);
  let client: WalletConnectClient;
  try {
    client = await clientFor();
  } catch (error) {
    reportError(toWidgetError(error, 'connect'));
    return giveUp(false); // the relay may come back: keep the session for the next visit
  }
  const session = client.session.getAll().find((s) => s.topic === stored.topic && s.expiry * 1000 > Date.now());
  // Given up meanwhile (nothing connected and no longer reconnecting), or EVM connected another way.
  if (!session || $connections.get().eip155 || (!$connected.get() && $connection.get().status !== 'reconnecting')) return giveUp(!session);
  const connector = useSession(client, { ...stored, chainId: stored.chainId as Caip2 });
  const result = await connector.restore();
  if (!result) {
    connector.release();
    return giveUp(true);
  }
  establishConnection(connector, result);
}
