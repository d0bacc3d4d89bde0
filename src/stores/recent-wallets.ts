import * as z from 'zod/mini';
import { MAX_RECENT_WALLETS } from '../core/constants.js';
import { persistedAtom } from './persisted.js';

/** Ids of the wallets used last, newest first; at most 2 (docs/specification.md#constants). Persisted. */
export const $recentWallets = persistedAtom('recent-wallets', 1, z.array(z.string()), []);

export function rememberRecentWallet(walletId: string): void {
  const rest = $recentWallets.get().filter((id) => id !== walletId);
  $recentWallets.set([walletId, ...rest].slice(0, MAX_RECENT_WALLETS));
}
