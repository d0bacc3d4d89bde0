import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import { ALICE, SVG_ICON, createFakeProvider, walletInfo } from '../unit/support/fake-wallet.js';
import { cleanup, mount, openAndRender, waitFor, walletButtons } from './support/element.js';

/**
 * A wallet whose script loads after the page announces itself once (EIP-6963) and is not
 * there to answer a later requestProvider. The widget listens from the moment the element is defined.
 */
describe('<wallet-connect-modal> EIP-6963 announcements before the first open', () => {
  afterEach(cleanup);

  it('a wallet that announced once, before the modal was ever opened, is listed when it opens', async () => {
    const requests: Event[] = [];
    const onRequest = (event: Event) => requests.push(event);
    window.addEventListener('eip6963:requestProvider', onRequest);
    try {
      // Announces once and never answers requestProvider (its script ran and is done).
      const provider = createFakeProvider({ accounts: [ALICE], chainId: '0x1' });
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: Object.freeze(walletInfo('com.example.early', 'Early Wallet', SVG_ICON)), provider }) }));
      const el = mount({ networks: 'eip155:1' });
      expect(requests).to.have.length(0);
      await openAndRender(el);
      await waitFor(() => walletButtons(el).length === 1, 'the early wallet');
      expect(walletButtons(el).map((b) => b.querySelector('.list-label')?.textContent)).to.deep.equal(['Early Wallet']);
      // Opening still asks the wallets present to announce, each time it opens.
      expect(requests.length).to.be.at.least(1);
      const before = requests.length;
      el.close();
      el.open();
      expect(requests.length).to.equal(before + 1);
    } finally {
      window.removeEventListener('eip6963:requestProvider', onRequest);
    }
  });
});
