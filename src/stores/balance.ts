import { atom, onMount } from 'nanostores';
import { isEvmConnector } from '../connectors/types.js';
import { NATIVE_BALANCE_TTL_MS } from '../core/constants.js';
import { isEvmAddress } from '../core/caip.js';
import { chainSource } from './chain-reads.js';
import { $connected } from './connection.js';
import { findWallet } from './wallets.js';

export type BalanceState =
  | { status: 'idle' }
  | { status: 'loading'; key: string }
  | { status: 'ready'; key: string; value: bigint; at: number }
  | { status: 'error'; key: string; at: number };

/**
 * The connected account's native balance, read from the chain while something shows it.
 * Kept 30 s per account and chain (SPEC.md §9); the reader (viem) loads on first use.
 */
export const $nativeBalance = atom<BalanceState>({ status: 'idle' });

async function load(force = false) {
  const connection = $connected.get();
  if (!connection || !isEvmAddress(connection.address)) return $nativeBalance.set({ status: 'idle' });
  const key = `${connection.chainId}:${connection.address}`;
  const current = $nativeBalance.get();
  if (!force && current.status !== 'idle' && current.key === key && (current.status === 'loading' || Date.now() - current.at < NATIVE_BALANCE_TTL_MS)) return;
  const connector = findWallet(connection.walletId);
  if (!connector || !isEvmConnector(connector)) return $nativeBalance.set({ status: 'idle' });
  $nativeBalance.set({ status: 'loading', key });
  try {
    const { readNativeBalance } = await import('../connectors/evm/balance.js');
    const value = await readNativeBalance(connection.address, await chainSource(connection.chainId, connector.getProvider()));
    if (($nativeBalance.get() as { key?: string }).key === key) $nativeBalance.set({ status: 'ready', key, value, at: Date.now() });
  } catch {
    if (($nativeBalance.get() as { key?: string }).key === key) $nativeBalance.set({ status: 'error', key, at: Date.now() });
  }
}

onMount($nativeBalance, () => {
  void load();
  return $connected.listen(() => void load());
});

/** Reads the balance again now (after a transaction, or a retry). */
export const refreshNativeBalance = () => load(true);
