import { atom, onMount } from 'nanostores';
import { legacyInjectedWallet, listenForInjectedWallets, requestInjectedWallets } from '../connectors/evm/eip6963.js';
import { createInjectedConnector } from '../connectors/evm/injected.js';
import type { Connector } from '../connectors/types.js';
import { $config } from './config.js';
import { $modal } from './modal.js';

/**
 * Wallets this browser offers: EIP-6963 announcements, else a legacy `window.ethereum`. Announcements are
 * heard from the moment the element is defined (`listenForWallets`, passive: a wallet whose script loads
 * later and announces once is not lost); wallets are asked to announce when something first needs the list
 * (the Connect view, or a restore after reload).
 */
export const $wallets = atom<Connector[]>([]);

const announced = new Map<string, Connector>();
let legacy: Connector | undefined;
let listening = false;

function publish() {
  if (announced.size === 0 && !legacy) {
    const wallet = legacyInjectedWallet();
    if (wallet) legacy = createInjectedConnector(wallet);
  }
  $wallets.set([...(announced.size > 0 ? announced.values() : legacy ? [legacy] : []), ...standard.values()]);
}

/** Solana wallets (Wallet Standard), by id; their discovery is a chunk (`loadSolanaWallets`). */
const standard = new Map<string, Connector>();
let solana: Promise<void> | undefined;

/**
 * Whether Wallet Standard discovery has run: until then a wallet on both namespaces would show as its EVM side
 * alone, and choosing it would skip the namespace question, so Connect waits for it (a chunk, no request).
 */
export const $solanaDiscovered = atom(false);

/** Loads Wallet Standard discovery (no request) and keeps its Solana wallets in `$wallets`. Idempotent. */
export const loadSolanaWallets = (): Promise<void> =>
  (solana ??= import('./solana-wallets.js').then(
    (m) => {
      m.discoverSolanaWallets(standard, publish);
      $solanaDiscovered.set(true);
    },
    (error: unknown) => {
      // The chunk did not load: list what there is, and try again next time.
      solana = undefined;
      $solanaDiscovered.set(true);
      throw error;
    },
  ));

/**
 * Starts hearing EIP-6963 announcements, for the page's lifetime, and asks the wallets to announce each time
 * the modal opens. Idempotent; nothing leaves the page.
 */
export function listenForWallets(): void {
  if (listening) return;
  listening = true;
  $modal.listen(({ open }, previous) => {
    if (open && !previous?.open) {
      requestInjectedWallets();
      if ($config.get().networks.some((id) => id.startsWith('solana:'))) loadSolanaWallets().catch(() => {});
    }
  });
  listenForInjectedWallets((wallet) => {
    const connector = createInjectedConnector(wallet);
    // A wallet announces again on every request; keep the first connector so listeners stay attached.
    if (!announced.has(connector.id)) {
      announced.set(connector.id, connector);
      publish();
    }
  });
}

onMount($wallets, () => {
  listenForWallets();
  requestInjectedWallets();
  publish();
});

/** Wallets connected another way than announcing themselves (WalletConnect sessions), by id. */
const registered = new Map<string, Connector>();

/** Makes `connector` findable by its id (a WalletConnect session, once approved or restored). */
export function registerWallet(connector: Connector): void {
  registered.set(connector.id, connector);
}

export function findWallet(walletId: string): Connector | undefined {
  return registered.get(walletId) ?? announced.get(walletId) ?? standard.get(walletId) ?? (legacy?.id === walletId ? legacy : undefined);
}
