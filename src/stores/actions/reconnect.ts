import { $connection } from '../connection.js';
import { lastConnection } from '../last-connection.js';

/**
 * After a reload: restores each namespace's remembered connection without a prompt. Only the check lives in
 * the entry file; visitors with something to restore load the rest (`restore.ts`). The status is reconnecting
 * from this call on, and back to disconnected if the restore cannot even load.
 */
export async function reconnect(): Promise<void> {
  if ($connection.get().status !== 'disconnected') return;
  const restoring = (['eip155', 'solana'] as const).filter((ns) => lastConnection(ns).get());
  if (!restoring.length) return;
  $connection.set({ status: 'reconnecting', walletId: lastConnection(restoring[0]!).get()!.walletId });
  try {
    await (await import('./restore.js')).restore(restoring);
  } catch {
    if ($connection.get().status === 'reconnecting') $connection.set({ status: 'disconnected' });
  }
}
