import '../core/messages-account.js';
import type * as z from 'zod/mini';
import { WidgetError, type WidgetErrorCode } from '../core/errors.js';
import { t } from '../core/messages.js';

/** A service's non-2xx answer: a `WidgetError` that keeps the HTTP status, for callers that decide by it. */
export class HttpError extends WidgetError {
  readonly status: number;
  constructor(code: WidgetErrorCode, shortMessage: string, status: number, details: string) {
    super(code, shortMessage, { details });
    this.status = status;
  }
}

/** The HTTP status of a service failure, or undefined when it was not an HTTP answer (network, body). */
export const httpStatus = (error: unknown): number | undefined => (error instanceof HttpError ? error.status : undefined);

/** A non-2xx answer as an `HttpError`: 403 app configuration, 429 rate limited, 5xx server error (docs/specification.md#errors). */
export function statusError(status: number, details: string): HttpError {
  if (status === 403) return new HttpError('INVALID_APP_CONFIG', t('error.invalidAppConfig'), status, details);
  if (status === 429) return new HttpError('RATE_LIMITED', t('error.rateLimited'), status, details);
  if (status >= 500) return new HttpError('SERVER_ERROR', t('error.serverError'), status, details);
  return new HttpError('REQUEST_FAILED', t('error.requestFailed'), status, details);
}

/**
 * How long one request to a service may take, its answer read included, before it is given up: no spinner waits
 * on a service that never answers. Quotes, which go stale anyway, get less (`QUOTE_TIMEOUT_MS`).
 */
export const REQUEST_TIMEOUT_MS = 15_000;
export const QUOTE_TIMEOUT_MS = 10_000;

/**
 * `fetch(url, init)` and `read(response)` within `timeoutMs`: past it the request is aborted and the call fails
 * with `SERVICE_UNAVAILABLE` ("no answer within N s"), which every caller already says in place as the service
 * being unreachable. A network failure is `SERVICE_UNAVAILABLE` too; the caller's own abort (`init.signal`) stays
 * an `AbortError`.
 */
export async function timedRequest<T>(url: URL, init: RequestInit, read: (response: Response) => Promise<T>, timeoutMs = REQUEST_TIMEOUT_MS): Promise<T> {
  const controller = new AbortController();
  const outer = init.signal ?? undefined;
  const follow = () => controller.abort(outer?.reason);
  if (outer?.aborted) follow();
  else outer?.addEventListener('abort', follow, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const where = `${init.method ?? 'GET'} ${url.origin}${url.pathname}`;
  const late = (cause: unknown) => new WidgetError('SERVICE_UNAVAILABLE', t('error.serviceUnavailable'), { details: `${where}: no answer within ${timeoutMs / 1000} s`, cause });
  try {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: controller.signal });
    } catch (cause) {
      if (timedOut) throw late(cause);
      if ((cause as { name?: string }).name === 'AbortError') throw cause;
      throw new WidgetError('SERVICE_UNAVAILABLE', t('error.serviceUnavailable'), { details: where, cause });
    }
    try {
      return await read(response);
    } catch (cause) {
      throw timedOut ? late(cause) : cause;
    }
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', follow);
  }
}

/**
 * One JSON request to a remote service, its body checked with `schema`, within `timeoutMs` (`timedRequest`). Statuses per docs/specification.md#errors:
 * 403 is an app configuration problem (origin not allowed), 429 rate limiting, 5xx a server error.
 * Every failure is a `WidgetError`; a malformed body is `INVALID_RESPONSE`, never a crash or a wrong number.
 */
export function requestJson<T>(url: URL, schema: z.ZodMiniType<T>, init: RequestInit = {}, timeoutMs = REQUEST_TIMEOUT_MS): Promise<T> {
  return timedRequest(url, init, (response) => readJson(url, schema, init, response), timeoutMs);
}

async function readJson<T>(url: URL, schema: z.ZodMiniType<T>, init: RequestInit, response: Response): Promise<T> {
  if (!response.ok) {
    const { status } = response;
    throw statusError(status, `${init.method ?? 'GET'} ${url.pathname}: HTTP ${status}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    if ((cause as { name?: string }).name === 'AbortError') throw cause;
    throw new WidgetError('INVALID_RESPONSE', t('error.invalidServiceResponse'), { details: `${url.pathname}: not JSON`, cause });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new WidgetError('INVALID_RESPONSE', t('error.invalidServiceResponse'), { details: `${url.pathname}: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}` });
  }
  return parsed.data;
}
