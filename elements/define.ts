import { WalletConnectModalElement } from './wallet-connect-modal.js';

export const TAG_NAME = 'wallet-connect-modal';

/**
 * Registers the element. Idempotent: pages that load the embed twice do not throw.
 * Another tag name gets a subclass (one class cannot be defined under two names).
 */
export function defineWalletConnectModal(tagName: string = TAG_NAME): void {
  if (customElements.get(tagName)) return;
  customElements.define(tagName, tagName === TAG_NAME ? WalletConnectModalElement : class extends WalletConnectModalElement {});
}
