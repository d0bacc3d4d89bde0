import '../core/messages-swap.js';
import type * as z from 'zod/mini';
import { type Caip2 } from '../core/caip.js';
import { WidgetError } from '../core/errors.js';
import { t } from '../core/messages.js';
import { QUOTE_TIMEOUT_MS, httpStatus, requestJson } from './http.js';
import { NO_PROJECT_ID, serviceUrl } from './service-url.js';
import { TtlCache } from './ttl-cache.js';
import { type WalletApiConfig, supportedChains } from './wallet-api.js';
import { safeImageUrl } from './wallet-api-schemas.js';
import { allowanceSchema, builtApproveSchema, builtSwapSchema, gasPriceSchema, quotesSchema, swapTokensSchema } from './swap-api-schemas.js';

/**
 * The wallet data API's convert endpoints (docs/wire-formats.md#wallet-data-api, docs/specification.md#calls), with the
 * hosted service's gate and fallbacks (§1.0): on a network the service does not list, the token list is empty,
 * no quote comes, the allowance is 0, and the gas price and the builders throw docs/specification.md#errors's messages.
 * Token ids are CAIP-10 (`eip155:1:0x…`; the native coin is `eip155:1:0xeeee…eeee`). Amounts are bigint.
 */

/** A token the service can swap on a chain. */
export interface SwapServiceToken {
  /** CAIP-10, as the service names it. */
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  logoUri: string | undefined;
}

/** A transaction the service built, for the wallet to sign: plain 0x addresses. */
export interface BuiltTransaction {
  to: `0x${string}`;
  data: `0x${string}`;
  value: bigint;
  gas: bigint | undefined;
  gasPrice: bigint | undefined;
}

const tokensCache = new TtlCache<SwapServiceToken[]>(5 * 60_000);
export const clearSwapApiCaches = () => tokensCache.clear();

function get<T>(config: WalletApiConfig, path: string, params: Record<string, string | undefined>, schema: z.ZodMiniType<T>, signal?: AbortSignal, timeoutMs?: number) {
  return requestJson(serviceUrl({ url: config.apiUrl, projectId: config.projectId }, path, params), schema, { signal, headers: { 'Content-Type': 'application/json' } }, timeoutMs);
}

const supported = async (config: WalletApiConfig, chainId: Caip2) => (await supportedChains(config)).includes(chainId);

/** The chain part of a CAIP-10 id (`eip155:1:0x…` → `eip155:1`). */
const chainOf = (caip10: string) => caip10.split(':').slice(0, 2).join(':') as Caip2;
/** The address part of a CAIP-10 id, when it is a 0x address. */
function plainAddress(caip10: string): `0x${string}` | undefined {
  const address = caip10.split(':')[2] ?? caip10;
  return /^0x[0-9a-fA-F]{40}$/.test(address) ? (address as `0x${string}`) : undefined;
}

const unsupported = (message: 'swap.gasPriceUnsupported' | 'swap.networkUnsupported', chainId: string) =>
  new WidgetError('UNSUPPORTED_CHAIN', t(message), { details: `${chainId} is not in /v1/supported-chains` });

/**
 * `GET /v1/convert/tokens`: the chain's swappable tokens (cached 5 minutes); tokens with impossible decimals are left
 * out. A chain the service does not list: "Network not supported for Swaps" (`UNSUPPORTED_CHAIN`).
 */
export async function getSwapTokens(config: WalletApiConfig, chainId: Caip2): Promise<SwapServiceToken[]> {
  const key = `${config.apiUrl}|${chainId}`;
  const cached = tokensCache.get(key);
  if (cached) return cached;
  // Said (the Swap view shows it), not an empty list that reads as "No tokens match".
  if (!(await supported(config, chainId))) throw unsupported('swap.networkUnsupported', chainId);
  const { tokens } = await get(config, '/v1/convert/tokens', { chainId }, swapTokensSchema);
  const kept = tokens
    .filter((token) => Number.isInteger(token.decimals) && token.decimals > 0 && token.decimals <= 36 && token.address.startsWith(`${chainId}:`) && plainAddress(token.address))
    .map((token) => ({ address: token.address, name: token.name, symbol: token.symbol, decimals: token.decimals, logoUri: safeImageUrl(token.logoUri) }));
  tokensCache.set(key, kept);
  return kept;
}

export interface QuoteRequest {
  /** CAIP-10 token ids. */
  from: string;
  to: string;
  amount: bigint;
  /** The plain address of the account. */
  userAddress: string;
  gasPrice: bigint | undefined;
}

/**
 * `GET /v1/convert/quotes`: what `amount` of `from` buys of `to`; undefined when there is no quote: an empty
 * list, or a 400 (the service's answer when no pool path has the liquidity, or the output rounds to 0).
 */
