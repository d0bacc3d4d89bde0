import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { ALICE, SVG_ICON, announceWallet, createFakeProvider, deferred, providerError, walletInfo } from '../unit/support/fake-wallet.js';
import { bodyText, cleanup, dialogOf, mount, openAndRender, part, record, titleText, waitFor, walletButtons } from './support/element.js';

const PNG_ICON = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Each wallet button: name, tag and icon source as shown. */
const rows = (el: HTMLElement) =>
  walletButtons(el).map((button) => ({
    name: button.querySelector('.list-label')?.textContent,
    tag: button.querySelector('.tag')?.textContent,
    icon: button.querySelector('img')?.getAttribute('src') ?? null,
  }));

describe('<wallet-connect-modal> Connect view with EIP-6963 wallets', () => {
  const alpha = createFakeProvider({ accounts: [ALICE], chainId: '0x1' });
  const beta = createFakeProvider({ accounts: [ALICE], chainId: '0x1' });
  const stops: Array<() => void> = [];
  let el: WalletConnectModalElement;

  before(() => {
    stops.push(announceWallet(walletInfo('com.example.alpha', 'Alpha Wallet', SVG_ICON), alpha));
    stops.push(announceWallet(walletInfo('com.example.beta', 'Beta Wallet', PNG_ICON), beta));
  });
  after(() => stops.forEach((stop) => stop()));
  beforeEach(() => {
    el = mount({ networks: 'eip155:1' });
  });
  afterEach(async () => {
    await el.disconnect();
    await cleanup();
  });

  it('lists each announced wallet by name with its icon, tagged Installed', async () => {
    await openAndRender(el);
    await waitFor(() => walletButtons(el).length === 2, 'two wallets');
    expect(rows(el)).to.deep.equal([
      { name: 'Alpha Wallet', tag: 'Installed', icon: SVG_ICON },
      { name: 'Beta Wallet', tag: 'Installed', icon: PNG_ICON },
    ]);
    expect(part(el, 'wallet-list')!.getAttribute('aria-label')).to.equal('Wallets');
  });

  it('connecting: "Continue in <wallet>", then wallet-connect with the exact detail and the modal closes', async () => {
    const connects = record('wallet-connect');
    const closes = record('wallet-close');
    const approval = deferred<string[]>();
    beta.handle('eth_requestAccounts', () => approval.promise);
    try {
      await openAndRender(el);
      await waitFor(() => walletButtons(el).length === 2, 'two wallets');
      walletButtons(el)[1]!.click();
      await waitFor(() => titleText(el) === 'Beta Wallet', 'the ConnectingExternal title');
      await waitFor(() => bodyText(el).includes('Continue in Beta Wallet'), 'the pending text');
      expect(el.state).to.include({ view: 'ConnectingExternal', status: 'connecting' });
      expect(part(el, 'back-button')!.getAttribute('aria-label')).to.equal('Back');

      approval.resolve([ALICE]);
      await waitFor(() => !dialogOf(el).open, 'the dialog to close');
      expect(connects.details).to.deep.equal([{
        address: ALICE,
        caipAddress: `eip155:1:${ALICE}`,
        chainId: 'eip155:1',
        namespace: 'eip155',
        connector: { id: 'injected:com.example.beta', name: 'Beta Wallet', type: 'injected' },
      }]);
      expect(closes.details).to.deep.equal([{ view: 'ConnectingExternal' }]);
    } finally {
      connects.stop();
      closes.stop();
      beta.handle('eth_requestAccounts', () => [ALICE]);
    }
  });

  it('lists a recently used wallet first, tagged Recent', async () => {
    await openAndRender(el);
    await waitFor(() => walletButtons(el).length === 2, 'two wallets');
    walletButtons(el).find((b) => b.textContent!.includes('Beta Wallet'))!.click();
    await waitFor(() => !dialogOf(el).open, 'the dialog to close once connected');
    await el.disconnect();
    expect(el.state.status).to.equal('disconnected');

    await openAndRender(el);
    await waitFor(() => walletButtons(el).length === 2, 'two wallets');
    expect(rows(el)).to.deep.equal([
      { name: 'Beta Wallet', tag: 'Recent', icon: PNG_ICON },
      { name: 'Alpha Wallet', tag: 'Installed', icon: SVG_ICON },
    ]);
  });

  it('a refusal shows "Connection rejected" and a retry button; wallet-error carries the same words', async () => {
    const errors = record('wallet-error');
    alpha.handle('eth_requestAccounts', () => {
      throw providerError(4001, 'User rejected the request.');
    });
    try {
      await openAndRender(el);
      await waitFor(() => walletButtons(el).length === 2, 'two wallets');
      walletButtons(el).find((b) => b.textContent!.includes('Alpha Wallet'))!.click();
      const alert = await waitFor(() => el.shadowRoot!.querySelector('[role="alert"]'), 'the error');
      expect(alert.textContent).to.equal('Connection rejected');
      expect(bodyText(el)).to.contain('The request was declined in the wallet.');
      expect(el.shadowRoot!.querySelector('.button.primary')?.textContent).to.equal('Try again');
      expect(errors.details).to.deep.equal([{ code: 'CONNECTION_REJECTED', message: 'Connection rejected' }]);
      expect(el.state.status).to.equal('disconnected');
    } finally {
      errors.stop();
      alpha.handle('eth_requestAccounts', () => [ALICE]);
    }
  });

  it('Back from "Continue in <wallet>" returns to the list and abandons the attempt', async () => {
    const approval = deferred<string[]>();
    alpha.handle('eth_requestAccounts', () => approval.promise);
    try {
      await openAndRender(el);
      await waitFor(() => walletButtons(el).length === 2, 'two wallets');
      walletButtons(el).find((b) => b.textContent!.includes('Alpha Wallet'))!.click();
      await waitFor(() => bodyText(el).includes('Continue in Alpha Wallet'), 'the pending view');
      (await waitFor(() => part(el, 'back-button'), 'the back button')).click();
      await waitFor(() => titleText(el) === 'Connect Wallet', 'the Connect view');
      expect(el.state).to.include({ view: 'Connect', status: 'disconnected' });
      approval.resolve([ALICE]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(el.state).to.include({ view: 'Connect', status: 'disconnected', open: true });
    } finally {
      alpha.handle('eth_requestAccounts', () => [ALICE]);
    }
  });

  it('events while connected: wallet-open { view: "Account" }, wallet-network-change, wallet-disconnect', async () => {
    const opens = record('wallet-open');
    const changes = record('wallet-network-change');
    const disconnects = record('wallet-disconnect');
    try {
      await openAndRender(el);
      await waitFor(() => walletButtons(el).length === 2, 'two wallets');
      walletButtons(el).find((b) => b.textContent!.includes('Alpha Wallet'))!.click();
      await waitFor(() => !dialogOf(el).open, 'closed once connected');
      opens.details.length = 0;

      el.open();
      expect(opens.details).to.deep.equal([{ view: 'Account' }]);
      el.close();

      alpha.emit('chainChanged', '0x89');
      expect(changes.details).to.deep.equal([{ chainId: 'eip155:137', namespace: 'eip155', supported: false }]);
      expect(el.state).to.include({ open: true, view: 'UnsupportedChain', chainId: 'eip155:137', supported: false });

      await el.disconnect();
      expect(disconnects.details).to.deep.equal([{ namespace: 'eip155' }]);
      expect(el.state).to.include({ open: false, status: 'disconnected' });
    } finally {
      opens.stop();
      changes.stop();
      disconnects.stop();
    }
  });
});
