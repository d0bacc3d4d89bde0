import { expect } from '@esm-bundle/chai';
import { trackTransaction } from '../../../src/stores/actions/track-transactions.js';
import { $pendingTransactions, $transactionStatus, addPendingTransaction } from '../../../src/stores/pending-transactions.js';
import type { SentTransaction } from '../../../src/stores/route.js';
import { $toast } from '../../../src/stores/toasts.js';
import { $lastTransaction } from '../../../src/stores/transactions.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { resetStores } from '../support/stores.js';

const HASH = `0x${'cd'.repeat(32)}` as const;
const transaction: SentTransaction = {
  hash: HASH, chainId: 'eip155:31337', from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', kind: 'erc20-transfer',
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '1', decimals: 6, symbol: 'LUSD', submittedAt: Date.now(),
};
const wallet = { request: () => Promise.reject(new Error('reads do not go to the wallet here')) };

describe('actions/track-transactions: a sent transaction watched to its receipt', () => {
  let net: FakeFetch;
  beforeEach(() => {
    resetStores({ networks: ['eip155:31337'], rpcUrls: { 'eip155:31337': 'http://rpc.test/' } });
    $pendingTransactions.set([]);
    $transactionStatus.set({});
    net = installFakeFetch();
  });
  afterEach(() => {
    net.restore();
    resetStores();
  });

  for (const [status, event, toast] of [['0x0', 'failed', 'The transaction failed'], ['0x1', 'confirmed', 'Transaction confirmed']] as const) {
    it(`a receipt with status ${status}: wallet-transaction ${event}, no longer stored as pending, and a toast (the modal is closed)`, async () => {
      net.route('/', (_url, init) => {
        const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string };
        const results: Record<string, unknown> = {
          eth_blockNumber: '0x2',
          eth_getTransactionReceipt: { transactionHash: HASH, blockNumber: '0x1', status, logs: [] },
        };
        return { body: { jsonrpc: '2.0', id, result: results[method] ?? null } };
      });
      addPendingTransaction(transaction);
      await trackTransaction(transaction, wallet);
      expect($lastTransaction.get()).to.include({ status: event, hash: HASH, chainId: 'eip155:31337', kind: 'erc20-transfer' });
      expect($transactionStatus.get()[HASH]).to.equal(event);
      expect($pendingTransactions.get()).to.deep.equal([]);
      // A toast still on screen from the test before is replaced after the 150 ms gap (docs/specification.md#states).
      for (let i = 0; i < 50 && $toast.get()?.message !== toast; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect($toast.get()?.message).to.equal(toast);
    });
  }
});
