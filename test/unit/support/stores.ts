import type { Caip2 } from '../../../src/core/caip.js';
import { DEFAULT_CONFIG, type WidgetConfig } from '../../../src/core/config.js';
import { $config } from '../../../src/stores/config.js';
import { $addingWallet, $connection, $connections, $heldConnections, $walletStatuses } from '../../../src/stores/connection.js';
import { $lastError } from '../../../src/stores/errors.js';
import { $activeNamespace, $lastConnection, $lastHeld, lastConnection } from '../../../src/stores/last-connection.js';
import { $modal } from '../../../src/stores/modal.js';
import { $recentWallets } from '../../../src/stores/recent-wallets.js';
import { resetRoute } from '../../../src/stores/route.js';
import { $wallets } from '../../../src/stores/wallets.js';
import { announceWallet, createFakeProvider, type FakeProvider, walletInfo } from './fake-wallet.js';

/** The stores are module singletons: put every one back to its first state. */
export function resetStores(config: Partial<WidgetConfig> = {}): void {
  $config.set({ ...DEFAULT_CONFIG, ...config });
  $connection.set({ status: 'disconnected' });
  $connections.set({});
  $heldConnections.set([]);
  $lastHeld.set([]);
  $addingWallet.set(undefined);
  lastConnection('solana').set(null);
  $activeNamespace.set(null);
  $walletStatuses.set({});
  $lastError.set(undefined);
  $lastConnection.set(null);
  $recentWallets.set([]);
  $modal.set({ open: false });
  resetRoute({ view: 'Connect' });
  localStorage.clear();
}

/** Keeps wallet discovery running (as the Connect view does) for the test's lifetime; returns the stop. */
export const watchWallets = (): (() => void) => $wallets.listen(() => {});

export interface PageWallet {
  id: string;
  provider: FakeProvider;
  stop(): void;
}

let serial = 0;

/** A fresh EIP-6963 wallet (a unique rdns per call, since discovered connectors are kept for the page's life). */
export function pageWallet(options: { accounts?: string[]; chainId?: string; name?: string } = {}): PageWallet {
  const rdns = `org.test.wallet${++serial}`;
  const provider = createFakeProvider(options);
  const stop = announceWallet(walletInfo(rdns, options.name ?? `Test Wallet ${serial}`), provider);
  return { id: `injected:${rdns}`, provider, stop };
}

export const caip = (value: string) => value as Caip2;
