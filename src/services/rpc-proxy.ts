import type { Caip2 } from '../core/caip.js';
import type { WalletApiConfig } from './wallet-api.js';

/**
 * The wallet data API's JSON-RPC proxy for a chain: `{api-url}/v1?chainId=<caip2>&projectId=…`
 * (reference/hosted-api.md §1.1 row 22). A path in `api-url` is kept (`https://host/wallet/` gives
 * `https://host/wallet/v1?…`).
 */
export function rpcProxyUrl({ apiUrl, projectId }: WalletApiConfig, chainId: Caip2): string {
  const url = new URL(apiUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1`;
  url.searchParams.set('chainId', chainId);
  if (projectId) url.searchParams.set('projectId', projectId);
  return url.href;
}
