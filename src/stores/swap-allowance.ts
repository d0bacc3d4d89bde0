import { atom } from 'nanostores';
import { getSwapAllowance } from '../services/swap-api.js';
import type { SwapPlan } from './route.js';
import { $walletApi } from './wallet-api-config.js';

/** Whether the previewed swap needs an approval first (its token's allowance for the router is short). */
export const $swapNeedsApproval = atom<{ key: string; needed: boolean } | undefined>(undefined);

const planKey = (plan: SwapPlan) => `${plan.chainId}|${plan.from}|${plan.fromToken.key}|${plan.amount}`;

/** Reads the allowance for the preview's button ("Approve LUSD" or "Swap now"); the native coin needs none. */
export async function checkSwapApproval(plan: SwapPlan): Promise<void> {
  const key = planKey(plan);
  if (plan.fromToken.tokenAddress === undefined) return $swapNeedsApproval.set({ key, needed: false });
  const api = $walletApi.get();
  if (!api) return;
  try {
    const allowance = await getSwapAllowance(api, plan.fromToken.key, `${plan.chainId}:${plan.from}`);
    $swapNeedsApproval.set({ key, needed: allowance < BigInt(plan.amount) });
  } catch {
    // Unknown: the button says "Swap now", and the swap still checks the allowance first.
  }
}

export const needsApproval = (plan: SwapPlan, state: { key: string; needed: boolean } | undefined) => state?.key === planKey(plan) && state.needed;
