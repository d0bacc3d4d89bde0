/** An EIP-1193 error, as hosts expect from a provider: a message and a numeric `code`. */
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
