import { errorSummary } from '../src/core/errors.js';
import type { WalletEventDetails, WalletEventName } from '../src/core/events.js';
import { caip10 } from '../src/core/caip.js';
import { $config } from '../src/stores/config.js';
import { $addingWallet, $connections, $heldConnections, type Connected } from '../src/stores/connection.js';
import { $heldEnded } from '../src/stores/held-ended.js';
import { $lastError } from '../src/stores/errors.js';
import { $modal } from '../src/stores/modal.js';
import { $route } from '../src/stores/route.js';
import { $siwxSession } from '../src/stores/siwx-session.js';
import { $lastTransaction } from '../src/stores/transactions.js';
import { $registeredName } from '../src/stores/registered-name.js';
import { loadView } from './view-host.js';

/**
 * The one place that turns store changes into the DOM events of the public contract, dispatched on
 * every connected <wallet-connect-modal> (bubbling, so a listener on document hears them too).
 */
const hosts = new Set<HTMLElement>();
export const loadSiwx = () => import('../src/stores/actions/siwx.js');
let stop: (() => void) | undefined;

function emit<K extends WalletEventName>(name: K, detail: WalletEventDetails[K]) {
  for (const host of hosts) host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  // Analytics only when the site asked for it (`analytics-url`), to its own endpoint; its code loads then.
  const analytics = $config.get().analyticsUrl;
  if (analytics) void import('../src/services/analytics.js').then((m) => m.trackEvent(analytics, name, detail), () => {});
}

/** Adds a host element; returns the function that removes it. Listening starts with the first host. */
export function attachHost(host: HTMLElement): () => void {
  hosts.add(host);
  stop ??= listen();
  host.toggleAttribute('open', $modal.get().open);
  return () => {
    hosts.delete(host);
    if (hosts.size === 0) {
      stop?.();
      stop = undefined;
    }
  };
}

function listen(): () => void {
  let wasOpen = $modal.get().open;
  let shownView = $route.get().view;
  let previous = $connections.get();
  for (const c of [...Object.values(previous), ...$heldConnections.get()]) announced.add(c.walletId);

  const offRoute = $route.listen((route) => {
    if ($modal.get().open) shownView = route.view;
  });
  const offModal = $modal.listen(({ open }) => {
    if (open === wasOpen) return;
    wasOpen = open;
    for (const host of hosts) host.toggleAttribute('open', open);
    if (open) shownView = $route.get().view;
    else $addingWallet.set(undefined); // ProfileWallets' "Add wallet" ends with the modal
    emit(open ? 'wallet-open' : 'wallet-close', { view: shownView });
  });
  // Per namespace: each connected namespace has its own events, whichever one is active.
  const offConnection = $connections.listen((next) => {
    const prev = previous;
    previous = next;
    for (const namespace of ['eip155', 'solana'] as const) connectionEvents(prev[namespace], next[namespace]);
  });
  // Every wallet-error has one shape: the code and the short message a visitor may see (details go to the console).
  const offError = $lastError.listen((notice) => {
    if (notice) emit('wallet-error', errorSummary(notice.error));
  });
  const offHeld = $heldEnded.listen((notice) => notice && disconnected(notice.record));
  // A wallet parked again after a reload is connected too: making it active is an account change.
  const offParked = $heldConnections.listen((list) => list.forEach((c) => announced.add(c.walletId)));
  const offTransaction = $lastTransaction.listen((notice) => {
    if (notice) emit('wallet-transaction', { status: notice.status, hash: notice.hash, chainId: notice.chainId, kind: notice.kind, ...(notice.userOpHash ? { userOpHash: notice.userOpHash } : {}) });
  });
  const offName = $registeredName.listen((detail) => detail && emit('wallet-name', detail));
  const offSession = $siwxSession.listen((session) => emit('wallet-session', session ? { status: 'authenticated', session: { ...session } } : { status: 'unauthenticated' }));
  // Sign-in (`siwx-url`): its chunk loads once a wallet is connected (or restored), never before; its view's code
  // with it, and sign-in starts once both are in, so SIWXSignMessage never shows a loading state (however slowly
  // the view's chunk comes; if it fails, sign-in starts all the same).
  // `siwx-url` removed (or changed) at run time ends (or restarts) the machinery, so later connections are not checked
  // against a backend that is gone. The chunk is only asked for that when it was loaded.
  let siwxLoaded = false;
  const siwx = () => {
    if (!$config.get().siwxUrl) {
      if (siwxLoaded) void loadSiwx().then((m) => m.stopSiwx());
      return;
    }
    if (!Object.keys($connections.get())[0]) return;
    siwxLoaded = true;
    void Promise.all([loadView().then((m) => m.SiwxSignMessageScreen.preload()).catch(() => {}), loadSiwx()]).then(([, m]) => { if ($config.get().siwxUrl) m.startSiwx(); }, () => {});
  };
  const offSiwx = [$config.listen(siwx), $connections.listen(siwx)];
  siwx();
  return () => [offRoute, offModal, offConnection, offError, offHeld, offParked, offTransaction, offSession, offName, ...offSiwx].forEach((off) => off());
}

/** Wallets announced by `wallet-connect` and not ended since: making one of them active again is an account change. */
const announced = new Set<string>();
const isHeld = (walletId: string) => $heldConnections.get().some((c) => c.walletId === walletId);
/**
 * `wallet-disconnect`: `{ namespace }` when the namespace has no wallet left (the contract since the first issue);
 * with `connector` when another wallet of the namespace is still connected (ProfileWallets), to say which one ended.
 */
const disconnected = (record: Connected) => {
  announced.delete(record.walletId);
  const others = [...Object.values($connections.get()), ...$heldConnections.get()].some((c) => c.namespace === record.namespace && c.walletId !== record.walletId);
  emit('wallet-disconnect', others ? { namespace: record.namespace, connector: { ...record.connector } } : { namespace: record.namespace });
};

function connectionEvents(was: Connected | undefined, is: Connected | undefined) {
  const caipAddress = is && caip10(is.chainId, is.address);
  if (is && (!was || was.walletId !== is.walletId)) {
    // The one before is parked (ProfileWallets) when it still holds its grant: no disconnect then.
    if (was && !isHeld(was.walletId)) disconnected(was);
    if (announced.has(is.walletId)) {
      // A parked wallet made active: its namespace's account (and maybe network) changed.
      if (!was || was.address !== is.address) emit('wallet-account-change', { address: is.address, caipAddress: caipAddress!, namespace: is.namespace });
      if (!was || was.chainId !== is.chainId) emit('wallet-network-change', { chainId: is.chainId, namespace: is.namespace, supported: $config.get().networks.includes(is.chainId) });
    } else {
      announced.add(is.walletId);
      emit('wallet-connect', { address: is.address, caipAddress: caipAddress!, chainId: is.chainId, namespace: is.namespace, connector: { ...is.connector } });
    }
  } else if (was && !is) {
    disconnected(was);
  } else if (was && is) {
    if (was.address !== is.address) emit('wallet-account-change', { address: is.address, caipAddress: caipAddress!, namespace: is.namespace });
    if (was.chainId !== is.chainId) {
      emit('wallet-network-change', { chainId: is.chainId, namespace: is.namespace, supported: $config.get().networks.includes(is.chainId) });
    }
  }
}
