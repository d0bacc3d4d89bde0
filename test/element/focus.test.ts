import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { ALICE, SVG_ICON, announceWallet, createFakeProvider, deferred, walletInfo } from '../unit/support/fake-wallet.js';
import { cleanup, dialogOf, mount, openAndRender, part, titleText, waitFor, walletButtons } from './support/element.js';

/** Focus stays inside the modal at every step, on the view's first control (finishing touches). */
describe('<wallet-connect-modal> focus', () => {
  const alpha = createFakeProvider({ accounts: [ALICE], chainId: '0x1' });
  const beta = createFakeProvider({ accounts: [ALICE], chainId: '0x1' });
  const stops: Array<() => void> = [];
  let el: WalletConnectModalElement;
  const active = () => el.shadowRoot!.activeElement;
  // The first open after a page load lands on WalletConnect (first-focus.test.ts has the rules).
  const walletConnect = () => el.shadowRoot!.querySelector('[data-wallet-id="walletconnect"]');

  before(() => {
    stops.push(announceWallet(walletInfo('com.example.alpha', 'Alpha Wallet', SVG_ICON), alpha));
    stops.push(announceWallet(walletInfo('com.example.beta', 'Beta Wallet', SVG_ICON), beta));
  });
  after(() => stops.forEach((stop) => stop()));
  beforeEach(() => {
    el = mount({ networks: 'eip155:1' });
  });
  afterEach(async () => {
    document.querySelectorAll('[data-test-prompt]').forEach((d) => d.remove());
    await el.disconnect();
    await cleanup();
  });

  it('on open, lands on WalletConnect, not on ✕', async () => {
    await openAndRender(el);
    await waitFor(() => walletButtons(el).length === 2, 'two wallets');
    await waitFor(() => active() === walletConnect(), 'focus on WalletConnect', 1000).catch(() => {});
    expect(active()?.getAttribute('data-wallet-id')).to.equal('walletconnect');
    expect(active()).to.not.equal(part(el, 'close-button'));
  });

  it('on a view change, moves to the new view (Back while the wallet asks), and back to WalletConnect after Back', async () => {
    const approval = deferred<string[]>();
    beta.handle('eth_requestAccounts', () => approval.promise);
    await openAndRender(el);
    await waitFor(() => walletButtons(el).length === 2, 'two wallets');
    walletButtons(el)[1]!.click();
    await waitFor(() => titleText(el) === 'Beta Wallet', 'the ConnectingExternal view');
    await waitFor(() => active() === part(el, 'back-button'), 'focus on Back', 1000).catch(() => {});
    expect(active()).to.equal(part(el, 'back-button'));
    part(el, 'back-button')!.click();
    await waitFor(() => walletButtons(el).length === 2, 'the Connect view again');
    await waitFor(() => active() === walletConnect(), 'focus on WalletConnect', 1000).catch(() => {});
    expect(active()).to.equal(walletConnect());
    approval.reject(new Error('abandoned'));
  });

  it("after the wallet's own modal prompt closes (Escape), focus comes back inside, not to the page body", async () => {
    const approval = deferred<string[]>();
    beta.handle('eth_requestAccounts', () => approval.promise);
    await openAndRender(el);
    await waitFor(() => walletButtons(el).length === 2, 'two wallets');
    await waitFor(() => active() === walletConnect(), 'focus on WalletConnect');
    // The wallet's prompt: another modal <dialog> over ours, as the dev wallet shows.
    const prompt = document.createElement('dialog');
    prompt.setAttribute('data-test-prompt', '');
    prompt.innerHTML = '<button>Approve</button>';
    document.body.append(prompt);
    prompt.showModal();
    prompt.querySelector('button')!.focus();
    walletButtons(el)[1]!.click();
    await waitFor(() => titleText(el) === 'Beta Wallet', 'the ConnectingExternal view');
    prompt.close();
    await waitFor(() => dialogOf(el).contains(active()), 'focus back inside', 1000).catch(() => {});
    expect(document.activeElement).to.equal(el);
    expect(active()).to.equal(part(el, 'back-button'));
    approval.reject(new Error('abandoned'));
  });

  it("when the view changed behind the wallet's prompt and the browser gives focus back to ✕, it moves on to the view's first control", async () => {
    const approval = deferred<string[]>();
    beta.handle('eth_requestAccounts', () => approval.promise);
    await openAndRender(el);
    await waitFor(() => walletButtons(el).length === 2, 'two wallets');
    // ✕ had focus when the prompt opened (the browser's own first focus on showModal, before ours).
    part(el, 'close-button')!.focus();
    const prompt = document.createElement('dialog');
    prompt.setAttribute('data-test-prompt', '');
    prompt.innerHTML = '<button>Approve</button>';
    document.body.append(prompt);
    prompt.showModal();
    walletButtons(el)[1]!.click();
    await waitFor(() => titleText(el) === 'Beta Wallet', 'the ConnectingExternal view');
    prompt.close();
    expect(active()?.getAttribute('part')).to.equal('back-button');
    approval.reject(new Error('abandoned'));
  });
});
