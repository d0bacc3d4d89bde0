import '../core/messages-account.js';
import type * as z from 'zod/mini';
import { WidgetError } from '../core/errors.js';
import { t } from '../core/messages.js';

/**
 * One JSON request to a remote service, its body checked with `schema`. Statuses per SPEC.md §8:
 * 403 is an app configuration problem (origin not allowed), 429 rate limiting, 5xx a server error.
 * Every failure is a `WidgetError`; a malformed body is `INVALID_RESPONSE`, never a crash or a wrong number.
 */
export async function requestJson<T>(url: URL, schema: z.ZodMiniType<T>, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    if ((cause as { name?: string }).name === 'AbortError') throw cause;
    throw new WidgetError('SERVICE_UNAVAILABLE', t('error.serviceUnavailable'), { details: `${url.origin}${url.pathname}`, cause });
  }
  if (!response.ok) {
    const details = `${init.method ?? 'GET'} ${url.pathname}: HTTP ${response.status}`;
    if (response.status === 403) throw new WidgetError('INVALID_APP_CONFIG', t('error.invalidAppConfig'), { details });
    if (response.status === 429) throw new WidgetError('RATE_LIMITED', t('error.rateLimited'), { details });
    if (response.status >= 500) throw new WidgetError('SERVER_ERROR', t('error.serverError'), { details });
    throw new WidgetError('REQUEST_FAILED', t('error.requestFailed'), { details });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new WidgetError('INVALID_RESPONSE', t('error.invalidServiceResponse'), { details: `${url.pathname}: not JSON`, cause });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new WidgetError('INVALID_RESPONSE', t('error.invalidServiceResponse'), { details: `${url.pathname}: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}` });
  }
  return parsed.data;
}
