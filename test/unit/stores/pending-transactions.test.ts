import { expect } from '@esm-bundle/chai';
import type { WritableAtom } from 'nanostores';
import {
  $pendingTransactions, $transactionStatus, addPendingTransaction, removePendingTransaction,
} from '../../../src/stores/pending-transactions.js';
import type { SentTransaction } from '../../../src/stores/route.js';

const KEY = 'wallet-connect-modal:pending-transactions';
const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const sent = (n: number): SentTransaction => ({
  hash: `0x${n.toString(16).padStart(64, '0')}`,
  chainId: 'eip155:31337',
  from: FROM,
  kind: 'native-transfer',
  to: TO,
  amount: '10000000000000000',
  decimals: 18,
  symbol: 'ETH',
  submittedAt: 1_700_000_000_000 + n,
});

/** A fresh copy of the module: its store reads localStorage when the module is first evaluated (a reload). */
async function reload(tag: string): Promise<WritableAtom<SentTransaction[]>> {
  const url = new URL(`../../../src/stores/pending-transactions.ts?fresh=${tag}`, import.meta.url).href;
  return ((await import(/* @vite-ignore */ url)) as { $pendingTransactions: WritableAtom<SentTransaction[]> }).$pendingTransactions;
}

describe('stores/pending-transactions', () => {
  beforeEach(() => {
    $pendingTransactions.set([]);
    $transactionStatus.set({});
    localStorage.clear();
  });
  after(() => localStorage.clear());

  it('keeps each sent transaction, newest first, marks it pending, and survives a reload', async () => {
    addPendingTransaction(sent(1));
    addPendingTransaction(sent(2));
    expect($pendingTransactions.get().map((tx) => tx.hash)).to.deep.equal([sent(2).hash, sent(1).hash]);
    expect($transactionStatus.get()).to.deep.equal({ [sent(1).hash]: 'pending', [sent(2).hash]: 'pending' });
    expect(JSON.parse(localStorage.getItem(KEY)!)).to.deep.equal({ v: 1, data: [sent(2), sent(1)] });
    expect((await reload('a')).get()).to.deep.equal([sent(2), sent(1)]);
  });

  it('keeps at most 20, and forgets the storage key once none is pending', () => {
    for (let n = 1; n <= 22; n++) addPendingTransaction(sent(n));
    expect($pendingTransactions.get()).to.have.length(20);
    expect($pendingTransactions.get().at(-1)!.hash).to.equal(sent(3).hash);
    for (let n = 1; n <= 22; n++) removePendingTransaction(sent(n).hash);
    expect($pendingTransactions.get()).to.deep.equal([]);
    expect(localStorage.getItem(KEY)).to.equal(null);
  });

  it('reads nothing back from a stored list that does not parse (another version, a bad hash or amount)', async () => {
    localStorage.setItem(KEY, JSON.stringify({ v: 2, data: [sent(1)] }));
    expect((await reload('b')).get()).to.deep.equal([]);
    localStorage.setItem(KEY, JSON.stringify({ v: 1, data: [{ ...sent(1), hash: '0x12' }] }));
    expect((await reload('c')).get()).to.deep.equal([]);
    localStorage.setItem(KEY, JSON.stringify({ v: 1, data: [{ ...sent(1), amount: '1.5' }] }));
    expect((await reload('d')).get()).to.deep.equal([]);
  });

  it('keeps a Solana transfer across a reload: base58 signature and addresses, solana: chain, spl-transfer (exact case)', async () => {
    const solana: SentTransaction = {
      hash: '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
      chainId: 'solana:378kCw7PmAhEAv7DDXn4TRipWRi683BK',
      from: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      kind: 'spl-transfer',
      to: 'GfEHGHbzAUsvf6oJGUbn8BRNnLyVHa8ezwuJUXXHq4Nf',
      amount: '12500000',
      decimals: 6,
      symbol: 'USDS',
      submittedAt: 1_700_000_000_000,
    };
    addPendingTransaction(solana);
    expect((await reload('solana')).get()).to.deep.equal([solana]);
    localStorage.setItem(KEY, JSON.stringify({ v: 1, data: [{ ...solana, hash: '0OIl' }] }));
    expect((await reload('solana-bad')).get()).to.deep.equal([], 'not base58: dropped');
  });
});
