import { atom, onMount } from 'nanostores';
import { legacyInjectedWallet, watchInjectedWallets } from '../connectors/evm/eip6963.js';
import { createInjectedConnector } from '../connectors/evm/injected.js';
import type { Connector } from '../connectors/types.js';

/**
 * Wallets this browser offers. Discovery starts when something first needs the list (the Connect view,
 * or a restore after reload), never at page load: EIP-6963 announcements, else a legacy `window.ethereum`.
 */
export const $wallets = atom<Connector[]>([]);

const announced = new Map<string, Connector>();
let legacy: Connector | undefined;

function publish() {
  if (announced.size === 0 && !legacy) {
    const wallet = legacyInjectedWallet();
    if (wallet) legacy = createInjectedConnector(wallet);
  }
  $wallets.set(announced.size > 0 ? [...announced.values()] : legacy ? [legacy] : []);
}

onMount($wallets, () => {
  const stop = watchInjectedWallets((wallet) => {
    const connector = createInjectedConnector(wallet);
    // A wallet announces again on every request; keep the first connector so listeners stay attached.
    if (!announced.has(connector.id)) {
      announced.set(connector.id, connector);
      publish();
    }
  });
  publish();
  return stop;
});

/** Wallets connected another way than announcing themselves (WalletConnect sessions), by id. */
const registered = new Map<string, Connector>();

/** Makes `connector` findable by its id (a WalletConnect session, once approved or restored). */
export function registerWallet(connector: Connector): void {
  registered.set(connector.id, connector);
}

export function findWallet(walletId: string): Connector | undefined {
  return registered.get(walletId) ?? announced.get(walletId) ?? (legacy?.id === walletId ? legacy : undefined);
}

/** Resolves with the wallet once it is announced, or undefined after `timeoutMs`. */
export function waitForWallet(walletId: string, timeoutMs: number): Promise<Connector | undefined> {
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
