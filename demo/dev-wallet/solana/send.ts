// Sending a signed transaction through a Solana JSON-RPC node (`sendTransaction`), and waiting for the
// commitment the site asked for (`getSignatureStatuses`).
import { base58, base64 } from '@scure/base';
import { forwardRpc } from '../rpc.js';
import type { DevWalletSolanaChain } from './types.js';

export interface SendOptions {
  preflightCommitment?: string;
  minContextSlot?: number;
  commitment?: 'processed' | 'confirmed' | 'finalized';
  skipPreflight?: boolean;
  maxRetries?: number;
}

const RANK = { processed: 0, confirmed: 1, finalized: 2 } as const;

/** Sends the signed wire bytes; resolves with the signature (base58) once `commitment` is reached, if asked. */
export async function sendWireTransaction(chain: DevWalletSolanaChain, wire: Uint8Array, options: SendOptions = {}, timeoutMs = 30_000): Promise<string> {
  const { commitment, preflightCommitment, ...rest } = options;
  const config = { encoding: 'base64', preflightCommitment: preflightCommitment ?? commitment, ...rest };
  const signature = (await forwardRpc(chain.rpcUrl, chain.chain, 'sendTransaction', [base64.encode(wire), config])) as string;
  if (typeof signature !== 'string' || base58.decode(signature).length !== 64) throw new Error(`${chain.rpcUrl} answered no signature`);
  if (!commitment) return signature;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const statuses = (await forwardRpc(chain.rpcUrl, chain.chain, 'getSignatureStatuses', [[signature]])) as {
      value: ({ err: unknown; confirmationStatus?: keyof typeof RANK } | null)[];
    };
    const status = statuses?.value?.[0];
    if (status?.err) throw new Error(`Transaction ${signature} failed: ${JSON.stringify(status.err)}`);
    if (status && RANK[status.confirmationStatus ?? 'processed'] >= RANK[commitment]) return signature;
    if (Date.now() > deadline) throw new Error(`Transaction ${signature} not ${commitment} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}
