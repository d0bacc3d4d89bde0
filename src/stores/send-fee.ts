import { atom } from 'nanostores';
import { isEvmConnector, isSolanaConnector } from '../connectors/types.js';
import { sameAddress } from '../core/address.js';
import { type SendCost, evmCost } from '../core/send-cost.js';
import type { AuthEvmConnector } from '../connectors/auth/connector.js';
import { $accountType } from './account-type.js';
import { chainSource, readRpcUrl } from './chain-reads.js';
import { $connected } from './connection.js';
import type { SendTransfer } from './route.js';
import { findWallet } from './wallets.js';

/** `fee`: the network fee; `cost`: with it, what else the transfer needs (Solana's rent deposits), see `SendCost`. */
export type SendFee = { key: string; status: 'loading' } | { key: string; status: 'ready'; fee: bigint; cost: SendCost } | { key: string; status: 'error' };

/** The network fee estimate of the transfer under review. */
export const $sendFee = atom<SendFee | undefined>(undefined);

/** A fee belongs to one transfer: its chain, sender, token, amount and receiver. */
export const sendFeeKey = (t: SendTransfer) => `${t.chainId}|${t.from}|${t.tokenKey}|${t.amount}|${t.to}`;

type Estimated = Pick<SendTransfer, 'chainId' | 'from' | 'to' | 'tokenAddress' | 'amount'> & { decimals?: number };

/**
 * The cost of sending `amount` from the connected account; throws when it cannot be estimated. EVM: gas × gas
 * price (viem). Solana: the message's fee and the rent deposits, from the chain (@solana/web3.js's chunk),
 * read where the SOL balance is read (`readRpcUrl`).
 */
export async function estimateFee(transfer: Estimated): Promise<SendCost> {
  const connection = $connected.get();
  const connector = connection && findWallet(connection.walletId);
  if (!connection || !connector) throw new Error('not connected');
  if (isSolanaConnector(connector)) {
    const rpcUrl = await readRpcUrl(transfer.chainId);
    if (!rpcUrl) throw new Error(`no RPC for ${transfer.chainId}`);
    const [{ estimateSolanaTransfer }, { solanaRpc }] = await Promise.all([import('../connectors/solana/transfer.js'), import('../services/solana-rpc.js')]);
    return estimateSolanaTransfer(
      { from: transfer.from, to: transfer.to, mint: transfer.tokenAddress, amount: BigInt(transfer.amount), decimals: transfer.decimals ?? 9 },
      solanaRpc(rpcUrl),
    );
  }
  if (!isEvmConnector(connector)) throw new Error('not connected');
  const { call, estimateTransferFee } = await import('../connectors/evm/transfer.js');
  // From an embedded wallet's smart account the transfer is a user operation: its fee is the operation's (its gas
  // limits × the bundler's max fee per gas, what the approval will show), not a plain transaction's gas × price.
  const smart = $accountType.get();
  if (connector.type === 'auth' && smart?.preferred === 'smartAccount' && smart.smartAccount?.chainId === transfer.chainId && sameAddress(smart.smartAccount.address, transfer.from)) {
    const priced = connector as Partial<AuthEvmConnector>;
    if (typeof priced.smartAccountFee === 'function') {
      const { to, data, value } = call({ from: transfer.from as `0x${string}`, to: transfer.to as `0x${string}`, tokenAddress: transfer.tokenAddress as `0x${string}` | undefined, amount: BigInt(transfer.amount) });
      return evmCost(await priced.smartAccountFee({ chainId: transfer.chainId, to, value, data }));
    }
  }
  const fee = await estimateTransferFee(
    { from: transfer.from as `0x${string}`, to: transfer.to as `0x${string}`, tokenAddress: transfer.tokenAddress as `0x${string}` | undefined, amount: BigInt(transfer.amount) },
    await chainSource(transfer.chainId, connector.getProvider()),
  );
  return evmCost(fee);
}

let running: { key: string; done: Promise<void> } | undefined;

/** Estimates the fee of `transfer` into `$sendFee`; settles once the estimate (already running or not) is in. */
export function estimateSendFee(transfer: SendTransfer): Promise<void> {
  const key = sendFeeKey(transfer);
  if (running?.key === key && $sendFee.get()?.key === key && $sendFee.get()?.status === 'loading') return running.done;
  const done = estimate(transfer, key);
  running = { key, done };
  return done;
}

async function estimate(transfer: SendTransfer, key: string): Promise<void> {
  const connection = $connected.get();
  const connector = connection && findWallet(connection.walletId);
  const pinned = connection?.chainId === transfer.chainId && sameAddress(connection.address, transfer.from);
  if (!connection || !pinned || !connector || !(isEvmConnector(connector) || isSolanaConnector(connector))) return $sendFee.set({ key, status: 'error' });
  if ($sendFee.get()?.key === key && $sendFee.get()?.status !== 'error') return;
  $sendFee.set({ key, status: 'loading' });
  try {
    const cost = await estimateFee(transfer);
    if ($sendFee.get()?.key === key) $sendFee.set({ key, status: 'ready', fee: cost.fee, cost });
  } catch {
    if ($sendFee.get()?.key === key) $sendFee.set({ key, status: 'error' });
  }
}
