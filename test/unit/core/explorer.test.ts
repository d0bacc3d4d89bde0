import { expect } from '@esm-bundle/chai';
import { explorerLink } from '../../../src/core/explorer.js';
import { LOCAL_SOLANA_CHAIN_ID, networkInfo } from '../../../src/core/networks.js';

const HASH = `0x${'ab'.repeat(32)}`;

describe('core/explorer', () => {
  it("links a transaction to the well-known network's explorer", () => {
    expect(explorerLink('eip155:1', HASH)).to.deep.equal({ href: `https://etherscan.io/tx/${HASH}`, host: 'etherscan.io' });
    expect(explorerLink('eip155:8453', HASH)).to.deep.equal({ href: `https://basescan.org/tx/${HASH}`, host: 'basescan.org' });
  });

  it('gives no link for a network without an explorer (a local anvil chain)', () => {
    expect(explorerLink('eip155:31337', HASH)).to.equal(undefined);
  });
});

describe('core/explorer: Solana', () => {
  const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
  const explorer = (query: string) => ({ href: `https://explorer.solana.com/tx/${SIGNATURE}${query}`, host: 'explorer.solana.com' });

  it('links a Solana signature to explorer.solana.com with the cluster', () => {
    expect(explorerLink('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', SIGNATURE)).to.deep.equal(explorer(''));
    expect(explorerLink('solana:EtWTRABZaYq6iMfeYKouRu166VoAgqkn', SIGNATURE)).to.deep.equal(explorer('?cluster=devnet'));
    expect(explorerLink('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', SIGNATURE)).to.deep.equal(explorer('?cluster=testnet'));
  });

  it('links the local chain as a custom cluster at its RPC URL, and not at all without one', () => {
    const local = networkInfo(LOCAL_SOLANA_CHAIN_ID, 'http://127.0.0.1:8899');
    expect(explorerLink(LOCAL_SOLANA_CHAIN_ID, SIGNATURE, local)).to.deep.equal(explorer('?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8899'));
    expect(explorerLink(LOCAL_SOLANA_CHAIN_ID, SIGNATURE)).to.equal(undefined);
  });

  it("uses the site owner's explorer (network-meta) as given, without a cluster", () => {
    const meta = networkInfo(LOCAL_SOLANA_CHAIN_ID, undefined, { explorer: 'https://explorer.example' });
    expect(explorerLink(LOCAL_SOLANA_CHAIN_ID, SIGNATURE, meta)).to.deep.equal({ href: `https://explorer.example/tx/${SIGNATURE}`, host: 'explorer.example' });
  });

  it('gives no link for a hash that is not of the network\'s kind', () => {
    expect(explorerLink('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', HASH)).to.equal(undefined);
    expect(explorerLink('eip155:1', SIGNATURE)).to.equal(undefined);
    expect(explorerLink('eip155:1', '0x12')).to.equal(undefined);
  });
});
