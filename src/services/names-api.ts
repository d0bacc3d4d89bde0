import '../core/messages-names.js';
import * as z from 'zod/mini';
import { WidgetError } from '../core/errors.js';
import { t } from '../core/messages.js';
import { NAME_ZONE } from '../core/names.js';
import { httpStatus, requestJson, statusError, timedRequest } from './http.js';
import { type ServiceBase, serviceUrl } from './service-url.js';
import type { WalletApiConfig } from './wallet-api.js';

/**
 * The profile (names) endpoints of the wallet data API (docs/wire-formats.md#wallet-data-api):
 * whether a name is registered, free names near a taken one, and the registration itself.
 */
const base = (config: WalletApiConfig): ServiceBase => ({ url: config.apiUrl, projectId: config.projectId });

const profileSchema = z.object({ name: z.string() });
const suggestionsSchema = z.object({ suggestions: z.array(z.object({ name: z.string(), registered: z.optional(z.boolean()) })) });
const errorBodySchema = z.object({ reasons: z.array(z.object({ name: z.string(), description: z.string() })) });

/** True when the name is registered, false when the service answers 404; any other failure is thrown. */
export async function isNameRegistered(config: WalletApiConfig, name: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await requestJson(serviceUrl(base(config), `/v1/profile/account/${name}`, { apiVersion: '2' }), profileSchema, { signal });
    return true;
  } catch (error) {
    if (httpStatus(error) === 404) return false;
    throw error;
  }
}

const reverseSchema = z.array(z.object({ name: z.string() }));
const reverseCache = new Map<string, { at: number; name: string | null }>();
const REVERSE_CACHE_MS = 5 * 60_000;

/**
 * `GET /v1/profile/reverse/{address}` (`sender`, `apiVersion=2`): the first name the profile service knows for
 * `address`, or null (none, or the service has none for this network: `[]`); cached 5 minutes.
 */
export async function reverseName(config: WalletApiConfig, address: string, sender?: string): Promise<string | null> {
  const key = `${config.apiUrl}|${address.toLowerCase()}`;
  const hit = reverseCache.get(key);
  if (hit && Date.now() - hit.at < REVERSE_CACHE_MS) return hit.name;
  const records = await requestJson(serviceUrl(base(config), `/v1/profile/reverse/${address}`, { sender, apiVersion: '2' }), reverseSchema);
  const name = records[0]?.name ?? null;
  reverseCache.set(key, { at: Date.now(), name });
  return name;
}

/** For tests: forget the reverse lookups. */
export const clearReverseNames = () => reverseCache.clear();

/** Labels (zone taken off) of free names near `label`, as the service suggests them. */
export async function nameSuggestions(config: WalletApiConfig, label: string, signal?: AbortSignal): Promise<string[]> {
  const { suggestions } = await requestJson(serviceUrl(base(config), `/v1/profile/suggestions/${label}`, { zone: NAME_ZONE }), suggestionsSchema, { signal });
  return suggestions
    .filter((s) => !s.registered)
    .map((s) => (s.name.endsWith(`.${NAME_ZONE}`) ? s.name.slice(0, -NAME_ZONE.length - 1) : s.name));
}

export interface Registration {
  coin_type: number;
  address: string;
  message: string;
  signature: string;
}

/**
 * `POST /v1/profile/account`. A refusal is told apart by the reason the service gives (its error body,
 * docs/wire-formats.md#wallet-data-api): the name taken (`NAME_TAKEN`), the message expired (`NAME_EXPIRED`), anything else
 * `NAME_REGISTER_FAILED` ("Error registering name <name>", the reference's words); 403, 429 and 5xx and an
 * unreachable service keep the codes every service call has (docs/specification.md#errors).
 */
export async function registerName(config: WalletApiConfig, name: string, registration: Registration): Promise<void> {
  const url = serviceUrl(base(config), '/v1/profile/account');
  const init: RequestInit = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(registration) };
  const { status, error } = await timedRequest(url, init, async (response) => ({ status: response.status, error: response.ok ? undefined : await response.json().catch((cause: unknown) => { if ((cause as { name?: string }).name === 'AbortError') throw cause; return undefined; }) as unknown }));
  if (status >= 200 && status < 300) return;
  if (status === 403 || status === 429 || status >= 500) throw statusError(status, `POST ${url.pathname}: HTTP ${status}`);
  const body = errorBodySchema.safeParse(error);
  const reason = body.success ? body.data.reasons[0] : undefined;
  const details = `POST ${url.pathname}: HTTP ${status}${reason ? ` ${reason.name}: ${reason.description}` : ''}`;
  if (status === 409 && reason?.name === 'name') throw new WidgetError('NAME_TAKEN', t('names.takenNow', { name }), { details });
  if (reason?.name === 'timestamp') throw new WidgetError('NAME_EXPIRED', t('names.expired'), { details });
  throw new WidgetError('NAME_REGISTER_FAILED', t('names.failed', { name }), { details });
}
