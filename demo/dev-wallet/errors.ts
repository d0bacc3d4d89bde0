// EIP-1193 / EIP-1474 provider errors: one class, created only through the factories below.
// Codes: https://eips.ethereum.org/EIPS/eip-1193#provider-errors and https://eips.ethereum.org/EIPS/eip-1474#error-codes

/** An error with a numeric `code`, as EIP-1193 providers throw them. */
export class ProviderRpcError extends Error {
  readonly code: number;
  readonly data?: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'ProviderRpcError';
    this.code = code;
    if (data !== undefined) this.data = data;
  }
}

export const userRejected = () => new ProviderRpcError(4001, 'User rejected the request.');

export const unauthorized = () =>
  new ProviderRpcError(4100, 'The requested account and/or method has not been authorized by the user.');

export const unsupportedMethod = (method: string) =>
  new ProviderRpcError(4200, `The Provider does not support the requested method: ${method}.`);

/** The wallet has no RPC URL for the current chain (e.g. after a wallet-side switch to chain 1). */
export const chainDisconnected = (chainId: number | string, reason?: string) =>
  new ProviderRpcError(4901, `The Provider is not connected to chain ${chainId}${reason ? `: ${reason}` : '.'}`);

export const disconnected = () => new ProviderRpcError(4900, 'The Provider is disconnected from all chains.');

export const unrecognizedChain = (chainIdHex: string) =>
  new ProviderRpcError(
    4902,
    `Unrecognized chain ID "${chainIdHex}". Try adding the chain using wallet_addEthereumChain first.`,
  );

export const invalidParams = (detail: string) => new ProviderRpcError(-32602, `Invalid parameters: ${detail}`);

export const internalError = (detail: string, data?: unknown) =>
  new ProviderRpcError(-32603, `Internal error: ${detail}`, data);

/** Any thrown value as a provider error: keeps a numeric `code` found on it or its causes (viem errors). */
export function toProviderError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error;
  // DOMException also has a numeric `code` (a legacy DOM one), which is no EIP-1193 code.
  const isDomException = (e: unknown) => typeof DOMException !== 'undefined' && e instanceof DOMException;
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && !isDomException(e) && depth < 8; depth++) {
    const { code, message, details, data } = e as { code?: unknown; message?: unknown; details?: unknown; data?: unknown };
    if (typeof code === 'number' && Number.isInteger(code)) {
      const text = typeof details === 'string' && details ? details : String(message ?? 'Unknown error');
      return new ProviderRpcError(code, text, data);
    }
    e = (e as { cause?: unknown }).cause;
  }
  const short = (error as { shortMessage?: unknown })?.shortMessage;
  return internalError(typeof short === 'string' ? short : String((error as Error)?.message ?? error), undefined);
}
