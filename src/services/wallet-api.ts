import type * as z from 'zod/mini';
import { addressKey } from '../core/address.js';
import { type Caip2, isEvmAddress } from '../core/caip.js';
import { httpStatus, requestJson } from './http.js';
import { serviceUrl } from './service-url.js';
export type { Balance, Transaction, Transfer } from './wallet-api-schemas.js';
import { TtlCache } from './ttl-cache.js';
import {
  type Balance, type Transaction, type Transfer,
  balancesSchema, historySchema, identitySchema, profileSchema, safeImageUrl, supportedChainsSchema,
} from './wallet-api-schemas.js';

export { SDK_TYPE, SDK_VERSION } from './service-url.js';

export interface WalletApiConfig {
  apiUrl: string;
  projectId: string | undefined;
}

/** docs/specification.md#constants cache lifetimes. Keyed by `addressKey`: EVM hex without case, base58 (Solana) exactly. */
const caches = {
  chains: new TtlCache<string[]>(5 * 60_000),
  identity: new TtlCache<{ name: string | null; avatar: string | null }>(5 * 60_000),
  balances: new TtlCache<Balance[]>(30_000),
  history: new TtlCache<{ data: Transaction[]; next: string | null }>(15_000),
};

export const clearWalletApiCaches = () => {
  Object.values(caches).forEach((cache) => cache.clear());
  zeroDecimal.clear();
};

function get<T>(config: WalletApiConfig, path: string, params: Record<string, string | undefined>, schema: z.ZodMiniType<T>, signal?: AbortSignal) {
  return requestJson(serviceUrl({ url: config.apiUrl, projectId: config.projectId }, path, params), schema, { signal });
}

/** The networks the service answers for. Unsupported ones get empty results without a call (docs/specification.md#calls). */
export async function supportedChains(config: WalletApiConfig): Promise<string[]> {
  const key = config.apiUrl;
  const cached = caches.chains.get(key);
  if (cached) return cached;
  const { http } = await get(config, '/v1/supported-chains', {}, supportedChainsSchema);
  caches.chains.set(key, http);
  return http;
}

export async function getIdentity(config: WalletApiConfig, address: string, sender?: string) {
  const key = `${config.apiUrl}|${addressKey(address)}`;
  const cached = caches.identity.get(key);
  if (cached) return cached;
  const body = await get(config, `/v1/identity/${address}`, { sender }, identitySchema);
  const identity = { name: body.name ?? null, avatar: safeImageUrl(body.avatar) ?? null };
  caches.identity.set(key, identity);
  return identity;
}

/** A name just registered for `address`: the identity cache holds it now, rather than "no name" for 5 minutes. */
export function rememberIdentity(config: WalletApiConfig, address: string, identity: { name: string | null; avatar: string | null }): void {
  caches.identity.set(`${config.apiUrl}|${addressKey(address)}`, identity);
}

/**
 * Token balances of `address` on `chainId`: only that chain's rows (another chain's contract address must
 * never be offered for sending here), and 0-decimal tokens are dropped (docs/specification.md#validation).
 */
export async function getBalances(config: WalletApiConfig, address: string, chainId: Caip2, { force = false, forceUpdate }: { force?: boolean; forceUpdate?: string[] | undefined } = {}): Promise<Balance[]> {
  const key = `${config.apiUrl}|${chainId}:${addressKey(address)}`;
  const cached = force ? undefined : caches.balances.get(key);
  if (cached) return cached;
  if (!(await supportedChains(config)).includes(chainId)) return [];
  // `forceUpdate`: CAIP-10 tokens whose balance the service must read afresh (after a swap; docs/wire-formats.md#wallet-data-api).
  const { balances } = await get(config, `/v1/account/${address}/balance`, { currency: 'usd', chainId, forceUpdate: forceUpdate?.join(',') }, balancesSchema);
  const mine = balances.filter((b) => b.chainId === chainId);
  const kept = mine.filter((b) => b.quantity.decimals !== '0').map((b) => ({ ...b, iconUrl: safeImageUrl(b.iconUrl) }));
  caches.balances.set(key, kept);
  zeroDecimal.set(key, mine.filter((b) => b.quantity.decimals === '0').map(({ name, symbol }) => ({ name, symbol })));
  return kept;
}

/** The 0-decimal tokens the last `getBalances` for this account left out (Activity leaves their transfers out too). */
const zeroDecimal = new Map<string, { name: string; symbol: string }[]>();
export const zeroDecimalTokens = (config: WalletApiConfig, address: string, chainId: Caip2) =>
  zeroDecimal.get(`${config.apiUrl}|${chainId}:${addressKey(address)}`) ?? [];

function safeTransferIcon(transfer: Transfer): Transfer {
  const url = safeImageUrl(transfer.fungible_info?.icon?.url);
  if (!transfer.fungible_info) return transfer;
  const { icon: _icon, ...info } = transfer.fungible_info;
  return { ...transfer, fungible_info: url ? { ...info, icon: { url } } : info };
}

/**
 * One page of history. Transactions whose every transfer is spam are dropped, and only the active chain's
 * are kept (docs/specification.md#validation).
 */
export async function getHistory(config: WalletApiConfig, address: string, chainId: Caip2, cursor?: string, { signal, force = false }: { signal?: AbortSignal; force?: boolean } = {}) {
  const key = `${config.apiUrl}|${chainId}:${addressKey(address)}|${cursor ?? ''}`;
  const cached = force ? undefined : caches.history.get(key);
  if (cached) return cached;
  if (!(await supportedChains(config)).includes(chainId)) return { data: [], next: null };
  const body = await get(config, `/v1/account/${address}/history`, { cursor, chainId }, historySchema, signal);
  const data = body.data
    .filter((tx) => tx.metadata.chain === chainId && !(tx.transfers?.length && tx.transfers.every((tr) => tr.nft_info?.flags.is_spam)))
    // Token icons as bounded as the balances' (an https: or data:image/ URL, else none).
    .map((tx) => ({ ...tx, transfers: tx.transfers?.map(safeTransferIcon) ?? null }));
  const page = { data, next: body.next ?? null };
  caches.history.set(key, page);
  return page;
}

/**
 * The address a name points to on EVM (coin type 60), through the service's name endpoint
 * (docs/wire-formats.md#wallet-data-api). Undefined when the name is not registered (HTTP 404, or no EVM
 * address); every other failure is thrown, so a broken service never reads as "not found".
 */
export async function resolveName(config: WalletApiConfig, name: string): Promise<`0x${string}` | undefined> {
  try {
    const body = await get(config, `/v1/profile/account/${encodeURIComponent(name)}`, { apiVersion: '2' }, profileSchema);
    const address = body.addresses['60']?.address;
    return address && isEvmAddress(address) ? address : undefined;
  } catch (error) {
    if (httpStatus(error) === 404) return undefined;
    throw error;
  }
}
