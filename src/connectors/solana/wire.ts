import { WidgetError } from '../../core/errors.js';
import { base58Decode } from '../../core/base58.js';
import { t } from '../../core/messages.js';
import { rpcRequest } from '../evm/json-rpc.js';

/** Bytes as base64 (wire transactions in JSON-RPC), and back; undefined for text that is not base64. */
export const toBase64 = (bytes: Uint8Array): string => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
export function fromBase64(text: unknown): Uint8Array | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** `sendTransaction` of a signed transaction to the network's RPC (SPEC: for wallets without signAndSend): its signature. */
export async function sendSignedTransaction(rpcUrl: string, signed: Uint8Array): Promise<Uint8Array> {
  const signature = await rpcRequest(rpcUrl, { method: 'sendTransaction', params: [toBase64(signed), { encoding: 'base64' }] });
  const bytes = typeof signature === 'string' ? base58Decode(signature) : undefined;
  if (!bytes) throw new WidgetError('INVALID_RESPONSE', t('error.invalidResponse'), { details: `sendTransaction: ${JSON.stringify(signature)}` });
  return bytes;
}
