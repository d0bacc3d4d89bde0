/**
 * The widget's one error type (modelled on viem's BaseError): a closed `code` union, a user-safe
 * `shortMessage` (docs/specification.md#errors's strings verbatim where they exist), optional `details` and `cause`.
 * Foreign errors are turned into this type in one place: `foreign-errors.ts`.
 */
export type WidgetErrorCode =
  | 'INVALID_CONFIG'
  | 'INVALID_ARGUMENT'
  | 'CONNECTION_REJECTED'
  | 'CONNECT_FAILED'
  | 'DISCONNECT_FAILED'
  | 'MODAL_CLOSED'
  | 'PROVIDER_NOT_FOUND'
  | 'ALREADY_CONNECTED'
  | 'NOT_CONNECTED'
  | 'INVALID_STATUS'
  | 'INVALID_RESPONSE'
  | 'UNSUPPORTED_CHAIN'
  | 'CHAIN_NOT_CONFIGURED'
  | 'SWITCH_REJECTED'
  | 'SWITCH_FAILED'
  | 'USER_REJECTED'
  | 'UNAUTHORIZED'
  | 'SERVICE_UNAVAILABLE'
  | 'INVALID_APP_CONFIG'
  | 'RATE_LIMITED'
  | 'SERVER_ERROR'
  | 'REQUEST_FAILED'
  | 'BALANCE_UNAVAILABLE'
  | 'HISTORY_UNAVAILABLE'
  | 'RELAY_UNAVAILABLE'
  | 'PAIRING_EXPIRED'
  /** Sign in with the wallet (docs/specification.md#errors): not configured, refused by the backend, not signed, not started. */
  | 'SIWX_NOT_ENABLED'
  | 'SIWX_VERIFY_FAILED'
  | 'SIWX_SIGN_FAILED'
  | 'SIWX_INIT_FAILED'
  /** Get a name: the name was taken meanwhile, the signed message expired, or the service refused it. */
  | 'NAME_TAKEN'
  | 'NAME_EXPIRED'
  | 'NAME_REGISTER_FAILED'
  /** A view failed to render or to load; the modal shows a way back instead. */
  | 'RENDER_FAILED'
  | 'UNKNOWN';

export interface WidgetErrorOptions {
  details?: string;
  cause?: unknown;
}

export class WidgetError extends Error {
  override readonly name = 'WidgetError';
  readonly code: WidgetErrorCode;
  /** Safe to show a visitor. */
  readonly shortMessage: string;
  readonly details: string | undefined;

  constructor(code: WidgetErrorCode, shortMessage: string, options: WidgetErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, { cause: options.cause });
    this.code = code;
    this.shortMessage = shortMessage;
    this.details = options.details;
  }
}

/** What a view or a `wallet-error` shows of an error: its code and its user-safe message. */
export interface ErrorSummary {
  code: WidgetErrorCode;
  message: string;
}

/** The one way to turn a WidgetError into what is shown: `{ code, message: shortMessage }`. */
export const errorSummary = (error: WidgetError): ErrorSummary => ({ code: error.code, message: error.shortMessage });

export const isWidgetError = (value: unknown): value is WidgetError => value instanceof WidgetError;
