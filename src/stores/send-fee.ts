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

export async function estimateSendFee(transfer: SendTransfer): Promise<void> {
  const key = sendFeeKey(transfer);
  const connection = $connected.get();
  const connector = connection && findWallet(connection.walletId);
  const pinned = connection?.chainId === transfer.chainId && connection.address.toLowerCase() === transfer.from.toLowerCase();
  if (!connection || !pinned || !connector || !isEvmConnector(connector)) return $sendFee.set({ key, status: 'error' });
  if ($sendFee.get()?.key === key && $sendFee.get()?.status !== 'error') return;
  $sendFee.set({ key, status: 'loading' });
  try {
    const { estimateTransferFee } = await import('../connectors/evm/transfer.js');
    const fee = await estimateTransferFee(
      { from: transfer.from, to: transfer.to, tokenAddress: transfer.tokenAddress, amount: BigInt(transfer.amount) },
      await chainSource(transfer.chainId, connector.getProvider()),
    );
    if ($sendFee.get()?.key === key) $sendFee.set({ key, status: 'ready', fee });
  } catch {
    if ($sendFee.get()?.key === key) $sendFee.set({ key, status: 'error' });
  }
}
