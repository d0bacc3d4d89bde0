import { expect } from '@esm-bundle/chai';
import { sendTokenOf } from '../../../src/stores/send.js';

const row = (address: string | undefined) => ({
  name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', address, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '',
});

/** The wallet data API's balance rows as Send's tokens (hosted-api.md §1.2 and its native placeholders). */
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
