import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import { ALICE, announceWallet, createFakeProvider, walletInfo } from '../unit/support/fake-wallet.js';
import { SOL_BOB, fakeSolanaWallet } from '../unit/support/fake-solana-wallet.js';
import { bodyText, cleanup, mount, openAndRender, parts, record, waitFor } from './support/element.js';

/**
 * Its own file, so its page has never loaded Wallet Standard discovery (a chunk loaded on the first open): a
 * visitor who clicks a wallet on both namespaces as soon as it shows must still be asked which namespace.
 */
describe('<wallet-connect-modal>: Connect before Wallet Standard discovery has run', () => {
  afterEach(cleanup);

  it('a wallet on both namespaces, chosen at once, asks which one instead of connecting its EVM side', async () => {
    const stops = [
      announceWallet(walletInfo('org.test.dual', 'Dual'), createFakeProvider({ accounts: [ALICE], chainId: '0x1' })),
      fakeSolanaWallet({ name: 'Dual', address: SOL_BOB }).register(),
    ];
    try {
      const el = mount({ networks: 'eip155:1,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' });
      const connects = record('wallet-connect');
      await openAndRender(el);
      const entry = await waitFor(() => parts(el, 'wallet-button').find((b) => b.textContent?.includes('Dual')), 'the wallet');
      entry.click();
      await waitFor(() => bodyText(el).includes('Dual works on more than one kind of network. Which one do you want to connect?'), 'the namespace question');
      expect(connects.details).to.deep.equal([]);
      connects.stop();
    } finally {
      stops.forEach((stop) => stop());
    }
  });
});
