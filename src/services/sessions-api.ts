import * as z from 'zod/mini';
import { httpStatus, requestJson, statusError, timedRequest } from './http.js';
import { serviceUrl } from './service-url.js';
import { WidgetError } from '../core/errors.js';
import { t } from '../core/messages.js';
import type { WalletApiConfig } from './wallet-api.js';

/**
 * Smart sessions (ERC-7715 permissions) in the wallet data API, docs/wire-formats.md#wallet-data-api: an
 * account's sessions (`GET /v1/sessions/{caipAddress}` → `{ pcis }`) and the relayed revocation
 * (`POST /v1/sessions/{address}/revoke` with `{ pci, signature }`).
 */

// Times are unix seconds in our API; another service may write ISO strings. Quantities may be numbers. Both are
// read as such after parsing (plain code, not zod transforms: those would land in the entry file with zod's core).
const time = z.union([z.number(), z.string()]);
const quantity = z.union([z.string(), z.number()]);
const permissionSchema = z.object({
  type: z.string(),
  data: z.optional(z.object({ address: z.optional(z.string()), allowance: z.optional(quantity), spent: z.optional(quantity), symbol: z.optional(z.string()), decimals: z.optional(z.number()) })),
});
const sessionSchema = z.object({
  project: z.object({ id: z.string(), name: z.string(), url: z.optional(z.string()), iconUrl: z.optional(z.string()) }),
  pci: z.string(),
  expiry: z.number(),
  createdAt: time,
  permissions: z.array(permissionSchema),
  policies: z.optional(z.array(z.unknown())),
  context: z.optional(z.string()),
  revokedAt: z.optional(z.nullable(time)),
});
const listSchema = z.object({ pcis: z.array(sessionSchema) });

type Permission = z.infer<typeof permissionSchema>;

/** A session as the view reads it: times in unix seconds, quantities as strings (decimal or hex, as BigInt reads them). */
export interface SmartSession extends Omit<z.infer<typeof sessionSchema>, 'createdAt' | 'revokedAt' | 'permissions'> {
  createdAt: number;
  revokedAt: number | undefined;
  permissions: { type: string; data?: Omit<NonNullable<Permission['data']>, 'allowance' | 'spent'> & { allowance?: string | undefined; spent?: string | undefined } | undefined }[];
}

/** Unix seconds of a number or an ISO date; a string that is no date is an invalid response. */
function seconds(value: number | string, url: string): number {
  if (typeof value === 'number') return value;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new WidgetError('INVALID_RESPONSE', t('error.invalidServiceResponse'), { details: `${url}: not a time: ${value}` });
  return Math.floor(ms / 1000);
}

const text = (value: string | number | undefined) => (value === undefined ? undefined : String(value));

/** The sessions of a CAIP-10 account, newest first. A service without them (404) has none. */
export async function getSmartSessions(config: WalletApiConfig, caipAddress: string, signal?: AbortSignal): Promise<SmartSession[]> {
  const path = `/v1/sessions/${caipAddress}`;
  let pcis: z.infer<typeof listSchema>['pcis'];
  try {
    ({ pcis } = await requestJson(serviceUrl({ url: config.apiUrl, projectId: config.projectId }, path), listSchema, { signal }));
  } catch (error) {
    if (httpStatus(error) === 404) return [];
    throw error;
  }
  return pcis
    .map((session) => ({
      ...session,
      createdAt: seconds(session.createdAt, path),
      revokedAt: session.revokedAt === undefined || session.revokedAt === null ? undefined : seconds(session.revokedAt, path),
      permissions: session.permissions.map((p) => ({ ...p, data: p.data && { ...p.data, allowance: text(p.data.allowance), spent: text(p.data.spent) } })),
    }))
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** Sends the owner's signed revocation of session `pci` of `caipAddress` for the service to relay on chain. */
export async function revokeSmartSession(config: WalletApiConfig, caipAddress: string, body: { pci: string; signature: string }): Promise<void> {
  const url = serviceUrl({ url: config.apiUrl, projectId: config.projectId }, `/v1/sessions/${caipAddress}/revoke`);
  await timedRequest(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, async (response) => {
    if (!response.ok) throw statusError(response.status, `POST ${url.pathname}: HTTP ${response.status} ${await response.text().catch(() => '')}`.trim());
  });
}
