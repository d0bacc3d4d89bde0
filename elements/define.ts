import { listenForWallets } from '../src/stores/wallets.js';
import { WalletConnectModalElement } from './wallet-connect-modal.js';

export const TAG_NAME = 'wallet-connect-modal';

/**
 * Registers the element. Idempotent: pages that load the embed twice do not throw.
 * Another tag name gets a subclass (one class cannot be defined under two names).
 */
export function defineWalletConnectModal(tagName: string = TAG_NAME): void {
  // EIP-6963 announcements are heard from now on (passive, no request): a wallet announcing once before the
  // first open is listed when the modal opens.
  listenForWallets();
  if (customElements.get(tagName)) return;
  customElements.define(tagName, tagName === TAG_NAME ? WalletConnectModalElement : class extends WalletConnectModalElement {});
}
