import { atom } from 'nanostores';
import { isEvmConnector } from '../connectors/types.js';
import { chainSource } from './chain-reads.js';
import { $connected } from './connection.js';
import type { SendTransfer } from './route.js';
import { findWallet } from './wallets.js';

export type SendFee = { key: string; status: 'loading' } | { key: string; status: 'ready'; fee: bigint } | { key: string; status: 'error' };

/** The network fee estimate of the transfer under review. */
export const $sendFee = atom<SendFee | undefined>(undefined);

/** A fee belongs to one transfer: its chain, sender, token, amount and receiver. */
export const sendFeeKey = (t: SendTransfer) => `${t.chainId}|${t.from}|${t.tokenKey}|${t.amount}|${t.to}`;

/**
 * What is kept for the fee when checking amount + fee against the balance: the estimate (gas × gas price)
 * plus half, since a wallet caps its fee above today's price (viem: 1.2 × base fee + tip) and the node
 * wants value + gas × that cap in the balance.
 */
export const feeReserve = (fee: bigint) => fee + fee / 2n;
/** What "Max" leaves for the fee of a native transfer: twice the estimate, room for the price to move until review. */
export const maxFeeReserve = (fee: bigint) => fee * 2n;

/** The fee (gas × gas price) of sending `amount` from the connected account; throws when it cannot be estimated. */
export async function estimateFee(transfer: Pick<SendTransfer, 'chainId' | 'from' | 'to' | 'tokenAddress' | 'amount'>): Promise<bigint> {
  const connection = $connected.get();
  const connector = connection && findWallet(connection.walletId);
  if (!connection || !connector || !isEvmConnector(connector)) throw new Error('not connected');
  const { estimateTransferFee } = await import('../connectors/evm/transfer.js');
  return estimateTransferFee(
    { from: transfer.from, to: transfer.to, tokenAddress: transfer.tokenAddress, amount: BigInt(transfer.amount) },
    await chainSource(transfer.chainId, connector.getProvider()),
  );
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
  const pinned = connection?.chainId === transfer.chainId && connection.address.toLowerCase() === transfer.from.toLowerCase();
  if (!connection || !pinned || !connector || !isEvmConnector(connector)) return $sendFee.set({ key, status: 'error' });
  if ($sendFee.get()?.key === key && $sendFee.get()?.status !== 'error') return;
  $sendFee.set({ key, status: 'loading' });
  try {
    const fee = await estimateFee(transfer);
    if ($sendFee.get()?.key === key) $sendFee.set({ key, status: 'ready', fee });
  } catch {
    if ($sendFee.get()?.key === key) $sendFee.set({ key, status: 'error' });
  }
}
