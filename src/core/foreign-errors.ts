import { WidgetError, type WidgetErrorCode, isWidgetError } from './errors.js';
import { type MessageId, t } from './messages.js';
import './messages-errors.js';

/**
 * The one place where errors from wallets are recognised, by their codes (EIP-1193 and EIP-1474),
 * never by their message text. `during` says what the widget was doing, which decides the words.
 * The other direction, errors the widget's own provider gives the host, is `provider-rpc-error.ts` (kept
 * apart so that it loads with the WalletConnect chunk, not the entry file).
 */
export type Operation = 'connect' | 'disconnect' | 'switch' | 'request';

const fallback: Record<Operation, [WidgetErrorCode, MessageId]> = {
  connect: ['CONNECT_FAILED', 'error.connectFailed'],
  disconnect: ['DISCONNECT_FAILED', 'error.disconnectFailed'],
  switch: ['SWITCH_FAILED', 'error.switchFailed'],
  request: ['UNKNOWN', 'error.unknown'],
};

const rejected: Record<Operation, [WidgetErrorCode, MessageId]> = {
  connect: ['CONNECTION_REJECTED', 'error.connectionRejected'],
  disconnect: ['USER_REJECTED', 'error.userRejected'],
  switch: ['SWITCH_REJECTED', 'error.switchRejected'],
  request: ['USER_REJECTED', 'error.userRejected'],
};

/** WalletConnect's own rejection codes (a wallet declining a session proposal, its chains or its methods). */
const WALLETCONNECT_REJECTED = [5000, 5001, 5002];

/** EIP-1193 provider error codes. */
export const ProviderErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
} as const;

/** JSON-RPC 2.0 error codes (EIP-1474) the widget tells apart. */
export const JsonRpcErrorCode = {
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
} as const;

/**
 * The numeric `code` of a wallet error. Some wallets wrap theirs in a generic JSON-RPC error (-32603) with
 * the real one in `data.originalError` or `cause`: a provider code (EIP-1193, 4000–4999) found anywhere in
 * the chain wins over the wrapper's.
 */
export function providerErrorCode(error: unknown): number | undefined {
  let first: number | undefined;
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'number') {
      if (code >= 4000 && code < 5000) return code;
      first ??= code;
    }
    e = (e as { data?: { originalError?: unknown } }).data?.originalError ?? (e as { cause?: unknown }).cause;
  }
  return first;
}

/** Whether the wallet does not have the method: EIP-1193 4200, or JSON-RPC -32601. */
export function isUnsupportedMethod(error: unknown): boolean {
  const code = providerErrorCode(error);
  return code === ProviderErrorCode.unsupportedMethod || code === JsonRpcErrorCode.methodNotFound;
}

/** Whether the wallet (or the visitor in it) said no: EIP-1193 4001, or WalletConnect's 5000–5002. */
export function isRejection(error: unknown): boolean {
  const code = providerErrorCode(error);
  return code === ProviderErrorCode.userRejected || (code !== undefined && WALLETCONNECT_REJECTED.includes(code));
}

export function toWidgetError(error: unknown, during: Operation): WidgetError {
  if (isWidgetError(error)) return error;
  const code = providerErrorCode(error);
  const details = error instanceof Error ? error.message : typeof error === 'object' && error && 'message' in error ? String((error as { message: unknown }).message) : undefined;
  const make = ([c, id]: [WidgetErrorCode, MessageId]) => new WidgetError(c, t(id), { details, cause: error });
  if (isRejection(error)) return make(rejected[during]);
  switch (code) {
    case ProviderErrorCode.unauthorized:
      return make(['UNAUTHORIZED', 'error.unauthorized']);
    case ProviderErrorCode.unrecognizedChain:
      return make(['CHAIN_NOT_CONFIGURED', 'error.chainNotConfigured']);
    default:
      return make(fallback[during]);
  }
}
