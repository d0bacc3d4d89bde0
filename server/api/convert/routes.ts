/**
 * The convert (swap) endpoints of the wallet data API, docs/wire-formats.md#wallet-data-api, over each chain's
 * Uniswap V2 pools: tokens, quotes, allowance, gas-price, build-approve and build-transaction. The shapes are
 * the hosted service's (see docs/swaps.md); the calldata is Router02's.
 */
import type { Context, Hono } from 'hono';
import { erc20Abi, getAddress, maxUint256, type Address } from 'viem';
import { evmChainIdOf, isNativeAddress, parseCaip10, tokenCaip10 } from '../caip.js';
import type { ApiChain, ChainRegistry } from '../chains.js';
import { ApiError } from '../errors.js';
import { parseInputs } from '../params.js';
import { checkProject } from '../routes.js';
import type { TokenCatalog } from '../token-metadata.js';
import { approveCall, DEADLINE_SECONDS, minimumOut, STATIC_APPROVE_GAS, STATIC_SWAP_GAS, swapCall, withMargin } from './build.js';
import { allowanceQuerySchema, approveQuerySchema, buildTransactionBodySchema, gasPriceQuerySchema, quotesQuerySchema, tokensQuerySchema } from './params.js';
import { bestQuote, findToken, SwapMarkets, type SwapMarket, type SwapToken } from './pools.js';

export interface ConvertDeps {
  chains: ChainRegistry;
  tokens: TokenCatalog;
  projectIds: ReadonlySet<string> | undefined;
}

/** docs/specification.md#errors, in the hosted error body: the network has no swaps / no gas price here. */
export const SWAPS_UNSUPPORTED = 'Network not supported for Swaps';
export const GAS_PRICE_UNSUPPORTED = 'Network not supported for Gas Price';

