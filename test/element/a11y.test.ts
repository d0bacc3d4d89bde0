import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { ALICE, announceWallet, createFakeProvider, deferred, providerError, walletInfo } from '../unit/support/fake-wallet.js';
import { expectAccessible, loadAxe } from './support/axe.js';
import { bodyText, cleanup, deepActive, dialogOf, mount, openAndRender, part, parts, titleText, waitFor, walletButtons } from './support/element.js';

describe('<wallet-connect-modal> accessibility (axe) in each view', () => {
  // A local chain: with no rpc-urls, no api-url and no public RPC known for it, the wallet answers the reads.
  const provider = createFakeProvider({ accounts: [ALICE], chainId: '0x7a69' });
  let stopAnnouncing: (() => void) | undefined;
  let el: WalletConnectModalElement;

  before(async () => {
    await loadAxe();
    // The balance reader (viem) loads on first use, and the dev server compiles it on its first request: that can
    // take longer than any wait below on a loaded machine, so it is fetched and compiled once here, up front.
    await import('../../src/connectors/evm/balance.js');
  });
  beforeEach(() => {
    el = mount({ networks: 'eip155:31337,eip155:137' });
  });
  afterEach(async () => {
    await el.disconnect();
    await cleanup();
  });
  after(() => stopAnnouncing?.());

  // First, while no wallet has announced itself in this page.
  it('Connect, no wallet found', async () => {
    await openAndRender(el);
    expect(bodyText(el)).to.contain('No browser wallet found');
    await expectAccessible(el, 'Connect (empty)');
  });

  describe('with a wallet', () => {
    before(() => {
      stopAnnouncing = announceWallet(walletInfo('com.example.axe', 'Axe Wallet'), provider);
    });
    beforeEach(() => {
      provider.handle('eth_requestAccounts', () => [ALICE]);
      provider.handle('eth_chainId', () => '0x7a69');
      provider.handle('wallet_switchEthereumChain', () => null);
    });

    const pickWallet = async () => {
      await openAndRender(el);
      (await waitFor(() => walletButtons(el)[0], 'a wallet')).click();
    };

    async function connectViaUi() {
      await pickWallet();
      await waitFor(() => el.state.status === 'connected' && !dialogOf(el).open, 'connected and closed');
    }

    it('Connect, wallet list', async () => {
      await openAndRender(el);
      await waitFor(() => walletButtons(el).length === 1, 'the wallet');
      await expectAccessible(el, 'Connect (list)');
    });

    it('ConnectingExternal, waiting for the wallet', async () => {
      const approval = deferred<string[]>();
      provider.handle('eth_requestAccounts', () => approval.promise);
      await pickWallet();
      await waitFor(() => bodyText(el).includes('Continue in Axe Wallet'), 'the pending view');
      await expectAccessible(el, 'ConnectingExternal (pending)');
      el.close();
      // Closing is not cancelling: the approval connects. Wait for it here, so that the disconnect after this test
      // ends it; left to land later, it connected the next test's element (shared stores) and its Connect view
      // showed Account instead (seen on CI: "ConnectingExternal, refused" found no wallet to press).
      approval.resolve([ALICE]);
      await waitFor(() => el.state.status === 'connected', 'the late approval to connect');
    });

    it('ConnectingExternal, refused', async () => {
      provider.handle('eth_requestAccounts', () => {
        throw providerError(4001, 'User rejected the request.');
      });
      await pickWallet();
      await waitFor(() => bodyText(el).includes('Connection rejected'), 'the error');
      await expectAccessible(el, 'ConnectingExternal (error)');
    });

    it('Account, with its balance', async () => {
      await connectViaUi();
      await openAndRender(el);
      expect(titleText(el)).to.equal('Account');
      // The balance reader is compiled already (see before()); its read still goes through the wallet.
      await waitFor(() => part(el, 'balance')?.textContent === 'Balance: 1 ETH', 'the balance "1 ETH"');
      await expectAccessible(el, 'Account');

      // With a toast: copy the address by a real key press (the clipboard needs user activation).
      el.shadowRoot!.querySelector<HTMLElement>('[data-action="copy"]')!.focus();
      await sendKeys({ press: 'Enter' });
      const toast = await waitFor(() => part(el, 'toast'), 'a toast');
      expect(toast.textContent).to.equal('Address copied');
      expect(toast.getAttribute('role')).to.equal('status');
      await expectAccessible(el, 'Account (toast)');
    });

    it('SwitchNetwork, its list, pending and refused states', async () => {
      await connectViaUi();
      await openAndRender(el, { view: 'SwitchNetwork' });
      await waitFor(() => parts(el, 'network-button').length === 2, 'two networks');
      expect(titleText(el)).to.equal('Choose Network');
      await expectAccessible(el, 'SwitchNetwork');

      const answer = deferred<null>();
      provider.handle('wallet_switchEthereumChain', () => answer.promise);
      parts(el, 'network-button')[1]!.click();
      await waitFor(() => bodyText(el).includes('Approve in your wallet'), 'the pending switch');
      await expectAccessible(el, 'SwitchNetwork (pending)');

      answer.reject(providerError(4001, 'User rejected the request.'));
      await waitFor(() => bodyText(el).includes('Network switch rejected'), 'the refusal');
      await expectAccessible(el, 'SwitchNetwork (error)');
    });

    it('UnsupportedChain', async () => {
      await connectViaUi();
      provider.emit('chainChanged', '0xa');
      await waitFor(() => dialogOf(el).open && titleText(el) === 'Switch Network', 'the UnsupportedChain view');
      await waitFor(() => bodyText(el).includes('This app does not support the network your wallet is on.'), 'its text');
      expect(part(el, 'close-button')).to.equal(null);
      await expectAccessible(el, 'UnsupportedChain');
      // Not dismissible while the wallet is on an unsupported chain (docs/specification.md#states): Escape, twice, keeps it open.
      await waitFor(() => dialogOf(el).contains(deepActive()), 'focus inside');
      await sendKeys({ press: 'Escape' });
      await sendKeys({ press: 'Escape' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(dialogOf(el).open).to.equal(true);
      expect(el.state).to.include({ open: true, view: 'UnsupportedChain' });
      provider.emit('chainChanged', '0x7a69');
      await waitFor(() => !dialogOf(el).open, 'the view to give way on a supported chain');
    });
  });
});
