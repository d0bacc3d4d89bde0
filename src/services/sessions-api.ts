import * as z from 'zod/mini';
import { httpStatus, requestJson, statusError } from './http.js';
import { serviceUrl } from './service-url.js';
import type { WalletApiConfig } from './wallet-api.js';

/**
 * Smart sessions (ERC-7715 permissions) in the wallet data API, reference/hosted-api.md §1.1 rows 19–20: an
 * account's sessions (`GET /v1/sessions/{caipAddress}` → `{ pcis }`) and the relayed revocation
 * (`POST /v1/sessions/{address}/revoke` with `{ pci, signature }`).
 */
/** A time as unix seconds: ours are numbers; an ISO string (another service's) is read as such. */
const unixSeconds = z.pipe(
  z.union([z.number(), z.iso.datetime()]),
  z.transform((value) => (typeof value === 'number' ? value : Math.floor(Date.parse(value) / 1000))),
);
/** A token quantity as a string (decimal or hex, as BigInt reads it); a service may write a number. */
const quantity = z.pipe(z.union([z.string(), z.number()]), z.transform(String));
const permissionSchema = z.object({
  type: z.string(),
  data: z.optional(z.object({ address: z.optional(z.string()), allowance: z.optional(quantity), spent: z.optional(quantity), symbol: z.optional(z.string()), decimals: z.optional(z.number()) })),
});
const sessionSchema = z.object({
  project: z.object({ id: z.string(), name: z.string(), url: z.optional(z.string()), iconUrl: z.optional(z.string()) }),
  pci: z.string(),
  expiry: z.number(),
  createdAt: unixSeconds,
  permissions: z.array(permissionSchema),
  policies: z.optional(z.array(z.unknown())),
  context: z.optional(z.string()),
  revokedAt: z.optional(z.nullable(unixSeconds)),
});
const listSchema = z.object({ pcis: z.array(sessionSchema) });

export type SmartSession = z.output<typeof sessionSchema>;

/** The sessions of a CAIP-10 account, newest first. A service without them (404) has none. */
export async function getSmartSessions(config: WalletApiConfig, caipAddress: string, signal?: AbortSignal): Promise<SmartSession[]> {
  try {
    const { pcis } = await requestJson(serviceUrl({ url: config.apiUrl, projectId: config.projectId }, `/v1/sessions/${caipAddress}`), listSchema, { signal });
    return [...pcis].sort((a, b) => b.createdAt - a.createdAt);
  } catch (error) {
    if (httpStatus(error) === 404) return [];
    throw error;
  }
}

/** Sends the owner's signed revocation of session `pci` of `caipAddress` for the service to relay on chain. */
export async function revokeSmartSession(config: WalletApiConfig, caipAddress: string, body: { pci: string; signature: string }): Promise<void> {
  const url = serviceUrl({ url: config.apiUrl, projectId: config.projectId }, `/v1/sessions/${caipAddress}/revoke`);
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw statusError(response.status, `POST ${url.pathname}: HTTP ${response.status} ${await response.text().catch(() => '')}`.trim());
}
