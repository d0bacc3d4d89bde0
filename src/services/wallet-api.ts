import type * as z from 'zod/mini';
import { type Caip2 } from '../core/caip.js';
import { requestJson } from './http.js';
export type { Balance, Transaction, Transfer } from './wallet-api-schemas.js';
import { TtlCache } from './ttl-cache.js';
import {
  type Balance, type Transaction,
  balancesSchema, historySchema, identitySchema, profileSchema, supportedChainsSchema,
} from './wallet-api-schemas.js';

/**
 * The widget's SDK identification, sent as `st` and `sv` on every call (reference/hosted-api.md §0). The
 * version is package.json's, stamped in at build time.
 */
export const SDK_TYPE = 'wallet-connect-modal';
export const SDK_VERSION = `html-core-${__PACKAGE_VERSION__}`;

export interface WalletApiConfig {
  apiUrl: string;
  projectId: string | undefined;
}

/** SPEC.md §9 cache lifetimes. */
const caches = {
  chains: new TtlCache<string[]>(5 * 60_000),
  identity: new TtlCache<{ name: string | null; avatar: string | null }>(5 * 60_000),
  balances: new TtlCache<Balance[]>(30_000),
  history: new TtlCache<{ data: Transaction[]; next: string | null }>(15_000),
};

export const clearWalletApiCaches = () => Object.values(caches).forEach((cache) => cache.clear());

function get<T>(config: WalletApiConfig, path: string, params: Record<string, string | undefined>, schema: z.ZodMiniType<T>, signal?: AbortSignal) {
  const url = new URL(path, config.apiUrl);
  for (const [key, value] of Object.entries({ ...params, projectId: config.projectId, st: SDK_TYPE, sv: SDK_VERSION })) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return requestJson(url, schema, { signal });
}

/** The networks the service answers for. Unsupported ones get empty results without a call (SPEC.md §7). */
export async function supportedChains(config: WalletApiConfig): Promise<string[]> {
  const key = config.apiUrl;
  const cached = caches.chains.get(key);
  if (cached) return cached;
  const { http } = await get(config, '/v1/supported-chains', {}, supportedChainsSchema);
  caches.chains.set(key, http);
  return http;
}

export async function getIdentity(config: WalletApiConfig, address: string, sender?: string) {
  const key = `${config.apiUrl}|${address.toLowerCase()}`;
  const cached = caches.identity.get(key);
  if (cached) return cached;
  const body = await get(config, `/v1/identity/${address}`, { sender }, identitySchema);
  const identity = { name: body.name ?? null, avatar: body.avatar ?? null };
  caches.identity.set(key, identity);
  return identity;
}

/** Token balances of `address` on `chainId`; 0-decimal tokens are dropped (SPEC.md §5). */
export async function getBalances(config: WalletApiConfig, address: string, chainId: Caip2, { force = false } = {}): Promise<Balance[]> {
  const key = `${config.apiUrl}|${chainId}:${address.toLowerCase()}`;
  const cached = force ? undefined : caches.balances.get(key);
  if (cached) return cached;
  if (!(await supportedChains(config)).includes(chainId)) return [];
  const { balances } = await get(config, `/v1/account/${address}/balance`, { currency: 'usd', chainId }, balancesSchema);
  const kept = balances.filter((b) => b.quantity.decimals !== '0');
  caches.balances.set(key, kept);
  return kept;
}

/**
 * One page of history. Transactions whose every transfer is spam are dropped, and only the active chain's
 * are kept (SPEC.md §5).
 */
export async function getHistory(config: WalletApiConfig, address: string, chainId: Caip2, cursor?: string, { signal, force = false }: { signal?: AbortSignal; force?: boolean } = {}) {
  const key = `${config.apiUrl}|${chainId}:${address.toLowerCase()}|${cursor ?? ''}`;
  const cached = force ? undefined : caches.history.get(key);
  if (cached) return cached;
  if (!(await supportedChains(config)).includes(chainId)) return { data: [], next: null };
  const body = await get(config, `/v1/account/${address}/history`, { cursor, chainId }, historySchema, signal);
  const data = body.data.filter(
    (tx) => tx.metadata.chain === chainId && !(tx.transfers?.length && tx.transfers.every((tr) => tr.nft_info?.flags.is_spam)),
  );
  const page = { data, next: body.next ?? null };
  caches.history.set(key, page);
  return page;
}

/**
 * The address a name points to on EVM (coin type 60), through the service's name endpoint
 * (reference/hosted-api.md §1.1 row 12). Undefined when the name is not registered.
 */
export async function resolveName(config: WalletApiConfig, name: string): Promise<`0x${string}` | undefined> {
  try {
    const body = await get(config, `/v1/profile/account/${encodeURIComponent(name)}`, { apiVersion: '2' }, profileSchema);
    const address = body.addresses['60']?.address;
    return address && /^0x[0-9a-fA-F]{40}$/.test(address) ? (address as `0x${string}`) : undefined;
  } catch (error) {
    if ((error as { details?: string }).details?.includes('HTTP 404')) return undefined;
    throw error;
  }
}
