import type { Context, Hono, Next } from 'hono';
import { getAddress, type Address } from 'viem';
import { evmChainIdOf, isNativeAddress, parseCaip10 } from './caip.js';
import type { ChainRegistry } from './chains.js';
import { ApiError } from './errors.js';
import { getBalances, NATIVE_CURRENCY } from './balances.js';
import { getHistory } from './history.js';
import { NATIVE_ICON_URL } from './icons.js';
import type { IdentityResolver } from './identity.js';
import type { NameService } from './names.js';
import { addProfileRoutes } from './profile-routes.js';
import type { NftMetadataReader } from './nft-metadata.js';
import { addressParamSchema, balanceQuerySchema, commonQuerySchema, historyQuerySchema, identityQuerySchema, parseInputs, priceBodySchema } from './params.js';
import { NATIVE, type PriceOracle } from './prices.js';
import type { IndexStore } from './store.js';
import type { TokenCatalog } from './token-metadata.js';
import { isSolanaAddress, type SolanaApi } from './solana/routes.js';

export interface RouteDeps {
  chains: ChainRegistry;
  store: IndexStore;
  tokens: TokenCatalog;
  prices: PriceOracle;
  identity: IdentityResolver;
  nfts: NftMetadataReader;
  /** Accepted project ids; undefined accepts any non-empty id. */
  projectIds: ReadonlySet<string> | undefined;
  /** The solana: chains (balance, history and prices hand over to it). */
  solana?: SolanaApi;
  /** The registration zone (names.ts); without it the profile endpoints answer names as unregistered. */
  names?: NameService;
  /** Who a request comes from, for per-client limits. */
  clientOf: (c: Context) => string;
}

export function checkProject(projectId: string, projectIds: ReadonlySet<string> | undefined): void {
  if (projectIds && !projectIds.has(projectId)) throw new ApiError(403, [{ name: 'projectId', description: 'Unknown project id' }]);
}

/** The chain node failed us: a 502 naming what could not be read, not a 500. */
async function upstream<T>(what: string, promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (err) {
    console.warn(`[wallet-api] ${what}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    throw new ApiError(502, [{ name: what, description: `the chain did not answer the ${what} lookup` }]);
  }
}

/** A path address that passed validation, checksummed. */
const pathAddress = (c: Context): Address => {
  const [{ address }] = parseInputs([[addressParamSchema, { address: c.req.param('address') }, 'address']]);
  return getAddress(address);
};

/** The Blockchain API routes the widget uses (docs/wire-formats.md#wallet-data-api). */
export function addRoutes(app: Hono, deps: RouteDeps): void {
  const { chains, store, tokens, prices, identity, nfts, projectIds, solana } = deps;

  // Every GET carries projectId, st and sv (docs/wire-formats.md#requests); checked before anything else.
  app.on('GET', '/v1/*', async (c: Context, next: Next) => {
    const [common] = parseInputs([[commonQuerySchema, c.req.query(), 'query']]);
    checkProject(common.projectId, projectIds);
    await next();
  });

  app.get('/v1/supported-chains', (c) =>
    c.json({ http: [...chains.all().map((chain) => chain.caip2), ...(solana?.chains.all().map((chain) => chain.chainId) ?? [])], ws: [] as string[] }),
  );

  app.get('/v1/identity/:address', async (c) => {
    // No name service on the local Solana chain: a Solana address has no identity.
    if (solana && isSolanaAddress(c.req.param('address'))) return c.json({ name: null, avatar: null });
    const address = pathAddress(c);
    parseInputs([[identityQuerySchema, c.req.query(), 'query']]);
    return c.json(await upstream('identity', identity.resolve(address)));
  });

  addProfileRoutes(app, { identity, names: deps.names, clientOf: deps.clientOf });

  app.get('/v1/account/:address/balance', async (c) => {
    const solanaChain = solana?.chain(c.req.query('chainId'));
    if (solana && solanaChain) return c.json(await solana.balances(c, solanaChain));
    const [{ address }, query] = parseInputs([
      [addressParamSchema, { address: c.req.param('address') }, 'address'],
      [balanceQuerySchema, c.req.query(), 'query'],
    ]);
    const chain = chains.get(evmChainIdOf(query.chainId));
    if (!chain) return c.json({ balances: [] }); // unsupported network: empty, as the hosted API answers
    return c.json({ balances: await upstream('balance', getBalances(chain, getAddress(address), { store, tokens, prices })) });
  });

  app.get('/v1/account/:address/history', async (c) => {
    const solanaChain = solana?.chain(c.req.query('chainId'));
    if (solana && solanaChain) return c.json(await solana.history(c, solanaChain));
    const [{ address }, query] = parseInputs([
      [addressParamSchema, { address: c.req.param('address') }, 'address'],
      [historyQuerySchema, c.req.query(), 'query'],
    ]);
    const chain = chains.get(evmChainIdOf(query.chainId));
    if (!chain) return c.json({ data: [], next: null });
    return c.json(await getHistory(chain, address, query.cursor, { store, tokens, prices, nfts }));
  });

  app.post('/v1/fungible/price', async (c) => {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      throw ApiError.badRequest('body', 'body must be JSON: { currency, addresses, projectId }');
    }
    const [input] = parseInputs([[priceBodySchema, body, 'body']]);
    checkProject(input.projectId, projectIds);
    const fungibles = await Promise.all(
      input.addresses.map(async (id) => {
        const { caip2, address } = parseCaip10(id) as { caip2: string; address: string };
        const solanaChain = solana?.chain(caip2);
        if (solana && solanaChain) return solana.fungible(solanaChain, id, address);
        const chain = chains.get(evmChainIdOf(caip2));
        if (!chain) return undefined; // unsupported network: left out
        if (isNativeAddress(address)) {
          return { address: id, name: NATIVE_CURRENCY.name, symbol: NATIVE_CURRENCY.symbol, iconUrl: NATIVE_ICON_URL, price: await prices.priceOf(chain.chainId, NATIVE) };
        }
        const info = await tokens.get(chain.chainId, address, 'erc20');
        if (!info || info.kind !== 'erc20') return undefined;
        return { address: id, name: info.name, symbol: info.symbol, iconUrl: info.iconUrl, price: await prices.priceOf(chain.chainId, address) };
      }),
    );
    return c.json({ fungibles: fungibles.filter((f) => f !== undefined) });
  });
}