/** The chain node failed us: a 502 naming what could not be read. ApiErrors (400s) pass through. */
async function chainRead<T>(what: string, promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    console.warn(`[wallet-api] convert ${what}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    throw new ApiError(502, [{ name: what, description: `the chain did not answer the ${what} lookup` }]);
  }
}

interface Caip10Parts {
  caip2: string;
  address: Address;
}
/** A validated CAIP-10 id, split (the schema has checked its shape); eip155 addresses checksummed. */
const split = (id: string): Caip10Parts => {
  const { caip2, address } = parseCaip10(id)!;
  return { caip2, address: (caip2.startsWith('eip155:') ? getAddress(address.toLowerCase()) : address) as Address };
};
/** A validated account: a CAIP-10 id (with its chain) or a plain address (without). */
const accountOf = (value: string): { caip2?: string; address: Address } => (value.includes(':') ? split(value) : { address: getAddress(value.toLowerCase()) });

/** A 400 naming the first parameter (the hosted service's wording) unless every given chain is the same. */
function sameChain(names: string, ...caip2s: (string | undefined)[]): void {
  const defined = caip2s.filter((c): c is string => c !== undefined);
  const first = /`([^`]+)`/.exec(names)![1]!;
  if (defined.some((c) => c !== defined[0])) throw ApiError.badRequest(first, `${names} chain IDs must have the same value`);
}

/** The token of the market named by `param`, or a 400 naming it. */
function tokenOf(market: SwapMarket, param: string, address: Address): SwapToken {
  const token = findToken(market, address);
  if (!token) throw ApiError.badRequest(param, `${address} is not a token the pools trade on ${market.chain.caip2} (see /v1/convert/tokens)`);
  return token;
}

function pair(market: SwapMarket, from: Address, to: Address): [SwapToken, SwapToken] {
  const pair = [tokenOf(market, 'from', from), tokenOf(market, 'to', to)] as [SwapToken, SwapToken];
  if (pair[0] === pair[1]) throw ApiError.badRequest('to', `from and to are the same token (${pair[0].symbol}): choose two different tokens`);
  return pair;
}

const gasPrice = (chain: ApiChain) => chainRead('gasPrice', chain.client.getGasPrice());

export function addConvertRoutes(app: Hono, { chains, tokens, projectIds }: ConvertDeps): void {
  const markets = new SwapMarkets(tokens);
  const marketOf = (caip2: string): Promise<SwapMarket> | undefined => markets.get(chains.get(evmChainIdOf(caip2)));

  // Row 6. Unsupported network: no tokens.
  app.get('/v1/convert/tokens', async (c) => {
    const [{ chainId, address }] = parseInputs([[tokensQuerySchema, c.req.query(), 'query']]);
    const market = marketOf(chainId);
    if (!market) return c.json({ tokens: [] });
    const { tokens: all, chain } = await chainRead('tokens', market);
    const list = address === undefined ? all : all.filter((t) => t.address.toLowerCase() === address.toLowerCase());
    return c.json({
      tokens: list.map((t) => ({
        name: t.name,
        symbol: t.symbol,
        address: isNativeAddress(t.address) ? `${chain.caip2}:${t.address}` : tokenCaip10(chain.chainId, t.address),
        decimals: t.decimals,
        logoUri: t.logoUri,
        eip2612: false,
      })),
    });
  });

  // Row 5. Unsupported network: no quotes.
  app.get('/v1/convert/quotes', async (c) => {
    const [query] = parseInputs([[quotesQuerySchema, c.req.query(), 'query']]);
    const [from, to] = [split(query.from), split(query.to)];
    sameChain('`from` and `to`', from.caip2, to.caip2);
    const market = marketOf(from.caip2);
    if (!market) return c.json({ quotes: [] });
    const resolved = await chainRead('quotes', market);
    const [fromToken, toToken] = pair(resolved, from.address, to.address);
    const quote = await chainRead('quotes', bestQuote(resolved, fromToken, toToken, query.amount));
    return c.json({ quotes: [{ id: null, fromAmount: query.amount.toString(), fromAccount: query.from, toAmount: quote.amountOut.toString(), toAccount: query.to }] });
  });

  // Row 7. The router's allowance; native ETH needs none (the largest uint256). Unsupported network: '0'.
  app.get('/v1/convert/allowance', async (c) => {
    const [query] = parseInputs([[allowanceQuerySchema, c.req.query(), 'query']]);
    const token = split(query.tokenAddress);
    const user = accountOf(query.userAddress);
    sameChain('`tokenAddress` and `userAddress`', token.caip2, user.caip2);
    const market = marketOf(token.caip2);
    if (!market) return c.json({ allowance: '0' });
    const { chain, router } = await chainRead('allowance', market);
    if (isNativeAddress(token.address)) return c.json({ allowance: maxUint256.toString() });
    const info = await chainRead('allowance', tokens.get(chain.chainId, token.address, 'erc20'));
    if (info?.kind !== 'erc20') throw ApiError.badRequest('tokenAddress', `${token.address} is not an ERC-20 token on ${chain.caip2}`);
    const allowance = await chainRead('allowance', chain.client.readContract({ address: token.address, abi: erc20Abi, functionName: 'allowance', args: [user.address, router] }));
    return c.json({ allowance: allowance.toString() });
  });

  // Row 8. eth_gasPrice, and 1.25× / 1.5× of it for fast / instant.
  app.get('/v1/convert/gas-price', async (c) => {
    const [{ chainId }] = parseInputs([[gasPriceQuerySchema, c.req.query(), 'query']]);
    const chain = chains.get(evmChainIdOf(chainId));
    if (!chain) throw ApiError.badRequest('chainId', GAS_PRICE_UNSUPPORTED);
    const price = await gasPrice(chain);
    const times = (percent: bigint) => ((price * percent + 99n) / 100n).toString();
    return c.json({ standard: price.toString(), fast: times(125n), instant: times(150n) });
  });

  // Row 9. approve(router, amount) on the from token: `amount` exactly, else the user's whole balance of it.
  app.get('/v1/convert/build-approve', async (c) => {
    const [query] = parseInputs([[approveQuerySchema, c.req.query(), 'query']]);
    const [from, to] = [split(query.from), split(query.to)];
    const user = query.userAddress === undefined ? undefined : accountOf(query.userAddress);
    sameChain('`from`, `to` and `userAddress`', from.caip2, to.caip2, user?.caip2);
    const pending = marketOf(from.caip2);
    if (!pending) throw ApiError.badRequest('from', SWAPS_UNSUPPORTED);
    const market = await chainRead('build-approve', pending);
    const { chain } = market;
    const [token] = pair(market, from.address, to.address);
    if (isNativeAddress(token.address)) throw ApiError.badRequest('from', `${token.symbol} is the native currency: swapping it needs no approval`);
    let amount = query.amount;
    if (amount === undefined) {
      if (!user) throw ApiError.badRequest('amount', 'amount is required when userAddress is not given');
      amount = await chainRead('balance', chain.client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] }));
      if (amount === 0n) throw ApiError.badRequest('userAddress', `${user.address} holds no ${token.symbol} to approve`);
    }
    const data = approveCall(market, amount);
    const [price, gas] = await Promise.all([
      gasPrice(chain),
      user ? chain.client.estimateGas({ account: user.address, to: token.address, data }).then(withMargin, () => STATIC_APPROVE_GAS) : STATIC_APPROVE_GAS,
    ]);
    const caip10 = tokenCaip10(chain.chainId, token.address);
    // The reference client sends the approval to tx.from; tx.to names the same contract for clients that read it.
    return c.json({ tx: { from: caip10, to: caip10, data, value: '0', eip155: { gas: Number(gas), gasPrice: price.toString() } } });
  });

  // Row 10. Router02 calldata paying userAddress, with amountOutMin = quote less the slippage.
  app.post('/v1/convert/build-transaction', async (c: Context) => {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      throw ApiError.badRequest('body', 'body must be JSON: { amount, eip155: { slippage }, projectId, from, to, userAddress, disableEstimate }');
    }
    const [input] = parseInputs([[buildTransactionBodySchema, body, 'body']]);
    checkProject(input.projectId, projectIds);
    const [from, to, user] = [split(input.from), split(input.to), accountOf(input.userAddress)];
    sameChain('`from`, `to` and `userAddress`', from.caip2, to.caip2, user.caip2);
    const pending = marketOf(from.caip2);
    if (!pending) throw ApiError.badRequest('from', SWAPS_UNSUPPORTED);
    const market = await chainRead('build-transaction', pending);
    const { chain } = market;
    const [fromToken, toToken] = pair(market, from.address, to.address);
    const [quote, block] = await Promise.all([
      chainRead('quotes', bestQuote(market, fromToken, toToken, input.amount)),
      chainRead('block', chain.client.getBlock({ blockTag: 'latest' })),
    ]);
    const amountOutMin = minimumOut(quote.amountOut, input.eip155.slippage);
    const call = swapCall(fromToken, toToken, quote.path, input.amount, amountOutMin, user.address, block.timestamp + BigInt(DEADLINE_SECONDS));
    const [price, gas] = await Promise.all([
      gasPrice(chain),
      input.disableEstimate ? STATIC_SWAP_GAS(quote.path.length - 1) : estimateSwap(market, fromToken, user.address, input.amount, call),
    ]);
    return c.json({
      tx: {
        from: tokenCaip10(chain.chainId, user.address),
        to: tokenCaip10(chain.chainId, market.router),
        data: call.data,
        amount: quote.amountOut.toString(),
        eip155: { gas: gas.toString(), gasPrice: price.toString() },
      },
    });
  });
}

