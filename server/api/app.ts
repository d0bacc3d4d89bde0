import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import type { Account, Address } from 'viem';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { PROJECT_ROOT } from '../paths.js';
import { ChainRegistry, type ApiChainOptions } from './chains.js';
import { ApiError } from './errors.js';
import { IdentityResolver } from './identity.js';
import { NameService, type NamesOptions } from './names.js';
import { Indexer, type IndexerOptions } from './indexer.js';
import { NftMetadataReader } from './nft-metadata.js';
import { PriceOracle, type PriceTable } from './prices.js';
import { addOnRampRoutes } from './onramp.js';
import { addRoutes } from './routes.js';
import { addConvertRoutes } from './convert/routes.js';
import { addRpcProxy } from './rpc-proxy.js';
import { addSessionRoutes } from './sessions-routes.js';
import { clientIpOf } from '../service/client-ip.js';
import { IndexStore } from './store.js';
import { ChainLeases } from './lease.js';
import { TokenCatalog } from './token-metadata.js';
import { SolanaChains, type ApiSolanaChainOptions } from './solana/chain.js';
import { SolanaIndexer } from './solana/indexer.js';
import { SolanaPrices, isSolanaPriceKey } from './solana/prices.js';
import { SolanaApi } from './solana/routes.js';

export interface WalletApiOptions {
  chains: readonly ApiChainOptions[];
  /** The solana: chains (the local litesvm facade), indexed into the same store. */
  solanaChains?: readonly ApiSolanaChainOptions[];
  /**
   * The index database: `postgres://…` (several instances share it; one indexes each chain), a SQLite file path
   * or `sqlite:PATH`, or `':memory:'` (keeps nothing). Default `.cache/wallet-api.db` in the project root.
   */
  dbPath?: string;
  /** Accepted project ids. Default: any non-empty id. */
  projectIds?: readonly string[];
  /**
   * USD prices by CAIP-10 token id or `native:<chainId>` (`native:solana:<ref>` for SOL); they win over the
   * Uniswap V2 pools.
   */
  priceTable?: PriceTable;
  indexer?: IndexerOptions;
  /** The on-ramp provider's partner API (the sandbox, devstack/onramp-sandbox/); without it nothing is sold. */
  onrampUrl?: string;
  /** Name registration in the zone on the ENS chain (names.ts); without it, POST /v1/profile/account is a 404. */
  names?: NamesOptions;
  /** Smart sessions (sessions-routes.ts): the account that relays owners' signed revocations and pays their gas. */
  sessions?: { relayer: Account; factory?: Address };
  /** How many proxies in front append to X-Forwarded-For (per-client limits count the client they name); default 0. */
  trustedProxies?: number;
}

export interface WalletApi {
  app: Hono;
  indexer: Indexer;
  solanaIndexer: SolanaIndexer;
  /** The index's database, for readiness checks. */
  store: IndexStore;
  /** Stops the indexers (the batch in flight is written) and closes the database. Idempotent. */
  close(): Promise<void>;
}

/** The largest body a JSON endpoint reads (the JSON-RPC proxy at /v1 has its own, rpc-proxy.ts). */
export const API_MAX_BODY = 64 * 1024;

// Not `wallet-api.sqlite`: that name held sql.js snapshots of an older schema (a cache, rebuilt from the chains).
export const DEFAULT_DB_PATH = join(PROJECT_ROOT, '.cache', 'wallet-api.db');

/**
 * The wallet data API (the hosted Blockchain API's wire format, docs/wire-formats.md#wallet-data-api) over the local chains:
 * opens (and migrates) the index, starts the indexers, and returns the hono app.
 */
export async function createWalletApi({ chains: chainOptions, solanaChains: solanaOptions = [], dbPath = DEFAULT_DB_PATH, projectIds, priceTable = {}, indexer: indexerOptions, onrampUrl, names: namesOptions, sessions, trustedProxies = 0 }: WalletApiOptions): Promise<WalletApi> {
  const chains = new ChainRegistry(chainOptions);
  const solanaChains = new SolanaChains(solanaOptions);
  const store = await IndexStore.open(dbPath);
  const tokens = new TokenCatalog(store, chains);
  const split = (solanaSide: boolean) => Object.fromEntries(Object.entries(priceTable).filter(([key]) => isSolanaPriceKey(key) === solanaSide));
  const prices = new PriceOracle(chains, tokens, split(false));
  const solana = new SolanaApi(solanaChains, store, new SolanaPrices(split(true), chains, prices));
  const leases = new ChainLeases(store);
  const solanaIndexer = new SolanaIndexer(store, solanaChains, leases, indexerOptions?.pollIntervalMs);
  const identity = new IdentityResolver(chains);
  const names = namesOptions ? new NameService(chains, namesOptions, (address) => identity.forget(address)) : undefined;
  if (names) identity.zoneName = (address) => names.nameOf(address);
  const nfts = new NftMetadataReader(chains);
  const indexer = new Indexer(store, chains, tokens, leases, indexerOptions);

  const app = new Hono();
  // The widget runs on other sites' origins; it sends no credentials and at most Content-Type.
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'], allowHeaders: ['Content-Type'], maxAge: 600 }));
  app.use('*', async (c, next) => {
    await next();
    // Clients cache per docs/specification.md#constants themselves; an HTTP cache in between would hide a just-mined transfer.
    c.res.headers.set('Cache-Control', 'no-store');
  });
  // A body over the limit is a 413 as soon as its length (or its first bytes past the limit) is known.
  const jsonLimit = bodyLimit({ maxSize: API_MAX_BODY, onError: (c) => c.json(new ApiError(413, [{ name: 'body', description: `the body is over ${API_MAX_BODY} bytes` }]).body, 413) });
  app.use('*', (c, next) => (c.req.path === '/v1' || c.req.path === '/v1/' ? next() : jsonLimit(c, next)));
  const acceptedProjects = projectIds ? new Set(projectIds) : undefined;
  const clientOf = (c: Context) => clientIpOf(c, trustedProxies);
  addRoutes(app, { chains, store, tokens, prices, identity, nfts, projectIds: acceptedProjects, solana, names, clientOf });
  addConvertRoutes(app, { chains, tokens, projectIds: acceptedProjects });
  addRpcProxy(app, { chains, solanaChains, projectIds: acceptedProjects });
  addOnRampRoutes(app, { providerUrl: onrampUrl, projectIds: acceptedProjects });
  addSessionRoutes(app, { chains, projectIds: acceptedProjects, relayer: sessions?.relayer, factory: sessions?.factory, clientOf });
  app.notFound((c) => c.json(new ApiError(404, [{ name: 'path', description: `no route for ${c.req.method} ${c.req.path}` }]).body, 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.body, err.status);
    console.error('[wallet-api] request failed:', err);
    return c.json(new ApiError(500, [{ name: 'server', description: 'Internal server error' }]).body, 500);
  });

  try {
    await indexer.start();
  } catch (err) {
    await store.close();
    throw err;
  }
  solanaIndexer.start();
  let closing: Promise<void> | undefined;
  return {
    app,
    indexer,
    solanaIndexer,
    store,
    close: () =>
      (closing ??= (async () => {
        await Promise.all([indexer.stop(), solanaIndexer.stop()]);
        await store.close();
      })()),
  };
}
