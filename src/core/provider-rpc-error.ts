/**
 * The errors the provider the widget hands out over WalletConnect rejects with, as hosts expect them from
 * any EIP-1193 provider (extension wallets' own errors reach the host as the wallet made them). Only the
 * WalletConnect chunk imports this module.
 */

/**
 * An EIP-1193 error, as hosts expect from a provider: a message and a numeric `code` (the provider the
 * widget hands out over WalletConnect rejects with these, as extension wallets do).
 */
export class ProviderRpcError extends Error {
  override readonly name = 'ProviderRpcError';
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** A foreign error as an EIP-1193 error for the host: its own numeric code and message, else `fallbackCode`. */
export function toProviderRpcError(error: unknown, fallbackCode: number): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error;
  const { code, message, data } = (typeof error === 'object' && error ? error : {}) as { code?: unknown; message?: unknown; data?: unknown };
  const text = typeof message === 'string' && message ? message : String(error);
  return new ProviderRpcError(typeof code === 'number' ? code : fallbackCode, text, data);
}
