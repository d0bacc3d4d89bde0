/** One reason in the error body: which input was wrong and why. */
export interface ApiReason {
  name: string;
  description: string;
}

/** The error body of the hosted Blockchain API (`BlockchainApiEnsError`, docs/wire-formats.md#wallet-data-api). */
export interface ApiErrorBody {
  status: 'ERROR';
  reasons: ApiReason[];
}

export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502;

/** Thrown by validation and handlers; the app turns it into `status` + the error body. */
export class ApiError extends Error {
  readonly status: ApiErrorStatus;
  readonly reasons: ApiReason[];

  constructor(status: ApiErrorStatus, reasons: ApiReason[]) {
    super(reasons.map((reason) => `${reason.name}: ${reason.description}`).join('; ') || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.reasons = reasons;
  }

  static badRequest(name: string, description: string): ApiError {
    return new ApiError(400, [{ name, description }]);
  }

  get body(): ApiErrorBody {
    return { status: 'ERROR', reasons: this.reasons };
  }
}
