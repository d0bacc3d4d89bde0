import { isSolanaConnector, type SolanaConnector } from '../connectors/types.js';
import { WidgetError } from '../core/errors.js';
import { t } from '../core/messages.js';
import { $config } from './config.js';
import { $connections } from './connection.js';
import { findWallet } from './wallets.js';

/** What `getProvider('solana')` returns (README, "Methods and properties"): bytes in, bytes out. */
export interface SolanaHostProvider {
  /** The connected account's address (base58). */
  readonly publicKey: string;
  /** The ed25519 signature (64 bytes) of `message`. */
  signMessage(message: Uint8Array): Promise<Uint8Array>;
  /** The transaction (wire format) signed by the wallet. */
  signTransaction(transaction: Uint8Array): Promise<Uint8Array>;
  /** Signed and sent on the connected network; the signature (64 bytes; base58 of it is the transaction id). */
  signAndSendTransaction(transaction: Uint8Array): Promise<Uint8Array>;
}

const made = new WeakMap<SolanaConnector, SolanaHostProvider>();

/**
 * The connected Solana account's provider (the same object while that wallet is connected). Throws
 * `NOT_CONNECTED` without a Solana connection.
 */
export function solanaHostProvider(): SolanaHostProvider {
  const first = $connections.get().solana;
  const connector = first && findWallet(first.walletId);
  if (!connector || !isSolanaConnector(connector)) throw new WidgetError('NOT_CONNECTED', t('error.notConnected'), { details: 'no Solana connection' });
  let provider = made.get(connector);
  if (!provider) {
    // Each call reads the connection as it is then (its account and network may have changed).
    const now = () => {
      const c = $connections.get().solana;
      if (c?.walletId !== connector.id) throw new WidgetError('NOT_CONNECTED', t('error.notConnected'), { details: 'no Solana connection' });
      return c;
    };
    const bytes = (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new WidgetError('INVALID_ARGUMENT', t('error.invalidArgument'), { details: 'expected a Uint8Array' });
      return value;
    };
    provider = {
      get publicKey() {
        return now().address;
      },
      signMessage: async (message) => (now(), connector.signMessage(bytes(message))),
      signTransaction: async (transaction) => connector.signTransaction(bytes(transaction), now().chainId),
      signAndSendTransaction: async (transaction) => {
        const { chainId } = now();
        const { rpcUrls } = $config.get();
        const { networkInfo } = await import('../core/networks.js');
        return connector.signAndSendTransaction(bytes(transaction), chainId, networkInfo(chainId, rpcUrls[chainId]).rpcUrls[0]);
      },
    };
    made.set(connector, provider);
  }
  return provider;
}
