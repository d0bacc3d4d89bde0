import { expect } from '@esm-bundle/chai';
import '../../../src/core/messages-activity.js';
import { t as translate } from '../../../src/core/messages.js';
import type { MessageId } from '../../../src/core/messages.js';
import { LOCAL_SOLANA_CHAIN_ID, networkInfo } from '../../../src/core/networks.js';
import type { Transaction } from '../../../src/stores/activity.js';
import { activityRow, isListed } from '../../../src/views/screens/activity-rows.js';
import { OWNER, OWNER_OTHER_CASE, PEER, SIGNATURE, solTransfer, solanaTx, splTransfer } from '../support/solana-wire.js';

const t = (id: MessageId, values?: Record<string, string>) => translate(id, values, 'en');
const local = networkInfo(LOCAL_SOLANA_CHAIN_ID, 'http://127.0.0.1:8899');
const row = (tx: ReturnType<typeof solanaTx>) => activityRow(tx as Transaction, OWNER, local, new Set(), t, 'en');

describe('views/activity-rows: Solana', () => {
  it('a SOL transfer in: "Received", from the base58 sender truncated (full in the title), the amount, the explorer link', () => {
    const r = row(solanaTx('1', { from: PEER, to: OWNER, transfers: [solTransfer('in', '1.5')] }));
    expect(r).to.deep.include({ title: 'Received', direction: 'in', counterparty: 'From GfEHGH…q4Nf', counterpartyTitle: PEER, amounts: ['+1.5 SOL'] });
    expect(r.explorer).to.deep.equal({
      href: `https://explorer.solana.com/tx/${SIGNATURE}?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8899`,
      label: 'View on explorer.solana.com',
    });
  });

  it('a SOL transfer out names the receiver; an SPL transfer out names the receiver too (Solana rows carry the owner)', () => {
    expect(row(solanaTx('2', { from: OWNER, to: PEER, transfers: [solTransfer('out', '0.25')] }))).to.deep.include({ title: 'Sent', counterparty: 'To GfEHGH…q4Nf', amounts: ['−0.25 SOL'] });
    expect(row(solanaTx('3', { from: OWNER, to: PEER, transfers: [splTransfer('USDS', 'out', '25')] }))).to.deep.include({ title: 'Sent', counterparty: 'To GfEHGH…q4Nf', amounts: ['−25 USDS'] });
  });

  it('base58 addresses are compared exactly: an address differing only in case is someone else', () => {
    const theirs = solanaTx('4', { from: OWNER_OTHER_CASE, to: PEER, transfers: [] });
    expect(isListed(theirs as Transaction, new Set(), OWNER)).to.equal(true);
    expect(row(theirs)).to.deep.include({ direction: 'in', counterparty: `From ${OWNER_OTHER_CASE.slice(0, 6)}…FLtV` });
    expect(row(solanaTx('5', { from: OWNER, to: PEER, transfers: [] }))).to.deep.include({ direction: 'out' });
  });

  it('no link for the local chain without an RPC URL, nor for a hash that is not a signature', () => {
    const bare = activityRow(solanaTx('6', { from: PEER, to: OWNER, transfers: [solTransfer('in', '1')] }) as Transaction, OWNER, networkInfo(LOCAL_SOLANA_CHAIN_ID), new Set(), t, 'en');
    expect(bare.explorer).to.equal(undefined);
    expect(row(solanaTx('7', { from: PEER, to: OWNER, transfers: [solTransfer('in', '1')], hash: 'not-a-signature' })).explorer).to.equal(undefined);
  });
});

describe('views/activity-rows: a pending swap and its approval', () => {
  const base = { hash: `0x${'ab'.repeat(32)}`, chainId: 'eip155:31337' as const, from: '0x1111111111111111111111111111111111111111', to: '0x2222222222222222222222222222222222222222', amount: '10000000', decimals: 6, symbol: 'LUSD', submittedAt: 0 };
  it('a swap reads "Swapped" with what it pays; an approval "Approval" with no amount (it moves nothing)', async () => {
    await import('../../../src/core/messages-transactions.js');
    const { pendingRow } = await import('../../../src/views/screens/activity-rows.js');
    expect(pendingRow({ ...base, kind: 'swap' }, t, 'en')).to.deep.include({ title: 'Swapped', amounts: ['−10 LUSD'], pending: true, time: 'Pending' });
    expect(pendingRow({ ...base, kind: 'approve' }, t, 'en')).to.deep.include({ title: 'Approval', amounts: [], pending: true });
    expect(pendingRow({ ...base, kind: 'erc20-transfer' }, t, 'en')).to.deep.include({ title: 'Sending', amounts: ['−10 LUSD'] });
  });
});
