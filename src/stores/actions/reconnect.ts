import { RECONNECT_DISCOVERY_MS } from '../../core/constants.js';
import { $connection } from '../connection.js';
import { $lastConnection } from '../last-connection.js';
import { waitForWallet } from '../wallets.js';
import { establishConnection } from './establish-connection.js';

/**
 * After a reload: finds the remembered wallet and takes the accounts it still grants, without a prompt
 * (`eth_accounts`). Status goes reconnecting → connected, or back to disconnected.
 */
export async function reconnect(): Promise<void> {
  const last = $lastConnection.get();
  if (!last || $connection.get().status !== 'disconnected') return;
  $connection.set({ status: 'reconnecting', walletId: last.walletId });
  if (last.type === 'walletconnect') {
    // WalletConnect's code loads only for visitors whose last connection went through it.
    const { restoreWalletConnect } = await import('./walletconnect.js');
    return restoreWalletConnect();
  }
  const connector = await waitForWallet(last.walletId, RECONNECT_DISCOVERY_MS);
  const result = connector ? await connector.restore() : undefined;
  if ($connection.get().status !== 'reconnecting') return;
  if (!connector || !result) {
    $connection.set({ status: 'disconnected' });
    // The wallet is there but no longer grants access: forget it. An absent wallet may come back.
    if (connector) $lastConnection.set(null);
    return;
  }
  establishConnection(connector, result);
}
