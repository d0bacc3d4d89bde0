import type { Caip2 } from '../../core/caip.js';
import type { ConnectorListeners, Eip1193Provider } from '../types.js';

/**
 * Forwards an EIP-1193 provider's `accountsChanged`, `chainChanged` and `disconnect` to a connector's
 * listeners, each payload through its reader (a payload it cannot read is dropped). Returns the unsubscribe.
 */
export function forwardProviderEvents(
  provider: Eip1193Provider,
  listeners: ConnectorListeners,
  read: { accounts(value: unknown): string[] | undefined; chain(value: unknown): Caip2 | undefined },
): () => void {
  const onAccounts = (value: unknown) => {
    const accounts = read.accounts(value);
    if (accounts) listeners.accountsChanged(accounts);
  };
  const onChain = (value: unknown) => {
    const chainId = read.chain(value);
    if (chainId) listeners.chainChanged(chainId);
  };
  const onDisconnect = () => listeners.disconnect();
  provider.on?.('accountsChanged', onAccounts as never);
  provider.on?.('chainChanged', onChain as never);
  provider.on?.('disconnect', onDisconnect as never);
  return () => {
    provider.removeListener?.('accountsChanged', onAccounts as never);
    provider.removeListener?.('chainChanged', onChain as never);
    provider.removeListener?.('disconnect', onDisconnect as never);
  };
}
