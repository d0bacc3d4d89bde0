import type { Caip2 } from '../../core/caip.js';
import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import type { SolanaConnector, SolanaHostProvider } from '../types.js';

/** Where the connection is now: its account, its network and that network's RPC (undefined: not connected). */
export type SolanaNow = () => { address: string; chainId: Caip2; rpcUrl: string | undefined } | undefined;

const notConnected = () => new WidgetError('NOT_CONNECTED', t('error.notConnected'), { details: 'no Solana connection' });

/**
 * What `getProvider('solana')` returns for `connector` (docs/contract.md, "Methods and properties"): bytes in, bytes out.
 * Each call reads the connection as it is then (its account and network may have changed).
 */
export function solanaHostProvider(connector: SolanaConnector, now: SolanaNow): SolanaHostProvider {
  const current = () => now() ?? (() => { throw notConnected(); })();
  const bytes = (value: unknown) => {
    if (!(value instanceof Uint8Array)) throw new WidgetError('INVALID_ARGUMENT', t('error.invalidArgument'), { details: 'expected a Uint8Array' });
    return value;
  };
  return {
    get publicKey() {
      return current().address;
    },
    signMessage: async (message) => (current(), connector.signMessage(bytes(message))),
    signTransaction: async (transaction) => connector.signTransaction(bytes(transaction), current().chainId),
    signAndSendTransaction: async (transaction) => {
      const { chainId, rpcUrl } = current();
      return connector.signAndSendTransaction(bytes(transaction), chainId, rpcUrl);
    },
  };
}
