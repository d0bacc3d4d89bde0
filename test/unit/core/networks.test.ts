import { expect } from '@esm-bundle/chai';
import type { Caip2 } from '../../../src/core/caip.js';
import { LOCAL_SOLANA_CHAIN_ID, networkInfo } from '../../../src/core/networks.js';

describe('core/networks', () => {
  it('offers only public https RPCs of its own: a local chain gets its RPC from rpc-urls', () => {
    const ids = ['eip155:1', 'eip155:10', 'eip155:56', 'eip155:100', 'eip155:137', 'eip155:8453', 'eip155:42161', 'eip155:43114', 'eip155:11155111', 'eip155:31337'] as Caip2[];
    for (const id of ids) for (const url of networkInfo(id).rpcUrls) expect(new URL(url).protocol, `${id} ${url}`).to.equal('https:');
    expect(networkInfo('eip155:31337')).to.deep.include({ name: 'Anvil 31337', rpcUrls: [] });
    expect(networkInfo('eip155:31337', 'http://127.0.0.1:9545').rpcUrls).to.deep.equal(['http://127.0.0.1:9545']);
  });
});

describe('core/networks: Solana', () => {
  const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 };
  it('names the Solana clusters and the local chain, with 9-decimal SOL and their public RPCs', () => {
    expect(networkInfo('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).to.deep.include({ name: 'Solana', nativeCurrency: SOL, rpcUrls: ['https://api.mainnet-beta.solana.com'] });
    expect(networkInfo('solana:EtWTRABZaYq6iMfeYKouRu166VoAgqkn')).to.deep.include({ name: 'Solana Devnet', nativeCurrency: SOL, rpcUrls: ['https://api.devnet.solana.com'], testnet: true });
    expect(networkInfo('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')).to.deep.include({ name: 'Solana Testnet', nativeCurrency: SOL, rpcUrls: ['https://api.testnet.solana.com'], testnet: true });
    expect(LOCAL_SOLANA_CHAIN_ID).to.equal('solana:378kCw7PmAhEAv7DDXn4TRipWRi683BK');
    expect(networkInfo(LOCAL_SOLANA_CHAIN_ID)).to.deep.include({ name: 'Solana Local', nativeCurrency: SOL, rpcUrls: [], testnet: true });
    expect(networkInfo(LOCAL_SOLANA_CHAIN_ID, 'http://127.0.0.1:8899').rpcUrls).to.deep.equal(['http://127.0.0.1:8899']);
  });

  it('gives another solana: network SOL, not Ether, and its id as the name', () => {
    const other = 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K' as Caip2;
    expect(networkInfo(other)).to.deep.include({ name: other, nativeCurrency: SOL, rpcUrls: [] });
  });
});
