import { base58Encode } from '../../core/base58.js';
import { WidgetError } from '../../core/errors.js';
import { t } from '../../core/messages.js';
import { type Connector, isEvmConnector, isSolanaConnector } from '../../connectors/types.js';
import type { Connected } from '../connection.js';

const toHex = (bytes: Uint8Array) => `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/**
 * The connected wallet's signature of the sign-in message `text`, as the sign-in backend expects it (docs/sign-in.md):
 * on EVM `personal_sign` of its UTF-8 bytes (a 0x hex signature, EOA or smart account); on
 * Solana the wallet's `signMessage` of its UTF-8 bytes (Wallet Standard `solana:signMessage`, or WalletConnect's
 * `solana_signMessage`), the 64-byte ed25519 signature in base58.
 */
export async function signSiwxMessage(connector: Connector, connection: Connected, text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  if (isEvmConnector(connector)) return (await connector.getProvider().request({ method: 'personal_sign', params: [toHex(bytes), connection.address] })) as string;
  if (isSolanaConnector(connector)) return base58Encode(await connector.signMessage(bytes));
  throw new WidgetError('NOT_CONNECTED', t('error.notConnected'), { details: `${connector.id} cannot sign messages` });
}
