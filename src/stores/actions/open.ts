import type { Namespace } from '../../core/caip.js';
import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import type { ViewName } from '../../core/events.js';
import { $config } from '../config.js';
import { $walletApi } from '../wallet-api-config.js';
import { $chainSupported, $connection, $connections } from '../connection.js';
import { $modal, setModalOpen } from '../modal.js';
import { type Route, resetRoute } from '../route.js';
import { $lastTransaction } from '../transactions.js';
import { cancelConnect } from './connect-attempt.js';

export interface OpenOptions {
  view?: ViewName;
  namespace?: Namespace;
}

/** The view to show for what the host asked, given the connection. Views that need parameters fall back. */
function routeFor(view: ViewName | undefined, namespace?: Namespace): Route {
  // A namespace with no connection yet: Connect, showing only its wallets.
  if (namespace && !$connections.get()[namespace]) return { view: 'Connect', namespace };
  const connection = $connection.get();
  if (connection.status !== 'connected') return view === 'AllWallets' || view === 'WhatIsAWallet' || view === 'GetAWallet' ? { view } : { view: 'Connect' };
  if (!$chainSupported.get()) return { view: 'UnsupportedChain' };
  switch (view) {
    case 'SwitchNetwork':
      return { view: 'SwitchNetwork' };
    // Swap explains itself where it is not offered (Solana, or without features=swaps).
    case 'Send':
    case 'Receive':
    case 'Swap':
    case 'ProfileWallets':
      return { view };
    // The list comes from the wallet data API; an EVM account without sessions gets an empty list.
    case 'SmartSessionList':
      return $walletApi.get() && connection.namespace === 'eip155' ? { view } : { view: 'Account' };
    case 'SIWXSignMessage':
      return $config.get().siwxUrl ? { view } : { view: 'Account' };
    // The buy form, where Buy is offered (the Account entry's condition).
    case 'OnRampProviders':
      return $config.get().features.includes('onramp') && $walletApi.get() ? { view } : { view: 'Account' };
    case undefined:
    case 'Account':
    case 'Connect':
    case 'AllWallets':
    case 'ConnectingExternal':
    case 'ConnectingWalletConnect':
    case 'UnsupportedChain':
    case 'SwitchActiveChain':
    case 'SendReview':
    case 'SendResult':
    case 'SwapSelectToken':
    case 'SwapPreview':
    case 'WhatIsAWallet':
    case 'GetAWallet':
    case 'OnRampTokenSelect':
    case 'OnRampFiatSelect':
    case 'BuyInProgress':
    case 'RegisterAccountName':
    case 'DataCapture':
    case 'EmailLogin':
    case 'ConnectingFarcaster':
    case 'UpdateEmailWallet':
    case 'AccountSettings':
    case 'ApproveTransaction':
      return { view: 'Account' };
    default:
      return view satisfies never;
  }
}

/**
 * Opens the modal on `view`, or on the view that fits the connection. It starts afresh: a connection
 * attempt still waiting on the wallet (ConnectingExternal, a WalletConnect pairing) is abandoned.
 */
const SENT_KINDS = new Set(['native-transfer', 'erc20-transfer', 'spl-transfer']);

/**
 * `open({ view: 'Send' })`, a call the host waits on: resolves `{ hash }` once a transfer is sent from the modal (its
 * `wallet-transaction` pending), rejects `MODAL_CLOSED` ("Modal closed") when the visitor closes the modal first.
 */
export function openSend(options: OpenOptions): Promise<{ hash: string }> {
  const since = $lastTransaction.get()?.seq ?? 0;
  open(options);
  return new Promise((resolve, reject) => {
    const stop = () => {
      offSent();
      offClosed();
    };
    const offSent = $lastTransaction.listen((notice) => {
      if (!notice || notice.seq <= since || notice.status !== 'pending' || !SENT_KINDS.has(notice.kind)) return;
      stop();
      resolve({ hash: notice.hash });
    });
    const offClosed = $modal.listen(({ open: isOpen }) => {
      if (isOpen) return;
      stop();
      reject(new WidgetError('MODAL_CLOSED', t('error.modalClosed')));
    });
  });
}

export function open(options: OpenOptions = {}): void {
  cancelConnect();
  const route = routeFor(options.view, options.namespace);
  resetRoute(route);
  // Buy with card's code and options load on demand (its own chunk).
  if (route.view === 'OnRampProviders') void import('./onramp.js').then((m) => m.loadBuyOptions());
  if (!$modal.get().open) setModalOpen(true);
}
