/**
 * The swap side of a chain: which tokens its Uniswap V2 pools trade, and the router's own quotes over the
 * candidate paths (direct, and through WETH). Native ETH is the router's WETH on the path.
 */
import { getAddress, parseAbi, type Address } from 'viem';
import { isNativeAddress, NATIVE_TOKEN_ADDRESS } from '../caip.js';
import type { ApiChain } from '../chains.js';
import { ApiError } from '../errors.js';
import { NATIVE_ICON_URL } from '../icons.js';
import { NATIVE_CURRENCY } from '../balances.js';
import type { TokenCatalog } from '../token-metadata.js';

export const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);
const pairAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
]);

/** A token the chain's pools trade, in the shape of `/v1/convert/tokens` (docs/wire-formats.md#wallet-data-api). */
export interface SwapToken {
  name: string;
  symbol: string;
  /** The token contract, or NATIVE_TOKEN_ADDRESS for ETH. */
  address: Address;
  decimals: number;
  logoUri: string;
}

export interface SwapMarket {
  chain: ApiChain;
  router: Address;
  weth: Address;
  /** ETH first, then the ERC-20 tokens of the pools (WETH left out: ETH stands for it), in the seed's order. */
  tokens: SwapToken[];
  /** The pool of each "a:b" token pair (lower case, both orders). */
  pairs: Map<string, Address>;
}

export interface Quote {
  path: Address[];
  amountOut: bigint;
}

const pairKey = (a: string, b: string) => `${a.toLowerCase()}:${b.toLowerCase()}`;

/** Per chain: the tokens and pairs, read from the pools once (a pool's tokens never change). */
export class SwapMarkets {
  private readonly markets = new Map<number, Promise<SwapMarket>>();

  constructor(private readonly tokens: TokenCatalog) {}

  /** The chain's market, or undefined when it has no Uniswap V2 (a network not supported for swaps). */
  get(chain: ApiChain | undefined): Promise<SwapMarket> | undefined {
    if (!chain?.seeded?.uniswapV2) return undefined;
    let market = this.markets.get(chain.chainId);
    if (!market) {
      market = this.read(chain);
      this.markets.set(chain.chainId, market);
      market.catch(() => this.markets.delete(chain.chainId)); // retried on the next call
    }
    return market;
  }

  private async read(chain: ApiChain): Promise<SwapMarket> {
    const { router, weth, pairs: pairAddresses } = chain.seeded!.uniswapV2;
    const sides = await Promise.all(
      pairAddresses.map((pair) =>
        Promise.all([
          chain.client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
          chain.client.readContract({ address: pair, abi: pairAbi, functionName: 'token1' }),
        ]),
      ),
    );
    const pairs = new Map<string, Address>();
    const traded = new Set<string>();
    sides.forEach(([a, b], i) => {
      pairs.set(pairKey(a, b), pairAddresses[i]!).set(pairKey(b, a), pairAddresses[i]!);
      traded.add(a.toLowerCase()).add(b.toLowerCase());
    });
    traded.delete(weth.toLowerCase());
    // The seed's tokens first, in its order, then any other pool token.
    const order = [...(chain.seeded?.tokens.map((t) => t.address.toLowerCase()) ?? [])];
    const addresses = [...order.filter((a) => traded.has(a)), ...[...traded].filter((a) => !order.includes(a))];
    const infos = await Promise.all(addresses.map((address) => this.tokens.get(chain.chainId, address, 'erc20')));
    const tokens: SwapToken[] = [{ ...NATIVE_CURRENCY, address: NATIVE_TOKEN_ADDRESS, logoUri: NATIVE_ICON_URL }];
    infos.forEach((info, i) => {
      if (info && info.decimals) tokens.push({ name: info.name, symbol: info.symbol, address: getAddress(addresses[i]!), decimals: info.decimals, logoUri: info.iconUrl });
    });
    return { chain, router, weth, tokens, pairs };
  }
}

/** The market's token with this address (any case), or undefined. */
export function findToken(market: SwapMarket, address: string): SwapToken | undefined {
  const lowered = address.toLowerCase();
  return market.tokens.find((t) => t.address.toLowerCase() === lowered);
}

/** Each side's path address: WETH stands for native ETH. */
const onPath = (market: SwapMarket, token: SwapToken): Address => (isNativeAddress(token.address) ? market.weth : token.address);

/** Paths whose every hop is a pool: direct, and via WETH when neither side is ETH. */
export function candidatePaths(market: SwapMarket, from: SwapToken, to: SwapToken): Address[][] {
  const [a, b] = [onPath(market, from), onPath(market, to)];
  const paths: Address[][] = [[a, b]];
  if (a.toLowerCase() !== market.weth.toLowerCase() && b.toLowerCase() !== market.weth.toLowerCase()) paths.push([a, market.weth, b]);
  return paths.filter((path) => path.slice(1).every((hop, i) => market.pairs.has(pairKey(path[i]!, hop))));
}

/**
 * What a path gives for `amountIn` by the router's own getAmountsOut (so the quote is what the swap would
 * deliver in this block), or undefined when the pools cannot fill it: an empty pool (the router reverts with
 * UniswapV2Library: INSUFFICIENT_LIQUIDITY), or a hop that would take in more than the pool already holds of
 * that token (more than half its other side out: a price no one means to pay).
 */
async function quotePath(market: SwapMarket, path: Address[], amountIn: bigint): Promise<Quote | undefined> {
  const { client } = market.chain;
  const hops = path.slice(1).map((to, i) => ({ from: path[i]!, pair: market.pairs.get(pairKey(path[i]!, to))! }));
  try {
    const [amounts, ...reserves] = await Promise.all([
      client.readContract({ address: market.router, abi: routerAbi, functionName: 'getAmountsOut', args: [amountIn, path] }),
      ...hops.map(({ pair }) => client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' })),
    ]);
    const fills = hops.every(({ from }, i) => {
      const [reserve0, reserve1] = reserves[i]!;
      // token0 is the lower address of the two.
      const reserveIn = from.toLowerCase() < path[i + 1]!.toLowerCase() ? reserve0 : reserve1;
      return amounts[i]! <= reserveIn;
    });
    return fills ? { path, amountOut: amounts[amounts.length - 1]! } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The best of the candidate paths. A 400 whose reason says "insufficient liquidity" (the words the reference
 * client looks for) when no path can fill the amount, and a 400 when the best output is 0 (the amount is too
 * small to buy anything).
 */
export async function bestQuote(market: SwapMarket, from: SwapToken, to: SwapToken, amountIn: bigint): Promise<Quote> {
  const paths = candidatePaths(market, from, to);
  const quotes = (await Promise.all(paths.map((path) => quotePath(market, path, amountIn)))).filter((q): q is Quote => q !== undefined);
  if (quotes.length === 0) {
    throw new ApiError(400, [{ name: 'amount', description: `insufficient liquidity: the pools from ${from.symbol} to ${to.symbol} on ${market.chain.caip2} cannot fill ${amountIn} base units` }]);
  }
  const best = quotes.reduce((a, b) => (b.amountOut > a.amountOut ? b : a));
  if (best.amountOut === 0n) throw new ApiError(400, [{ name: 'amount', description: `amount is too small: ${amountIn} base units of ${from.symbol} buy no ${to.symbol}` }]);
  return best;
}
