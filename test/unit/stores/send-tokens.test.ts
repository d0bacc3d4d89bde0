import { expect } from '@esm-bundle/chai';
import { $sendTokens, sendTokenOf } from '../../../src/stores/send.js';
import { $nativeBalance } from '../../../src/stores/balance.js';
import { $connection } from '../../../src/stores/connection.js';
import { $portfolio } from '../../../src/stores/portfolio.js';
import { resetStores } from '../support/stores.js';

const row = (address: string | undefined) => ({
  name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', address, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '',
});

/** The wallet data API's balance rows as Send's tokens (docs/wire-formats.md#wallet-data-api and its native placeholders). */
describe('stores/send: sendTokenOf', () => {
  it("reads the API's native placeholder address (0xeeee…eeee, any case) as the chain's native coin, not a contract", () => {
    for (const placeholder of ['0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE']) {
      const token = sendTokenOf(row(`eip155:1:${placeholder}`), 'eip155');
      expect(token).to.include({ key: 'eip155:1:native', tokenAddress: undefined, balance: 1_500_000_000_000_000_000n });
    }
  });

  it('a row without an address is the native coin; a contract address is an ERC-20', () => {
    expect(sendTokenOf(row(undefined), 'eip155')).to.include({ key: 'eip155:1:native', tokenAddress: undefined });
    const usdc = 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
    expect(sendTokenOf(row(usdc), 'eip155')).to.include({ key: usdc, tokenAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' });
  });

  it("reads Solana's placeholder (So111…111) as SOL, and drops a row whose address is not one of the namespace's", () => {
    const sol = { ...row('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111111'), chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', quantity: { decimals: '9', numeric: '2' } };
    expect(sendTokenOf(sol, 'solana')).to.include({ key: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:native', tokenAddress: undefined, balance: 2_000_000_000n });
    expect(sendTokenOf(row('eip155:1:not-an-address'), 'eip155')).to.equal(undefined);
  });
});

/** The Send form's tokens: the API's list, and the chain's native balance when that list lacks the coin. */
describe('stores/send: $sendTokens', () => {
  const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
  let off: () => void;
  beforeEach(() => {
    resetStores({ networks: ['eip155:31337'] });
    $connection.set({ status: 'connected', walletId: 'w', namespace: 'eip155', address: ADDRESS, chainId: 'eip155:31337', connector: { id: 'w', name: 'W', type: 'injected' } });
    // Mounted first: the stores' own loads (no wallet, no API here) run now, before the test sets their values.
    off = $sendTokens.listen(() => {});
  });
  afterEach(() => {
    off();
    $portfolio.set({ status: 'idle' });
    $nativeBalance.set({ status: 'idle' });
    resetStores();
  });

  it('a funded account whose API list is still empty (not indexed yet) offers its native coin, read from the chain', () => {
    $portfolio.set({ status: 'ready', key: 'k', balances: [], totalUsd: 0, zeroDecimal: [] });
    $nativeBalance.set({ status: 'ready', key: 'n', value: 501_700_000_000_000_000n, at: 0 });
    expect($sendTokens.get().map((token) => [token.key, token.balance])).to.deep.equal([['eip155:31337:native', 501_700_000_000_000_000n]]);
  });

  it('the API listing the native coin: its row, not a second one; an empty account offers nothing', () => {
    $portfolio.set({ status: 'ready', key: 'k', balances: [row(undefined) as never].map((b) => ({ ...(b as object), chainId: 'eip155:31337' })) as never, totalUsd: 3000, zeroDecimal: [] });
    $nativeBalance.set({ status: 'ready', key: 'n', value: 1n, at: 0 });
    expect($sendTokens.get().map((token) => token.key)).to.deep.equal(['eip155:31337:native']);
    $portfolio.set({ status: 'ready', key: 'k', balances: [], totalUsd: 0, zeroDecimal: [] });
    $nativeBalance.set({ status: 'ready', key: 'n', value: 0n, at: 0 });
    expect($sendTokens.get()).to.deep.equal([]);
  });
});

