import { expect } from '@esm-bundle/chai';
import { costProblem, costReserve, evmCost, maxNativeAmount } from '../../../src/core/send-cost.js';

// The local chain's figures: 5000 lamports a signature, 890880 to keep a plain account open, 2039280 for a token account.
const solana = (over: Partial<{ fee: bigint; deposit: bigint; keep: bigint; minAmount: bigint }> = {}) => ({ fee: 5_000n, deposit: 0n, keep: 890_880n, minAmount: 0n, ...over });

describe('core/send-cost: amount + cost against the balances', () => {
  it('EVM keeps the estimate plus half, and Max leaves twice the estimate (unchanged)', () => {
    const cost = evmCost(1_000n);
    expect(costReserve('eip155', cost)).to.equal(1_500n);
    expect(maxNativeAmount('eip155', 10_000n, cost)).to.equal(8_000n);
    expect(costProblem({ namespace: 'eip155', native: true, amount: 8_500n, balance: 10_000n, nativeBalance: 10_000n, cost })).to.equal(undefined);
    expect(costProblem({ namespace: 'eip155', native: true, amount: 8_501n, balance: 10_000n, nativeBalance: 10_000n, cost })).to.deep.equal({ kind: 'amount-and-fee', reserve: 1_500n });
    expect(costProblem({ namespace: 'eip155', native: false, amount: 5n, balance: 5n, nativeBalance: 1_499n, cost })).to.deep.equal({ kind: 'fee', reserve: 1_500n });
  });

  it('Solana SOL: amount + the exact fee + the account\'s minimum must fit, to the lamport; Max is exactly that', () => {
    const cost = solana();
    const balance = 2_000_000_000n;
    const max = maxNativeAmount('solana', balance, cost);
    expect(max).to.equal(balance - 5_000n - 890_880n);
    expect(costProblem({ namespace: 'solana', native: true, amount: max, balance, nativeBalance: balance, cost })).to.equal(undefined);
    expect(costProblem({ namespace: 'solana', native: true, amount: max + 1n, balance, nativeBalance: balance, cost })).to.deep.equal({ kind: 'amount-and-fee', reserve: 895_880n });
  });

  it('Solana SOL to a new account: below its rent exemption is refused with that minimum', () => {
    const cost = solana({ minAmount: 890_880n });
    expect(costProblem({ namespace: 'solana', native: true, amount: 890_879n, balance: 10n ** 10n, nativeBalance: 10n ** 10n, cost })).to.deep.equal({ kind: 'below-rent', min: 890_880n });
    expect(costProblem({ namespace: 'solana', native: true, amount: 890_880n, balance: 10n ** 10n, nativeBalance: 10n ** 10n, cost })).to.equal(undefined);
  });

  it('Solana token: the SOL balance pays the fee and the receiver\'s token-account deposit, and keeps the account\'s minimum', () => {
    const cost = solana({ deposit: 2_039_280n });
    expect(costReserve('solana', cost)).to.equal(2_044_280n);
    const enough = 2_044_280n + 890_880n;
    expect(costProblem({ namespace: 'solana', native: false, amount: 1n, balance: 1n, nativeBalance: enough, cost })).to.equal(undefined);
    expect(costProblem({ namespace: 'solana', native: false, amount: 1n, balance: 1n, nativeBalance: enough - 1n, cost })).to.deep.equal({ kind: 'fee', reserve: 2_044_280n });
    // An unknown SOL balance does not refuse a token transfer (the review's fee line still shows the cost).
    expect(costProblem({ namespace: 'solana', native: false, amount: 1n, balance: 1n, nativeBalance: undefined, cost })).to.equal(undefined);
  });
});
