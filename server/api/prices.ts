import { parseAbi, type Address } from 'viem';
import { parseCaip10, evmChainIdOf } from './caip.js';
import type { ApiChain, ChainRegistry } from './chains.js';
import { type Ratio, ONE, ZERO, div, fromNumber, mul, toNumber, units } from './exact.js';
import type { TokenCatalog } from './token-metadata.js';

/** USD prices keyed by CAIP-10 token id (`eip155:31337:0x…`, any case) or `native:<chainId>`. */
export type PriceTable = Record<string, number>;

/** The key of a chain's native currency in a price map. */
export const NATIVE = 'native';
/** docs/specification.md#constants: token prices are cached for 15 s. */
export const PRICE_CACHE_MS = 15_000;

const pairAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
]);

export interface Pool {
  tokens: [string, string];
  /** Reserves in whole token units, exactly. */
  reserves: [Ratio, Ratio];
}

/**
 * Prices in USD per chain, from a configured table and from the chain's Uniswap V2 pools: the seeded
 * stablecoin is worth 1, and each pool with one priced side prices the other by its reserves (WETH/LUSD
 * gives ETH, then LTK/WETH gives LTK). The table wins over the pools. Unknown tokens have price 0.
 */
export class PriceOracle {
  private readonly cache = new Map<number, { at: number; prices: Promise<Map<string, Ratio>> }>();
  private readonly table = new Map<number, Map<string, Ratio>>();

  constructor(
    private readonly chains: ChainRegistry,
    private readonly tokens: TokenCatalog,
    priceTable: PriceTable = {},
    private readonly cacheMs = PRICE_CACHE_MS,
  ) {
    for (const [key, price] of Object.entries(priceTable)) {
      const native = /^native:(\d+)$/.exec(key);
      const token = parseCaip10(key);
      const chainId = native ? Number(native[1]) : token ? evmChainIdOf(token.caip2) : undefined;
      if (chainId === undefined || !Number.isFinite(price) || price < 0) throw new Error(`wallet API: bad priceTable entry ${key}: ${price}`);
      const prices = this.table.get(chainId) ?? new Map<string, Ratio>();
      prices.set(native ? NATIVE : (token as { address: string }).address.toLowerCase(), fromNumber(price));
      this.table.set(chainId, prices);
    }
  }

  /** Every price known on the chain, exactly: token address (lower case) or NATIVE → USD. */
  prices(chainId: number): Promise<Map<string, Ratio>> {
    const cached = this.cache.get(chainId);
    if (cached && Date.now() - cached.at < this.cacheMs) return cached.prices;
    const prices = this.compute(chainId);
    this.cache.set(chainId, { at: Date.now(), prices });
    prices.catch(() => this.cache.delete(chainId)); // a failed read is retried on the next call
    return prices;
  }

  /** A token's price, exactly (0 when unknown). */
  async exactPriceOf(chainId: number, token: string): Promise<Ratio> {
    return (await this.prices(chainId)).get(token === NATIVE ? NATIVE : token.toLowerCase()) ?? ZERO;
  }

  /** A token's price in USD as the wire format's number, rounded once. */
  async priceOf(chainId: number, token: string): Promise<number> {
    return toNumber(await this.exactPriceOf(chainId, token));
  }

  private async compute(chainId: number): Promise<Map<string, Ratio>> {
    const table = this.table.get(chainId) ?? new Map<string, Ratio>();
    const chain = this.chains.get(chainId);
    const prices = new Map<string, Ratio>(table);
    const seeded = chain?.seeded;
    if (chain && seeded) {
      const usd = seeded.usdToken.toLowerCase();
      if (!prices.has(usd)) prices.set(usd, ONE);
      propagate(prices, await this.pools(chain, seeded.uniswapV2.pairs));
      const weth = prices.get(seeded.uniswapV2.weth.toLowerCase());
      if (weth !== undefined && !prices.has(NATIVE)) prices.set(NATIVE, weth);
    }
    for (const [key, price] of table) prices.set(key, price);
    return prices;
  }

  private async pools(chain: ApiChain, pairs: readonly Address[]): Promise<Pool[]> {
    const read = async (pair: Address): Promise<Pool | undefined> => {
      const [token0, token1, [reserve0, reserve1]] = await Promise.all([
        chain.client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
        chain.client.readContract({ address: pair, abi: pairAbi, functionName: 'token1' }),
        chain.client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
      ]);
      const [meta0, meta1] = await Promise.all([this.tokens.get(chain.chainId, token0), this.tokens.get(chain.chainId, token1)]);
      if (meta0?.decimals == null || meta1?.decimals == null || reserve0 === 0n || reserve1 === 0n) return undefined;
      return {
        tokens: [token0.toLowerCase(), token1.toLowerCase()],
        reserves: [units(reserve0, meta0.decimals), units(reserve1, meta1.decimals)],
      };
    };
    const pools = await Promise.all(pairs.map((pair) => read(pair).catch(() => undefined)));
    return pools.filter((pool): pool is Pool => pool !== undefined);
  }
}

/** Prices each pool's unpriced side from its priced side until nothing changes (a walk out from the stablecoin). */
export function propagate(prices: Map<string, Ratio>, pools: readonly Pool[]): void {
  for (let changed = true; changed; ) {
    changed = false;
    for (const { tokens, reserves } of pools) {
      for (const [known, other] of [[0, 1], [1, 0]] as const) {
        const knownPrice = prices.get(tokens[known]);
        if (knownPrice === undefined || prices.has(tokens[other])) continue;
        prices.set(tokens[other], div(mul(reserves[known], knownPrice), reserves[other]));
        changed = true;
      }
    }
  }
}
