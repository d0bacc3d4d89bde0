/**
 * The package's public API (the one barrel; `test/unit/public-api.test.ts` pins these names).
 * Importing it registers <wallet-connect-modal>.
 */
import { WalletConnectModalElement } from '../elements/wallet-connect-modal.js';
import { defineWalletConnectModal } from '../elements/define.js';
import { WalletConnectButtonElement, defineWalletConnectButton } from '../elements/define-button.js';
import type { WalletEventMap } from './core/events.js';

export { WalletConnectModalElement, WalletConnectButtonElement, defineWalletConnectModal, defineWalletConnectButton };
export type { WalletConnectModalAttributes, WalletConnectButtonAttributes, WalletEventHandlers } from './core/host-types.js';
export { WidgetError, isWidgetError, type WidgetErrorCode } from './core/errors.js';
export type { Caip2, Namespace } from './core/caip.js';
export type { Feature, Theme, WidgetConfig } from './core/config.js';
export type {
  ConnectionStatus,
  ConnectorSummary,
  ConnectorType,
  TransactionKind,
  ViewName,
  WalletEventDetails,
  WalletEventMap,
  WalletEventName,
  WidgetState,
} from './core/events.js';
export type { Eip1193Provider } from './connectors/types.js';

declare global {
  interface HTMLElementTagNameMap {
    'wallet-connect-modal': WalletConnectModalElement;
    'wallet-connect-button': WalletConnectButtonElement;
  }
  // The events bubble, so listeners on document and window are typed too.
  /* eslint-disable @typescript-eslint/no-empty-object-type -- merging into the DOM's own event maps */
  interface HTMLElementEventMap extends WalletEventMap {}
  interface DocumentEventMap extends WalletEventMap {}
  /* eslint-enable @typescript-eslint/no-empty-object-type */
}

defineWalletConnectModal();
defineWalletConnectButton();
