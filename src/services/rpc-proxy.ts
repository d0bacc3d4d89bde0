import type { Caip2 } from '../core/caip.js';
import { serviceUrl } from './service-url.js';
import type { WalletApiConfig } from './wallet-api.js';

/**
 * The wallet data API's JSON-RPC proxy for a chain: `{api-url}/v1?chainId=<caip2>&projectId=…`
 * (docs/wire-formats.md#wallet-data-api), built like every service URL (`serviceUrl`): a path in `api-url` is
 * kept (`https://host/wallet/` gives `https://host/wallet/v1?…`), and without `project-id` it says `none`.
 */
export function rpcProxyUrl({ apiUrl, projectId }: WalletApiConfig, chainId: Caip2): string {
  return serviceUrl({ url: apiUrl, projectId }, 'v1', { chainId }).href;
}
