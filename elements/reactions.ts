import { errorSummary } from '../src/core/errors.js';
import type { WalletEventDetails, WalletEventName } from '../src/core/events.js';
import { $caipAddress, $chainSupported, $connection, type Connection } from '../src/stores/connection.js';
import { $lastError } from '../src/stores/errors.js';
import { $modal } from '../src/stores/modal.js';
import { $route } from '../src/stores/route.js';
import { $lastTransaction } from '../src/stores/transactions.js';

/**
 * The one place that turns store changes into the DOM events of the public contract, dispatched on
 * every connected <wallet-connect-modal> (bubbling, so a listener on document hears them too).
 */
const hosts = new Set<HTMLElement>();
let stop: (() => void) | undefined;

function emit<K extends WalletEventName>(name: K, detail: WalletEventDetails[K]) {
  for (const host of hosts) host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
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
  let previous: Connection = $connection.get();

  const offRoute = $route.listen((route) => {
    if ($modal.get().open) shownView = route.view;
  });
  const offModal = $modal.listen(({ open }) => {
    if (open === wasOpen) return;
    wasOpen = open;
    for (const host of hosts) host.toggleAttribute('open', open);
    if (open) shownView = $route.get().view;
    emit(open ? 'wallet-open' : 'wallet-close', { view: shownView });
  });
  const offConnection = $connection.listen((next) => {
    const prev = previous;
    previous = next;
    connectionEvents(prev, next);
  });
  // Every wallet-error has one shape: the code and the short message a visitor may see (details go to the console).
  const offError = $lastError.listen((notice) => {
    if (notice) emit('wallet-error', errorSummary(notice.error));
  });
  const offTransaction = $lastTransaction.listen((notice) => {
    if (notice) emit('wallet-transaction', { status: notice.status, hash: notice.hash, chainId: notice.chainId, kind: notice.kind });
  });
  return () => [offRoute, offModal, offConnection, offError, offTransaction].forEach((off) => off());
}

/** `caipAddress` and `supported` come from the stores that define them (computed stores recompute on read). */
function connectionEvents(prev: Connection, next: Connection) {
  const was = prev.status === 'connected' ? prev : undefined;
  const is = next.status === 'connected' ? next : undefined;
  if (is && (!was || was.walletId !== is.walletId)) {
    if (was) emit('wallet-disconnect', { namespace: was.namespace });
    emit('wallet-connect', {
      address: is.address,
      caipAddress: $caipAddress.get()!,
      chainId: is.chainId,
      namespace: is.namespace,
      connector: { ...is.connector },
    });
  } else if (was && !is) {
    emit('wallet-disconnect', { namespace: was.namespace });
  } else if (was && is) {
    if (was.address !== is.address) {
      emit('wallet-account-change', { address: is.address, caipAddress: $caipAddress.get()!, namespace: is.namespace });
    }
    if (was.chainId !== is.chainId) {
      emit('wallet-network-change', { chainId: is.chainId, namespace: is.namespace, supported: $chainSupported.get() });
    }
  }
}
