import type { Namespace } from '../../core/caip.js';
import { RECONNECT_DISCOVERY_MS } from '../../core/constants.js';
import { $connected, $connection, $connections } from '../connection.js';
import { lastConnection } from '../last-connection.js';
import { loadSolanaWallets, waitForWallet } from '../wallets.js';
import { establishConnection } from './establish-connection.js';

/**
 * After a reload: finds each namespace's remembered wallet and takes the accounts it still grants, without a
 * prompt (`eth_accounts`; Wallet Standard `standard:connect` with `silent: true`, whose code loads only when a
 * Solana connection is remembered). Status goes reconnecting → connected, or back to disconnected.
 */
export async function reconnect(): Promise<void> {
  if ($connection.get().status !== 'disconnected') return;
  const restoring = (['eip155', 'solana'] as const).filter((ns) => lastConnection(ns).get());
  let left = restoring.length;
  await Promise.all(restoring.map((ns) => restore(ns).finally(() => --left || ($connection.get().status === 'reconnecting' && $connection.set({ status: 'disconnected' })))));
}

async function restore(namespace: Namespace): Promise<void> {
  const $last = lastConnection(namespace);
  const last = $last.get()!;
  if (!$connected.get()) $connection.set({ status: 'reconnecting', walletId: last.walletId });
  if (last.type === 'walletconnect') {
    // WalletConnect's code loads only for visitors whose last connection went through it.
    const { restoreWalletConnect } = await import('./walletconnect.js');
    return restoreWalletConnect(namespace);
  }
  if (namespace === 'solana') await loadSolanaWallets();
  const connector = await waitForWallet(last.walletId, RECONNECT_DISCOVERY_MS);
  const result = connector ? await connector.restore() : undefined;
  // Given up meanwhile (the status left reconnecting with nothing connected), or connected another way.
  if ($connections.get()[namespace] || (!$connected.get() && $connection.get().status !== 'reconnecting')) return;
  if (!connector || !result) {
    // The wallet is there but no longer grants access: forget it. An absent wallet may come back.
    if (connector) $last.set(null);
    return;
  }
  establishConnection(connector, result);
}
