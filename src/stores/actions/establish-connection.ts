import type { ConnectResult, Connector } from '../../connectors/types.js';
import { $config } from '../config.js';
import { $chainSupported, $connections, putConnection, setWalletStatus } from '../connection.js';
import { lastConnection } from '../last-connection.js';
import { $modal, setModalOpen } from '../modal.js';
import { $route, resetRoute } from '../route.js';
import { endConnection, stopTracking } from './end-connection.js';
import { rememberRecentWallet } from '../recent-wallets.js';

/** Records a wallet's grant as its namespace's connection (the active one), follows its changes, and checks its chain. */
export function establishConnection(connector: Connector, result: ConnectResult): { blocked: boolean } {
  const { id, name, type, namespace } = connector;
  // The wallet in use first, so whatever the connection's listeners do sees a consistent model.
  setWalletStatus(id, 'active');
  putConnection({ status: 'connected', walletId: id, namespace, address: result.accounts[0]!, chainId: result.chainId, connector: { id, name, type } }, true);
  rememberRecentWallet(id);
  lastConnection(namespace).set({ walletId: id, namespace, type, ...(namespace === 'solana' && { chainId: result.chainId }) });
  track(connector);
  return { blocked: enforceSupportedChain() };
}

/** Whether `connector` is the wallet its namespace's connection follows (the active wallet of that namespace). */
const isFollowed = (connector: Connector) => $connections.get()[connector.namespace]?.walletId === connector.id;

function track(connector: Connector) {
  const { namespace } = connector;
  stopTracking[namespace]?.();
  stopTracking[namespace] = connector.subscribe({
    accountsChanged(accounts) {
      const current = $connections.get()[namespace];
      if (!current || !isFollowed(connector)) return;
      const [address] = accounts;
      if (!address) endConnection(namespace);
      else if (address !== current.address) putConnection({ ...current, address });
    },
    chainChanged(chainId) {
      const current = $connections.get()[namespace];
      if (!current || !isFollowed(connector) || current.chainId === chainId) return;
      putConnection({ ...current, chainId });
      enforceSupportedChain();
    },
    disconnect() {
      if (isFollowed(connector)) endConnection(namespace);
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
