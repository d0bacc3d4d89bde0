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

/**
 * The same state, for observers that must not start a read (<wallet-connect-button>): listening to it reads
 * nothing, as listening to `$nativeBalance` does; it changes when a read the modal's views started does.
 */
export const $knownBalance = atom<BalanceState>({ status: 'idle' });

const publish = (state: BalanceState) => {
  $nativeBalance.set(state);
  $knownBalance.set(state);
};

async function load(force = false) {
  const connection = $connected.get();
  if (!connection || !isEvmAddress(connection.address)) return publish({ status: 'idle' });
  const key = `${connection.chainId}:${connection.address}`;
  const current = $nativeBalance.get();
  if (!force && current.status !== 'idle' && current.key === key && (current.status === 'loading' || Date.now() - current.at < NATIVE_BALANCE_TTL_MS)) return;
  const connector = findWallet(connection.walletId);
  if (!connector || !isEvmConnector(connector)) return publish({ status: 'idle' });
  publish({ status: 'loading', key });
  try {
    const { readNativeBalance } = await import('../connectors/evm/balance.js');
    const value = await readNativeBalance(connection.address, await chainSource(connection.chainId, connector.getProvider()));
    if (($nativeBalance.get() as { key?: string }).key === key) publish({ status: 'ready', key, value, at: Date.now() });
  } catch {
    if (($nativeBalance.get() as { key?: string }).key === key) publish({ status: 'error', key, at: Date.now() });
  }
}

onMount($nativeBalance, () => {
  void load();
  return $connected.listen(() => void load());
});

/** Reads the balance again now (after a transaction, or a retry). */
export const refreshNativeBalance = () => load(true);
