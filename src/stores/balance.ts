import { atom, onMount } from 'nanostores';
import { isEvmConnector } from '../connectors/types.js';
import { NATIVE_BALANCE_TTL_MS } from '../core/constants.js';
import { isAddress } from '../core/address.js';
import { isEvmAddress } from '../core/caip.js';
import { chainSource, readRpcUrl } from './chain-reads.js';
import { type Connected, $connected } from './connection.js';
import { findWallet } from './wallets.js';

export type BalanceState =
  | { status: 'idle' }
  | { status: 'loading'; key: string }
  | { status: 'ready'; key: string; value: bigint; at: number }
  | { status: 'error'; key: string; at: number };

/**
 * The connected account's native balance (ETH and the like, or SOL in lamports), read from the chain while
 * something shows it. Kept 30 s per account and chain (docs/specification.md#constants); the reader (viem, or a plain Solana
 * `getBalance`) loads on first use.
 */
export const $nativeBalance = atom<BalanceState>({ status: 'idle' });

function evmConnectorOf(connection: Connected) {
  const connector = findWallet(connection.walletId);
  return connector && isEvmConnector(connector) ? connector : undefined;
}

/**
 * The balance of a connected account: EVM through viem (the wallet's provider as the last resort), Solana by
 * JSON-RPC. Exported for watchers that poll (buy in progress) without making the shown balance flicker.
 */
export async function readNativeBalanceOf(connection: Connected): Promise<bigint> {
  const { address, chainId } = connection;
  if (connection.namespace === 'solana') {
    const url = await readRpcUrl(chainId);
    if (!url) throw new Error(`no RPC for ${chainId}: give it in rpc-urls`);
    const { readSolBalance } = await import('../services/solana-rpc.js');
    return readSolBalance(url, address);
  }
  const connector = evmConnectorOf(connection);
  if (!connector || !isEvmAddress(address)) throw new Error('not an EVM account');
  const { readNativeBalance } = await import('../connectors/evm/balance.js');
  return readNativeBalance(address, await chainSource(chainId, connector.getProvider()));
}

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
  if (!connection || !isAddress(connection.namespace, connection.address)) return publish({ status: 'idle' });
  const key = `${connection.chainId}:${connection.address}`;
  const current = $nativeBalance.get();
  if (!force && current.status !== 'idle' && current.key === key && (current.status === 'loading' || Date.now() - current.at < NATIVE_BALANCE_TTL_MS)) return;
  if (connection.namespace === 'eip155' && !evmConnectorOf(connection)) return publish({ status: 'idle' });
  publish({ status: 'loading', key });
  try {
    const value = await readNativeBalanceOf(connection);
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
