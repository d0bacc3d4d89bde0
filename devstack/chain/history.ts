/**
 * The dev account's history: transfers in and out and a spam airdrop, spread over the last three days of
 * chain time (each step sets the chain clock first, so every step has its own block timestamp).
 *
 * Together with the two seeded before it (the ZERO mint in that token's constructor, and the dev account
 * setting dev.eth as its primary name), that is 14 transactions involving the dev account.
 */
import { erc20Abi, parseAbi, parseEther, parseUnits } from 'viem';
import type { SeedContext } from '../../server/chain/clients.js';
import type { Role, TokenKey } from '../../server/chain/design.js';
import type { DeployedTokens } from './tokens.js';
import type { SeededNftCollection } from '../../server/chain/types.js';

export type HistoryStep =
  | { hoursAgo: number; kind: 'eth'; from: Role; to: Role; amount: string }
  | { hoursAgo: number; kind: 'erc20'; token: TokenKey; from: Role; to: Role; amount: string }
  | { hoursAgo: number; kind: 'airdrop'; to: Role[] };

/** Oldest first. The dev account ends with 1350 LUSD, 1250 LTK and +1.25 ETH before gas (see design.ts). */
export const HISTORY: readonly HistoryStep[] = [
  { hoursAgo: 60, kind: 'eth', from: 'alice', to: 'dev', amount: '2' },
  { hoursAgo: 54, kind: 'erc20', token: 'usd', from: 'alice', to: 'dev', amount: '1000' },
  { hoursAgo: 48, kind: 'erc20', token: 'ltk', from: 'alice', to: 'dev', amount: '1200' },
  { hoursAgo: 40, kind: 'eth', from: 'dev', to: 'bob', amount: '0.5' },
  { hoursAgo: 36, kind: 'airdrop', to: ['dev', 'bob'] },
  { hoursAgo: 30, kind: 'erc20', token: 'ltk', from: 'dev', to: 'bob', amount: '200' },
  { hoursAgo: 24, kind: 'erc20', token: 'usd', from: 'alice', to: 'dev', amount: '500' },
  { hoursAgo: 20, kind: 'erc20', token: 'usd', from: 'dev', to: 'bob', amount: '150' },
  { hoursAgo: 12, kind: 'airdrop', to: ['dev'] },
  { hoursAgo: 8, kind: 'eth', from: 'dev', to: 'bob', amount: '0.25' },
  { hoursAgo: 4, kind: 'erc20', token: 'ltk', from: 'alice', to: 'dev', amount: '300' },
  { hoursAgo: 2, kind: 'erc20', token: 'ltk', from: 'dev', to: 'bob', amount: '50' },
];

const airdropAbi = parseAbi(['function airdrop(address[] recipients)']);

/** Plays HISTORY; `now` (unix seconds) is the moment the hours count back from. */
export async function makeHistory(ctx: SeedContext, tokens: DeployedTokens, spam: SeededNftCollection, now: number): Promise<void> {
  for (const step of HISTORY) {
    await ctx.setTime(now - step.hoursAgo * 3600);
    if (step.kind === 'eth') {
      await ctx.confirm(
        ctx.wallets[step.from].sendTransaction({ to: ctx.addresses[step.to], value: parseEther(step.amount) }),
        `sending ${step.amount} ETH from ${step.from} to ${step.to}`,
      );
    } else if (step.kind === 'erc20') {
      const token = tokens[step.token];
      await ctx.confirm(
        ctx.wallets[step.from].writeContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [ctx.addresses[step.to], parseUnits(step.amount, token.decimals)],
        }),
        `sending ${step.amount} ${token.symbol} from ${step.from} to ${step.to}`,
      );
    } else {
      await ctx.confirm(
        ctx.wallets.spammer.writeContract({
          address: spam.address,
          abi: airdropAbi,
          functionName: 'airdrop',
          args: [step.to.map((role) => ctx.addresses[role])],
        }),
        `airdropping ${spam.symbol} to ${step.to.join(', ')}`,
      );
    }
  }
}
