import { expect } from '@esm-bundle/chai';
import type { Caip2 } from '../../../src/core/caip.js';
import { networkInfo } from '../../../src/core/networks.js';

describe('core/networks', () => {
  it('offers only public https RPCs of its own: a local chain gets its RPC from rpc-urls', () => {
    const ids = ['eip155:1', 'eip155:10', 'eip155:56', 'eip155:100', 'eip155:137', 'eip155:8453', 'eip155:42161', 'eip155:43114', 'eip155:11155111', 'eip155:31337'] as Caip2[];
    for (const id of ids) for (const url of networkInfo(id).rpcUrls) expect(new URL(url).protocol, `${id} ${url}`).to.equal('https:');
    expect(networkInfo('eip155:31337')).to.deep.include({ name: 'Anvil 31337', rpcUrls: [] });
    expect(networkInfo('eip155:31337', 'http://127.0.0.1:9545').rpcUrls).to.deep.equal(['http://127.0.0.1:9545']);
  });
});
