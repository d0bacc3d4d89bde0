/**
 * Uniswap V2 from the npm artifacts (WETH9 from v2-periphery's build, the factory from v2-core, Router02),
 * and the pools of design.ts, whose reserves give the API its prices. The shipped factory's pair bytecode
 * hashes to the init-code hash baked into Router02, so nothing needs recompiling.
 */
import { erc20Abi, maxUint256, parseAbi, parseUnits, type Address } from 'viem';
import { npmArtifact, type SeedContext } from '../../server/chain/clients.js';
import { POOLS } from '../../server/chain/design.js';
import type { DeployedTokens } from './tokens.js';
import type { SeededChain } from '../../server/chain/types.js';

export const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)']);
export const routerAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
]);
export const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
]);

/** The seed moves the chain clock into the past, so a deadline tied to wall-clock time means nothing here. */
const NO_DEADLINE = maxUint256;

export async function deployUniswap(ctx: SeedContext, tokens: DeployedTokens): Promise<SeededChain['uniswapV2']> {
  const weth = await ctx.deploy('deployer', npmArtifact('@uniswap/v2-periphery/build/WETH9.json'));
  const factory = await ctx.deploy('deployer', npmArtifact('@uniswap/v2-core/build/UniswapV2Factory.json'), [ctx.addresses.deployer]);
  const router = await ctx.deploy('deployer', npmArtifact('@uniswap/v2-periphery/build/UniswapV2Router02.json'), [factory, weth]);
  const wallet = ctx.wallets.deployer;
  const deployer = ctx.addresses.deployer;

  for (const key of ['ltk', 'usd'] as const) {
    await ctx.confirm(
      wallet.writeContract({ address: tokens[key].address, abi: erc20Abi, functionName: 'approve', args: [router, maxUint256] }),
      `approving the router for ${tokens[key].symbol}`,
    );
  }

  const pairs: Address[] = [];
  for (const pool of POOLS) {
    const name = `${pool.a}/${pool.b}`;
    if (pool.a === 'weth' || pool.b === 'weth') {
      // Native ETH goes in through addLiquidityETH, which wraps it; the router creates the pair.
      const [tokenKey, tokenAmount, ethAmount] = pool.a === 'weth' ? [pool.b, pool.amountB, pool.amountA] : [pool.a, pool.amountA, pool.amountB];
      const token = tokens[tokenKey];
      await ctx.confirm(
        wallet.writeContract({
          address: router,
          abi: routerAbi,
          functionName: 'addLiquidityETH',
          args: [token.address, parseUnits(tokenAmount, token.decimals), 0n, 0n, deployer, NO_DEADLINE],
          value: parseUnits(ethAmount, 18),
        }),
        `adding liquidity to ${name}`,
      );
      pairs.push(await ctx.publicClient.readContract({ address: factory, abi: factoryAbi, functionName: 'getPair', args: [token.address, weth] }));
    } else {
      const [a, b] = [tokens[pool.a], tokens[pool.b]];
      await ctx.confirm(
        wallet.writeContract({
          address: router,
          abi: routerAbi,
          functionName: 'addLiquidity',
          args: [a.address, b.address, parseUnits(pool.amountA, a.decimals), parseUnits(pool.amountB, b.decimals), 0n, 0n, deployer, NO_DEADLINE],
        }),
        `adding liquidity to ${name}`,
      );
      pairs.push(await ctx.publicClient.readContract({ address: factory, abi: factoryAbi, functionName: 'getPair', args: [a.address, b.address] }));
    }
  }
  return { factory, router, weth, pairs };
}
