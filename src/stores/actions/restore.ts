import type { Namespace } from '../../core/caip.js';
import { RECONNECT_DISCOVERY_MS } from '../../core/constants.js';
import { type Connector, isSolanaConnector } from '../../connectors/types.js';
import { $connected, $connection, $connections, putConnection, setWalletStatus } from '../connection.js';
import { $activeNamespace, lastConnection } from '../last-connection.js';
import { keptChain } from './kept-chain.js';
import { $wallets, loadSolanaWallets } from '../wallets.js';
import { establishConnection } from './establish-connection.js';

/**
 * Finds each of `namespaces`' remembered wallet and takes the accounts it still grants, without a prompt
 * (`eth_accounts`; Wallet Standard `standard:connect` with `silent: true`, whose code loads only when a Solana
 * connection is remembered). Status goes reconnecting → connected, or back to disconnected.
 */
export async function restore(namespaces: readonly Namespace[]): Promise<void> {
  const preferred = $activeNamespace.get();
  let left = namespaces.length;
  await Promise.all(namespaces.map((ns) => restoreOne(ns).finally(() => --left || ($connection.get().status === 'reconnecting' && $connection.set({ status: 'disconnected' })))));
  // Each restored namespace became active as it came back: the one active before the reload is active again.
  const record = preferred ? $connections.get()[preferred] : undefined;
  if (record && $connected.get()?.namespace !== preferred) {
    setWalletStatus(record.walletId, 'active');
    putConnection(record, true);
  }
}

async function restoreOne(namespace: Namespace): Promise<void> {
  const $last = lastConnection(namespace);
  const last = $last.get()!;
  if (last.type === 'walletconnect') {
    // WalletConnect's code loads only for visitors whose last connection went through it.
    const { restoreWalletConnect } = await import('./walletconnect.js');
    return restoreWalletConnect(namespace);
  }
  // Email login's code and its frame load only for visitors whose last connection was the email wallet.
  if (last.type === 'auth') return (await import('./auth.js')).restoreAuth();
  if (namespace === 'solana') await loadSolanaWallets();
  const connector = await waitForWallet(last.walletId, RECONNECT_DISCOVERY_MS);
  let result = connector ? await connector.restore() : undefined;
  const chainId = result && isSolanaConnector(connector!) && keptChain(namespace, (id) => connector.serves(id));
  if (chainId) result = { ...result!, chainId };
  // Given up meanwhile (the status left reconnecting with nothing connected), or connected another way.
  if ($connections.get()[namespace] || (!$connected.get() && $connection.get().status !== 'reconnecting')) return;
  if (!connector || !result) {
    // The wallet is there but no longer grants access: forget it. An absent wallet may come back.
    if (connector) $last.set(null);
    return;
  }
  establishConnection(connector, result);
}

/** Resolves with the wallet once it is announced, or undefined after `timeoutMs`. */
function waitForWallet(walletId: string, timeoutMs: number): Promise<Connector | undefined> {
  return new Promise((resolve) => {
    let unsubscribe = () => {};
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    function finish(found: Connector | undefined) {
      clearTimeout(timer);
      queueMicrotask(() => unsubscribe());
      resolve(found);
    }
    unsubscribe = $wallets.subscribe((list) => {
      const found = list.find((w) => w.id === walletId);
      if (found) finish(found);
    });
  });
}
