/** EIP-1193 / EIP-1474 codes the frame answers with (4001 rejected, 4100 unauthorized, 4200 unsupported, 4901 chain). */
export class SignError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
