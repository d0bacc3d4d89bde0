/** The ERC-20 tokens (deployed by the deployer) and the spam ERC-721 collection (deployed by the spammer). */
import { parseUnits, type Address } from 'viem';
import type { SeedContext } from '../../server/chain/clients.js';
import type { CompiledContracts } from '../../server/chain/compile.js';
import { MINTS, NFT_SPEC, TOKEN_SPECS, type TokenKey } from '../../server/chain/design.js';
import { spamMetadata, tokenIcon } from '../../server/chain/icons.js';
import type { SeededNftCollection, SeededToken } from '../../server/chain/types.js';

export type DeployedTokens = Record<TokenKey, SeededToken>;

/** Deploys LUSD, LTK and ZERO in that order; each constructor mints the supply listed in MINTS. */
export async function deployTokens(ctx: SeedContext, contracts: CompiledContracts): Promise<DeployedTokens> {
  const deployed: Partial<DeployedTokens> = {};
  for (const key of Object.keys(TOKEN_SPECS) as TokenKey[]) {
    const spec = TOKEN_SPECS[key];
    const holders = MINTS[key].map((mint) => ctx.addresses[mint.to]);
    const amounts = MINTS[key].map((mint) => parseUnits(mint.amount, spec.decimals));
    const address = await ctx.deploy('deployer', contracts.LocalToken, [spec.name, spec.symbol, spec.decimals, holders, amounts]);
    deployed[key] = {
      address,
      name: spec.name,
      symbol: spec.symbol,
      decimals: spec.decimals,
      iconUrl: tokenIcon(spec.symbol, spec.color),
    };
  }
  return deployed as DeployedTokens;
}

/** The spam collection; the airdrops themselves are part of the history. */
export async function deploySpamCollection(ctx: SeedContext, contracts: CompiledContracts): Promise<SeededNftCollection> {
  const address: Address = await ctx.deploy('spammer', contracts.FreeMintPrize, [
    NFT_SPEC.name,
    NFT_SPEC.symbol,
    spamMetadata(NFT_SPEC.name),
  ]);
  return { address, name: NFT_SPEC.name, symbol: NFT_SPEC.symbol, spam: NFT_SPEC.spam };
}
