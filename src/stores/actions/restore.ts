import type { Namespace } from '../../core/caip.js';
import { RECONNECT_DISCOVERY_MS } from '../../core/constants.js';
import { type Connector, isSolanaConnector } from '../../connectors/types.js';
import type { Caip2 } from '../../core/caip.js';
import { $connected, $connection, $connections, $heldConnections, putConnection, releaseHeld, setWalletStatus } from '../connection.js';
import { $activeNamespace, $lastHeld, lastConnection } from '../last-connection.js';
import { keptChain } from './kept-chain.js';
import { $wallets, findWallet, loadSolanaWallets } from '../wallets.js';
import { rememberConnection } from './end-connection.js';
import { establishConnection, holdRestored } from './establish-connection.js';

/**
 * Finds each of `namespaces`' remembered wallet and takes the accounts it still grants, without a prompt
 * (`eth_accounts`; Wallet Standard `standard:connect` with `silent: true`, whose code loads only when a Solana
 * connection is remembered). Status goes reconnecting → connected, or back to disconnected.
 */
export async function restore(namespaces: readonly Namespace[]): Promise<void> {
  const preferred = $activeNamespace.get();
  let left = namespaces.length;
  await Promise.all(namespaces.map((ns) => restoreOne(ns).finally(() => --left || ($connection.get().status === 'reconnecting' && $connection.set({ status: 'disconnected' })))));
  await restoreHeld();
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

/**
 * The wallets parked beside a namespace's connection (ProfileWallets), each taken back silently as its kind
 * allows (a browser wallet's `eth_accounts` / silent connect; an email or social login's side from the frame's
 * session, restored once for both namespaces; a WalletConnect wallet's side from its stored session) and parked again; one that no longer grants access is forgotten.
 * A namespace whose own wallet did not come back gets its newest parked one as its connection.
 */
async function restoreHeld(): Promise<void> {
  const records = $lastHeld.get();
  if (!records.length) return;
  const taken = (id: string) => [...Object.values($connections.get()), ...$heldConnections.get()].some((c) => c.walletId === id);
  await Promise.all(
    records.map(async (record) => {
      if (taken(record.walletId)) return;
      if (record.type === 'walletconnect') {
        const { restoreParkedWalletConnect } = await import('./walletconnect-session.js');
        const reopened = await restoreParkedWalletConnect(record.namespace, record.walletId, record.chainId, () => !taken(record.walletId));
        if (reopened && !taken(record.walletId)) holdRestored(reopened.connector, reopened.result);
        return;
      }
      if (record.type === 'auth' && !findWallet(record.walletId)) await (await import('./auth.js')).restoreAuth().catch(() => undefined);
      if (record.namespace === 'solana') await loadSolanaWallets();
      const connector = findWallet(record.walletId) ?? (await waitForWallet(record.walletId, RECONNECT_DISCOVERY_MS));
      let result = connector && !taken(record.walletId) ? await connector.restore().catch(() => undefined) : undefined;
      if (result && record.chainId && connector && isSolanaConnector(connector) && connector.serves(record.chainId as Caip2)) result = { ...result, chainId: record.chainId as Caip2 };
      if (connector && result && !taken(record.walletId)) holdRestored(connector, result);
    }),
  );
  // What did not come back is not kept for the next reload.
  $lastHeld.set($lastHeld.get().filter((r) => $heldConnections.get().some((c) => c.walletId === r.walletId)));
  for (const namespace of ['eip155', 'solana'] as const) {
    const parked = [...$heldConnections.get()].reverse().find((c) => c.namespace === namespace);
    if ($connections.get()[namespace] || !parked) continue;
    releaseHeld(parked.walletId);
    setWalletStatus(parked.walletId, 'active');
    putConnection(parked, true);
    rememberConnection(parked);
  }
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
