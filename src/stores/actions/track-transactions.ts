import '../../core/messages-account.js';
import '../../core/messages-transactions.js';
import { isEvmConnector, isSolanaConnector } from '../../connectors/types.js';
import { sameAddress } from '../../core/address.js';
import { namespaceOf } from '../../core/caip.js';
import { t } from '../../core/messages.js';
import { refreshActivity } from '../activity.js';
import { chainSource, readRpcUrl } from '../chain-reads.js';
import { $connected } from '../connection.js';
import { $modal } from '../modal.js';
import { PENDING_FORGET_MS, $pendingTransactions, removePendingTransaction, setTransactionStatus } from '../pending-transactions.js';
import { refreshPortfolio } from '../portfolio.js';
import { refreshBalances } from '../refresh-balances.js';
import { $route, type SentTransaction } from '../route.js';
import { showToast } from '../toasts.js';
import { noteTransaction } from '../transactions.js';
import { findWallet } from '../wallets.js';
import type { Eip1193Provider } from '../../connectors/types.js';

/** Hashes watched in this page, so a second open does not start a second watch. */
const watching = new Set<string>();

/** Whether the result view of `hash` is on screen (then it shows the outcome, and no toast is needed). */
const resultShown = (hash: string) => {
  const route = $route.get();
  return $modal.get().open && route.view === 'SendResult' && route.transaction.hash === hash;
};

/**
 * The outcome of `transaction` from its chain: EVM through viem (the receipt), Solana through the signature's
 * status (both read where the balances are read). Undefined when nothing can answer.
 */
async function waitFor(transaction: SentTransaction, provider: Eip1193Provider | undefined, onSlow: () => void): Promise<'confirmed' | 'failed' | 'pending' | undefined> {
  const { hash, chainId } = transaction;
  if (namespaceOf(chainId) === 'solana') {
    const rpcUrl = await readRpcUrl(chainId);
    if (!rpcUrl) return undefined;
    const [{ waitForSolanaTransfer }, { solanaRpc }] = await Promise.all([import('../../connectors/solana/transfer.js'), import('../../services/solana-rpc.js')]);
    return waitForSolanaTransfer(hash, solanaRpc(rpcUrl), { onSlow });
  }
  if (!provider) return undefined;
  const { waitForTransfer } = await import('../../connectors/evm/transfer.js');
  const source = await chainSource(chainId, provider);
  // Without an RPC for the chain, only the wallet can answer, and only while it is on that chain.
  if (!source.rpcUrl && $connected.get()?.chainId !== chainId) return undefined;
  return waitForTransfer(hash as `0x${string}`, source, { onSlow });
}

/**
 * Watches a sent transaction until its receipt (docs/specification.md#constants: a 25 s wait, then a look every 30 s), then
 * announces the outcome: `wallet-transaction`, the result view or a toast, and fresh balances and activity.
 * A transaction still pending when the watch gives up stays stored, and is watched again on the next open.
 */
export async function trackTransaction(transaction: SentTransaction, provider: Eip1193Provider | undefined): Promise<void> {
  const { hash, chainId, kind } = transaction;
  if (watching.has(hash)) return;
  watching.add(hash);
  try {
    const onSlow = () => { if (!resultShown(hash)) showToast('loading', t('error.receiptTimeout')); };
    const status = await waitFor(transaction, provider, onSlow);
    if (status === undefined || status === 'pending') return;
    setTransactionStatus(hash, status);
    removePendingTransaction(hash);
    noteTransaction({ status, hash, chainId, kind });
    if (!resultShown(hash)) showToast(status === 'confirmed' ? 'success' : 'error', t(status === 'confirmed' ? 'tx.confirmed' : 'tx.failed'));
    const connection = $connected.get();
    if (connection?.chainId === chainId && sameAddress(connection.address, transaction.from)) {
      refreshBalances(transaction.tokens);
      // The balances again once the service has indexed the transaction (the first read may be too early).
      void refreshActivity(hash).then(() => refreshPortfolio(transaction.tokens));
    }
  } catch {
    // The chain could not be read: the transaction stays stored and is watched again on the next open.
  } finally {
    watching.delete(hash);
  }
}

/**
 * After a reload (or whenever the modal opens): the stored pending transactions of the connected account
 * are watched again, so their outcome still reaches the host. Runs only once the modal is open, as nothing
 * is read from the network before that. A transaction older than a day is forgotten.
 */
export function resumePendingTransactions(): void {
  const connection = $connected.get();
  if (!connection) return;
  const connector = findWallet(connection.walletId);
  if (!connector || !(isEvmConnector(connector) || isSolanaConnector(connector))) return;
  for (const transaction of $pendingTransactions.get()) {
    if (Date.now() - transaction.submittedAt > PENDING_FORGET_MS) {
      removePendingTransaction(transaction.hash);
      continue;
    }
    if (!sameAddress(transaction.from, connection.address) || namespaceOf(transaction.chainId) !== connection.namespace) continue;
    void trackTransaction(transaction, isEvmConnector(connector) ? connector.getProvider() : undefined);
  }
}
