import type { ConnectResult, Connector } from '../../connectors/types.js';
import { $config } from '../config.js';
import { $addingWallet, $chainSupported, $connections, $heldConnections, holdConnection, putConnection, releaseHeld, setWalletStatus, updateHeld } from '../connection.js';
import { $modal, setModalOpen } from '../modal.js';
import { $route, resetRoute } from '../route.js';
import { endConnection, endHeld, rememberConnection, stopTracking } from './end-connection.js';
import { rememberRecentWallet } from '../recent-wallets.js';

/**
 * Records a wallet's grant as its namespace's connection (the active one), follows its changes, and checks its
 * chain. A connection of another wallet in that namespace is parked (ProfileWallets: it keeps its grant).
 */
export function establishConnection(connector: Connector, result: ConnectResult): { blocked: boolean } {
  const { id, name, type, namespace } = connector;
  const previous = $connections.get()[namespace];
  if (previous && previous.walletId !== id) holdConnection(previous);
  releaseHeld(id);
  if ($addingWallet.get() === namespace) {
    added = true;
    $addingWallet.set(undefined);
  }
  // The wallet in use first, so whatever the connection's listeners do sees a consistent model.
  setWalletStatus(id, 'active');
  const record = { status: 'connected', walletId: id, namespace, address: result.accounts[0]!, chainId: result.chainId, connector: { id, name, type } } as const;
  putConnection(record, true);
  rememberRecentWallet(id);
  rememberConnection({ ...record, chainId: result.chainId });
  track(connector);
  return { blocked: enforceSupportedChain() };
}

/** After a reload: a wallet that was parked beside its namespace's connection is parked again, and followed. */
export function holdRestored(connector: Connector, result: ConnectResult): void {
  const { id, name, type, namespace } = connector;
  holdConnection({ status: 'connected', walletId: id, namespace, address: result.accounts[0]!, chainId: result.chainId, connector: { id, name, type } });
  setWalletStatus(id, 'connected');
  track(connector);
}

/** A wallet was added from ProfileWallets: once connected, the modal goes back there instead of closing. */
let added = false;

/** After a connection is made: the modal closes, or shows ProfileWallets again for an added wallet; not when held on UnsupportedChain. */
export function closeAfterConnect(blocked: boolean): void {
  const wasAdded = added;
  added = false;
  if (blocked) return;
  if (wasAdded && $modal.get().open) resetRoute({ view: 'ProfileWallets' });
  else setModalOpen(false);
}

/** Whether `connector` is the wallet its namespace's connection follows (the active wallet of that namespace). */
const isFollowed = (connector: Connector) => $connections.get()[connector.namespace]?.walletId === connector.id;
/** Whether `connector`'s connection is parked in ProfileWallets. */
const isHeld = (connector: Connector) => $heldConnections.get().some((c) => c.walletId === connector.id);

function track(connector: Connector) {
  const { namespace, id } = connector;
  stopTracking.get(id)?.();
  stopTracking.set(
    id,
    connector.subscribe({
      accountsChanged(accounts) {
        const [address] = accounts;
        if (isHeld(connector)) {
          if (address) updateHeld(id, { address });
          else endHeld(id);
          return;
        }
        const current = $connections.get()[namespace];
        if (!current || !isFollowed(connector)) return;
        if (!address) endConnection(namespace);
        else if (address !== current.address) putConnection({ ...current, address });
      },
      chainChanged(chainId) {
        if (isHeld(connector)) return updateHeld(id, { chainId });
        const current = $connections.get()[namespace];
        if (!current || !isFollowed(connector) || current.chainId === chainId) return;
        putConnection({ ...current, chainId });
        enforceSupportedChain();
      },
      disconnect() {
        if (isHeld(connector)) endHeld(id);
        else if (isFollowed(connector)) endConnection(namespace);
      },
    }),
  );
}

/**
 * docs/specification.md#states: a wallet on a chain outside `networks` gets the UnsupportedChain view, unless allowed.
 * When the wallet is back on a supported chain, that view gives way. Returns whether the visitor is now
 * held on UnsupportedChain.
 */
export function enforceSupportedChain(): boolean {
  const supported = $chainSupported.get();
  const onUnsupportedView = $route.get().view === 'UnsupportedChain';
  if (!supported && !$config.get().allowUnsupportedChain) {
    if (!onUnsupportedView) resetRoute({ view: 'UnsupportedChain' });
    if (!$modal.get().open) setModalOpen(true);
    return true;
  } else if (supported && onUnsupportedView) {
    // Close before leaving the view, so wallet-close names the view the visitor saw.
    if ($modal.get().open) setModalOpen(false);
    resetRoute({ view: 'Account' });
  }
  return false;
}
