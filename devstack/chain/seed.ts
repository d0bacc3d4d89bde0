/**
 * `seedLocalChain`: what `npm start` puts on each fresh anvil before the web server starts. Tokens (LUSD 6
 * decimals, LTK 18, ZERO 0), a spam ERC-721, Uniswap V2 pools that price them, ENS names with avatars, and a
 * few days of history for the dev account. Same deployers and order every time, so the addresses are the
 * same on every fresh chain (and on both local chains). The numbers are in design.ts.
 */
import { compileContracts, type CompileOptions } from '../../server/chain/compile.js';
import { createSeedContext, type SeedContext } from '../../server/chain/clients.js';
import { ROLES, SETUP_HOURS_AGO, type Role } from '../../server/chain/design.js';
import { deployEns } from '../../server/chain/ens.js';
import { makeHistory } from './history.js';
import { deploySpamCollection, deployTokens } from './tokens.js';
import type { SeededChain } from '../../server/chain/types.js';
import { deployUniswap } from './uniswap.js';

export type SeedOptions = CompileOptions & {
  /** The registration zone created for the deployer on ENS (default DEFAULT_NAME_ZONE, `reown.id`). */
  nameZone?: string;
};

/** Determinism rests on the deploying accounts starting at nonce 0: refuse a chain that has been used. */
async function assertFresh(ctx: SeedContext, chainId: number): Promise<void> {
  const actual = await ctx.publicClient.getChainId();
  if (actual !== chainId) throw new Error(`seedLocalChain: ${ctx.rpcUrl} is chain ${actual}, expected ${chainId}`);
  for (const role of ['deployer', 'spammer'] as Role[]) {
    const nonce = await ctx.publicClient.getTransactionCount({ address: ctx.addresses[role] });
    if (nonce !== 0) {
      throw new Error(
        `seedLocalChain needs a fresh chain: account #${ROLES[role]} (${role}) on ${ctx.rpcUrl} has already sent ${nonce} transaction(s)`,
      );
    }
  }
}

/**
 * Seeds a fresh anvil (default mnemonic) at `rpcUrl`. The chain clock is moved back three days for the
 * deploys and the history, then set to the present again, so the history lies in the past and blocks mined
 * afterwards carry the real time. (The genesis block keeps anvil's start time, so block 1 is older than it.)
 */
export async function seedLocalChain(rpcUrl: string, chainId: number, options: SeedOptions = {}): Promise<SeededChain> {
  const compiling = compileContracts(options);
  compiling.catch(() => undefined); // awaited below; do not let an early failure go unhandled meanwhile
  const ctx = createSeedContext(rpcUrl, chainId);
  await assertFresh(ctx, chainId);

  const now = Math.floor(Date.now() / 1000);
  await ctx.setTime(now - SETUP_HOURS_AGO * 3600);
  const { contracts } = await compiling;
  const tokens = await deployTokens(ctx, contracts);
  const spam = await deploySpamCollection(ctx, contracts);
  const uniswapV2 = await deployUniswap(ctx, tokens);
  const ens = await deployEns(ctx, contracts, options.nameZone);
  await makeHistory(ctx, tokens, spam, now);

  // Back to the present: one empty block at the real time marks the end of the seed.
  await ctx.setTime(Math.max(Math.floor(Date.now() / 1000), now));
  const seededAtBlock = await ctx.mine();

  return {
    chainId,
    rpcUrl,
    tokens: [tokens.usd, tokens.ltk, tokens.zero],
    nfts: [spam],
    usdToken: tokens.usd.address,
    uniswapV2,
    ens,
    seededAtBlock,
  };
}
