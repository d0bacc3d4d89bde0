import type { ConnectResult, Connector } from '../../connectors/types.js';
import { $config } from '../config.js';
import { $chainSupported, $connection, isActiveWallet, setWalletStatus } from '../connection.js';
import { $lastConnection } from '../last-connection.js';
import { $modal, setModalOpen } from '../modal.js';
import { $route, resetRoute } from '../route.js';
import { rememberRecentWallet } from '../recent-wallets.js';

let stopTracking: (() => void) | undefined;

/** Records a wallet's grant as the connection, follows its changes, and checks its chain. */
export function establishConnection(connector: Connector, result: ConnectResult): { blocked: boolean } {
  const address = result.accounts[0]!;
  // The wallet in use first, so whatever the connection's listeners do sees a consistent model.
  setWalletStatus(connector.id, 'active');
  $connection.set({
    status: 'connected',
    walletId: connector.id,
    namespace: connector.namespace,
    address,
    chainId: result.chainId,
    connector: { id: connector.id, name: connector.name, type: connector.type },
  });
  rememberRecentWallet(connector.id);
  $lastConnection.set({ walletId: connector.id, namespace: connector.namespace, type: connector.type });
  track(connector);
  return { blocked: enforceSupportedChain() };
}

/** Closes the modal and forgets the connection locally (the wallet side is the caller's business). */
export function endConnection(): void {
  const connection = $connection.get();
  if ($modal.get().open) setModalOpen(false);
  stopTracking?.();
  stopTracking = undefined;
  if (connection.status === 'connected') setWalletStatus(connection.walletId, 'disconnected');
  $connection.set({ status: 'disconnected' });
  $lastConnection.set(null);
  if ($route.get().view !== 'Connect') resetRoute({ view: 'Connect' });
}

function track(connector: Connector) {
  stopTracking?.();
  stopTracking = connector.subscribe({
    accountsChanged(accounts) {
      const current = $connection.get();
      if (current.status !== 'connected' || !isActiveWallet(connector.id)) return;
      const [address] = accounts;
      if (!address) {
        endConnection();
      } else if (address !== current.address) {
        $connection.set({ ...current, address });
      }
    },
    chainChanged(chainId) {
      const current = $connection.get();
      if (current.status !== 'connected' || !isActiveWallet(connector.id) || current.chainId === chainId) return;
      $connection.set({ ...current, chainId });
      enforceSupportedChain();
    },
    disconnect() {
      const current = $connection.get();
      if (current.status !== 'connected' || !isActiveWallet(connector.id)) return;
      endConnection();
    },
  });
}

/**
 * SPEC.md §4: a wallet on a chain outside `networks` gets the UnsupportedChain view, unless allowed.
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