/** eth_estimateGas plus the margin, after the checks that name the usual reasons a swap would revert. */
async function estimateSwap(market: SwapMarket, from: SwapToken, user: Address, amount: bigint, call: { data: `0x${string}`; value: bigint }): Promise<bigint> {
  const { chain, router } = market;
  const native = isNativeAddress(from.address);
  const [balance, allowance] = await chainRead(
    'balance',
    Promise.all([
      native ? chain.client.getBalance({ address: user }) : chain.client.readContract({ address: from.address, abi: erc20Abi, functionName: 'balanceOf', args: [user] }),
      native ? Promise.resolve(maxUint256) : chain.client.readContract({ address: from.address, abi: erc20Abi, functionName: 'allowance', args: [user, router] }),
    ]),
  );
  if (balance < amount) throw ApiError.badRequest('amount', `Not enough ${from.symbol} balance. Amount: ${amount}. Balance: ${balance}.`);
  if (allowance < amount) throw ApiError.badRequest('amount', `Not enough allowance. Amount: ${amount}. Allowance: ${allowance}. Approve the router first (/v1/convert/build-approve).`);
  try {
    return withMargin(await chain.client.estimateGas({ account: user, to: router, data: call.data, value: call.value }));
  } catch (err) {
    const reason = (err as { shortMessage?: string }).shortMessage ?? (err instanceof Error ? err.message.split('\n')[0] : String(err));
    throw ApiError.badRequest('amount', `the swap would revert: ${reason}`);
  }
}