export async function getSwapQuote(config: WalletApiConfig, request: QuoteRequest, signal?: AbortSignal): Promise<bigint | undefined> {
  if (!(await supported(config, chainOf(request.from)))) return undefined;
  let quotes: { toAmount: string }[];
  try {
    ({ quotes } = await get(
      config, '/v1/convert/quotes',
      { amount: request.amount.toString(), userAddress: request.userAddress, from: request.from, to: request.to, gasPrice: request.gasPrice?.toString() },
      quotesSchema, signal, QUOTE_TIMEOUT_MS,
    ));
  } catch (error) {
    if (httpStatus(error) === 400) return undefined;
    throw error;
  }
  const toAmount = quotes[0]?.toAmount;
  return toAmount === undefined || toAmount === '0' ? undefined : BigInt(toAmount);
}

/** `GET /v1/convert/allowance`: how much of `tokenAddress` (CAIP-10) the swap router may take from `userAddress` (CAIP-10). */
export async function getSwapAllowance(config: WalletApiConfig, tokenAddress: string, userAddress: string): Promise<bigint> {
  if (!(await supported(config, chainOf(tokenAddress)))) return 0n;
  return BigInt((await get(config, '/v1/convert/allowance', { tokenAddress, userAddress }, allowanceSchema)).allowance);
}

/** `GET /v1/convert/gas-price`: the chain's gas prices (standard, fast, instant) in wei. */
export async function getSwapGasPrice(config: WalletApiConfig, chainId: Caip2): Promise<{ standard: bigint; fast: bigint; instant: bigint }> {
  if (!(await supported(config, chainId))) throw unsupported('swap.gasPriceUnsupported', chainId);
  const body = await get(config, '/v1/convert/gas-price', { chainId }, gasPriceSchema);
  return { standard: BigInt(body.standard), fast: BigInt(body.fast), instant: BigInt(body.instant) };
}

function built(tx: { to: string; data: string; value?: string | undefined; amount?: string | undefined; eip155?: { gas?: string | number | undefined; gasPrice?: string | undefined } | undefined }, value: bigint): BuiltTransaction {
  const to = plainAddress(tx.to);
  if (!to) throw new WidgetError('INVALID_RESPONSE', t('error.invalidServiceResponse'), { details: `tx.to is not an address: ${tx.to}` });
  const gas = tx.eip155?.gas;
  return {
    to, data: tx.data as `0x${string}`, value,
    gas: gas === undefined || gas === '' || (typeof gas === 'number' && !Number.isSafeInteger(gas)) ? undefined : BigInt(gas),
    gasPrice: tx.eip155?.gasPrice ? BigInt(tx.eip155.gasPrice) : undefined,
  };
}

/**
 * `GET /v1/convert/build-approve`: the approval of `from` (CAIP-10 token) for the router, sent to the token named by
 * `tx.from`, as the reference client does (the hosted service puts the other token in `tx.to`; ours names the
 * approved token in both). `amount` bounds it (our service; the hosted one ignores it).
 */
export async function buildSwapApprove(config: WalletApiConfig, request: { userAddress: string; from: string; to: string; amount: bigint }): Promise<BuiltTransaction> {
  const chainId = chainOf(request.from);
  if (!(await supported(config, chainId))) throw unsupported('swap.networkUnsupported', chainId);
  const { tx } = await get(config, '/v1/convert/build-approve', { userAddress: request.userAddress, from: request.from, to: request.to, amount: request.amount.toString() }, builtApproveSchema);
  return built({ ...tx, to: tx.from }, 0n);
}

/**
 * `POST /v1/convert/build-transaction`: the router call for the swap, bound by `slippage` (percent). The body
 * carries `projectId` itself (row 10 is not made through the GET helper); `disableEstimate` as the reference's UI.
 */
export async function buildSwapTransaction(
  config: WalletApiConfig,
  request: { userAddress: string; from: string; to: string; amount: bigint; slippage: number; native: boolean },
): Promise<BuiltTransaction> {
  const chainId = chainOf(request.from);
  if (!(await supported(config, chainId))) throw unsupported('swap.networkUnsupported', chainId);
  const url = serviceUrl({ url: config.apiUrl, projectId: config.projectId }, '/v1/convert/build-transaction');
  // The POST carries no query parameters (reference row 10); projectId goes in the body.
  url.search = '';
  const body = {
    amount: request.amount.toString(), eip155: { slippage: request.slippage }, projectId: config.projectId ?? NO_PROJECT_ID,
    from: request.from, to: request.to, userAddress: request.userAddress, disableEstimate: true,
  };
  const { tx } = await requestJson(url, builtSwapSchema, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return built(tx, request.native ? request.amount : 0n);
}
