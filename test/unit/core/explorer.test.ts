import { expect } from '@esm-bundle/chai';
import { explorerLink } from '../../../src/core/explorer.js';

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
