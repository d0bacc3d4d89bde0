import { DIRECTORY_CACHE_TTL_MS } from '../core/constants.js';
import { type DirectoryWallet, directoryWalletSchema, walletsPageSchema } from './directory-schemas.js';
import { requestJson } from './http.js';
import { TtlCache } from './ttl-cache.js';
import { serviceUrl } from './service-url.js';

export type { DirectoryWallet } from './directory-schemas.js';
export { DIRECTORY_ID } from './directory-schemas.js';
export { NO_PROJECT_ID } from './service-url.js';

/**
 * Where the wallet directory is (the `directory-url` attribute) and the project id to send. There is no
 * default URL: without `directory-url` the widget has no directory (it never calls a vendor's by itself).
 */
export interface DirectoryConfig {
  directoryUrl: string;
  projectId: string | undefined;
}

/** `GET /getWallets` parameters (docs/wire-formats.md#wallet-directory). Empty lists are not sent. */
export interface WalletsQuery {
  page: number;
  entries: number;
  search?: string | undefined;
  include?: readonly string[] | undefined;
  exclude?: readonly string[] | undefined;
  chains?: readonly string[] | undefined;
}

export interface WalletsPage {
  /** The well-formed records, in the directory's order. */
  data: DirectoryWallet[];
  /** How many wallets match the query in all (every page). */
  count: number;
  /** How many records the page held, malformed ones included: what paging has consumed. */
  received: number;
}

const pages = new TtlCache<WalletsPage>(DIRECTORY_CACHE_TTL_MS);

/** Forgets cached pages (tests; a host changing `directory-url` gets other keys anyway). */
export const clearDirectoryCache = () => pages.clear();

/** `<directoryUrl>/<path>` with the identification parameters; the directory URL may have a path of its own. */
const endpoint = (config: DirectoryConfig, path: string, params: Record<string, string | undefined> = {}): URL =>
  serviceUrl({ url: config.directoryUrl, projectId: config.projectId }, path, params);

const list = (ids: readonly string[] | undefined) => (ids && ids.length > 0 ? ids.join(',') : undefined);

/**
 * One page of wallets. Statuses map as everywhere (403 `INVALID_APP_CONFIG`, 429 `RATE_LIMITED`, 5xx
 * `SERVER_ERROR`; docs/specification.md#errors). A body that is not `{ data: [], count }` is `INVALID_RESPONSE`; a malformed
 * record inside a good page is dropped, so one bad entry does not cost the visitor the whole list.
 * Answers are kept 5 minutes (the same query again, e.g. a search typed twice, makes no call).
 */
export async function getWallets(config: DirectoryConfig, query: WalletsQuery, { signal }: { signal?: AbortSignal } = {}): Promise<WalletsPage> {
  const url = endpoint(config, 'getWallets', {
    page: String(query.page),
    entries: String(query.entries),
    search: query.search?.trim() || undefined,
    include: list(query.include),
    exclude: list(query.exclude),
    chains: list(query.chains),
  });
  const key = url.href;
  const cached = pages.get(key);
  if (cached) return cached;
  const body = await requestJson(url, walletsPageSchema, { signal });
  const data: DirectoryWallet[] = [];
  for (const record of body.data) {
    const parsed = directoryWalletSchema.safeParse(record);
    if (parsed.success) data.push(parsed.data);
  }
  const page = { data, count: body.count, received: body.data.length };
  pages.set(key, page);
  return page;
}

/** The address of a wallet's image (`GET /getWalletImage/{image_id}`, docs/wire-formats.md#wallet-directory). */
export function walletImageUrl(config: DirectoryConfig, imageId: string): string {
  return endpoint(config, `getWalletImage/${encodeURIComponent(imageId)}`).href;
}
