import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { ALICE, announceWallet, createFakeProvider, walletInfo } from '../unit/support/fake-wallet.js';
import { expectAccessible, loadAxe } from './support/axe.js';
import { cleanup, dialogOf, mount, openAndRender, parts, record, titleText, waitFor, walletButtons } from './support/element.js';

const ICON = 'data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%20viewBox=%220%200%201%201%22/%3E';

describe('<wallet-connect-modal> network-meta: names, icons and explorers per network; one title for the network chooser', () => {
  let stopAnnouncing: (() => void) | undefined;
  const realError = console.error;
  before(() => loadAxe());
  beforeEach(() => { console.error = () => {}; });
  afterEach(async () => {
    console.error = realError;
    stopAnnouncing?.();
    stopAnnouncing = undefined;
    await cleanup();
  });

  it('an invalid value (attribute or property) is refused with INVALID_CONFIG and the previous value stays', async () => {
    const errors = record<{ code: string; message: string }>('wallet-error');
    try {
      const el = mount({ networks: 'eip155:1', 'network-meta': '{"eip155:1":{"icon":"javascript:alert(1)"}}' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(errors.details).to.deep.equal([{ code: 'INVALID_CONFIG', message: 'Invalid configuration' }]);
      expect(el.networkMeta).to.deep.equal({});
      el.networkMeta = { 'eip155:1': { name: 'Mainnet' } };
      expect(el.networkMeta).to.deep.equal({ 'eip155:1': { name: 'Mainnet' } });
      el.networkMeta = { 'eip155:1': { explorer: 'http://insecure.example' } };
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(errors.details.map((d) => d.code)).to.deep.equal(['INVALID_CONFIG', 'INVALID_CONFIG']);
      expect(el.networkMeta).to.deep.equal({ 'eip155:1': { name: 'Mainnet' } });
    } finally {
      errors.stop();
    }
  });

  it('the network list and Account show the site owner\'s names and icons, built-in marks otherwise; the chooser is "Choose Network" everywhere', async () => {
    const provider = createFakeProvider({ accounts: [ALICE], chainId: '0x7a69' });
    stopAnnouncing = announceWallet(walletInfo('com.example.meta', 'Meta Wallet'), provider);
    const el: WalletConnectModalElement = mount({ networks: 'eip155:31337,eip155:31338,eip155:1' });
    el.networkMeta = { 'eip155:31337': { name: 'Local One', icon: ICON } };
    await openAndRender(el);
    (await waitFor(() => walletButtons(el)[0], 'the wallet')).click();
    await waitFor(() => el.state.status === 'connected' && !dialogOf(el).open, 'connected');
    await openAndRender(el);
    const networkButton = await waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('[data-action="switch-network"]'), 'the Account view', 8000);
    expect(networkButton.querySelector('.list-label')!.textContent).to.equal('Local One');
    expect(networkButton.querySelector('img[data-network-icon="custom"]')!.getAttribute('src')).to.equal(ICON);
    expect(networkButton.querySelector('.tag')!.textContent).to.equal('Choose Network');
    networkButton.click();
    await waitFor(() => parts(el, 'network-button').length === 3, 'the network list');
    expect(titleText(el)).to.equal('Choose Network');
    const items = parts(el, 'network-button').map((b) => [b.dataset.networkId, b.querySelector('.list-label')!.textContent, b.querySelector('[data-network-icon]')!.getAttribute('data-network-icon')]);
    expect(items).to.deep.equal([
      ['eip155:31337', 'Local One', 'custom'],
      ['eip155:31338', 'Anvil 31338', 'generic'],
      ['eip155:1', 'Ethereum', 'built-in'],
    ]);
    await expectAccessible(el, 'SwitchNetwork with network-meta');
    await el.disconnect();
  });
});
