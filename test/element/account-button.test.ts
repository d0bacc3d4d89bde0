import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { clearWalletApiCaches } from '../../src/services/wallet-api.js';
import { $knownBalance, $nativeBalance } from '../../src/stores/balance.js';
import { reconnect } from '../../src/stores/actions/index.js';
import { $connection } from '../../src/stores/connection.js';
import { $lastConnection } from '../../src/stores/last-connection.js';
import { $modal } from '../../src/stores/modal.js';
import { $identity } from '../../src/stores/identity.js';
import { type FakeFetch, installFakeFetch } from '../unit/support/fake-fetch.js';
import { ALICE, type FakeProvider, SVG_ICON, announceWallet, createFakeProvider, deferred, walletInfo } from '../unit/support/fake-wallet.js';
import { loadAxe } from './support/axe.js';
import { cleanup, deepActive, dialogOf, mount, openAndRender, titleText, waitFor, walletButtons } from './support/element.js';

const SHORT = '0x1111…1111';

/** Adds <wallet-connect-button> with these attributes; its content renders once its chunk has loaded. */
function addButton(attributes: Record<string, string> = {}): HTMLElement {
  const host = document.createElement('wallet-connect-button');
  host.dataset.testWidget = '';
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
  document.body.append(host);
  return host;
}
const inner = (host: HTMLElement) => host.shadowRoot?.querySelector<HTMLButtonElement>('button[part~="button"]') ?? null;
const partOf = (host: HTMLElement, name: string) => host.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`) ?? null;
/** The button's accessible name: its text, spaces collapsed (the avatar is hidden or has an empty alt). */
const nameOf = (button: HTMLElement) => button.textContent!.replace(/\s+/g, ' ').trim();
const textIs = (host: HTMLElement, text: string): Promise<HTMLButtonElement> =>
  waitFor(() => (inner(host)?.textContent === text ? inner(host) : null), `the button to read "${text}"`).catch((error: Error) => {
    throw new Error(`${error.message}; it reads "${inner(host)?.textContent}"`);
  });

/**
 * axe on the button (its shadow tree included), in the light and the dark theme: no serious or critical
 * violation, and axe did check the button (its name).
 */
async function expectAccessible(host: HTMLElement, state: string) {
  const axe = await loadAxe();
  for (const theme of ['light', 'dark']) {
    host.setAttribute('theme', theme);
    const results = await axe.run(host, { resultTypes: ['violations', 'passes'] });
    expect(results.passes.some((r) => r.id === 'button-name'), `${state}, theme ${theme}: axe checked the button`).to.equal(true);
    const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(severe.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.failureSummary))}`), `${state}, theme ${theme}`).to.deep.equal([]);
  }
  host.removeAttribute('theme');
}

describe('<wallet-connect-button>', () => {
  let modal: WalletConnectModalElement;
  let provider: FakeProvider;
  let stopAnnouncing: () => void;
  let net: FakeFetch;
  // A wallet of its own for each test: the widget keeps the provider a wallet first announced.
  let walletNumber = 0;
  let WALLET_ID = '';

  // The chain reader (viem) loads on first use: load it once here, so the tests' waits are not for the test server compiling it.
  before(async function () {
    this.timeout(30_000);
    await Promise.all([loadAxe(), import('../../src/connectors/evm/balance.js')]);
  });
  beforeEach(() => {
    clearWalletApiCaches();
    net = installFakeFetch();
    net.route(`/v1/identity/${ALICE}`, () => ({ body: { name: 'alice.eth', avatar: SVG_ICON } }));
    net.route('/v1/supported-chains', () => ({ body: { http: [] } }));
    provider = createFakeProvider({ accounts: [ALICE], chainId: '0x7a69' });
    const wallet = walletInfo(`com.example.button${++walletNumber}`, 'Button Wallet');
    WALLET_ID = `injected:${wallet.rdns}`;
    stopAnnouncing = announceWallet(wallet, provider);
    modal = mount({ networks: 'eip155:31337', theme: 'light' });
  });
  afterEach(async () => {
    await modal.disconnect();
    await cleanup();
    stopAnnouncing();
    net.restore();
  });

  async function connectThroughModal() {
    await openAndRender(modal);
    (await waitFor(() => walletButtons(modal).find((b) => b.dataset.walletId === WALLET_ID), 'the wallet')).click();
    await waitFor(() => modal.state.status === 'connected' && !dialogOf(modal).open, 'connected, the modal closed');
  }

  it('before the modal was ever opened, a connection restored at load shows the short address and reads nothing', async () => {
    // A returning visitor: the connection is restored without the modal being opened.
    $modal.set({ open: false });
    modal.setAttribute('api-url', 'http://api.test');
    $lastConnection.set({ walletId: WALLET_ID, namespace: 'eip155', type: 'injected' });
    const host = addButton();
    await reconnect();
    const button = await textIs(host, SHORT);
    // React runs a commit's effects before it renders the next update: once a later render is on screen, the
    // effect that would load the account data has run, and that data module (loaded here too) has resolved.
    host.setAttribute('theme', 'dark');
    await waitFor(() => inner(host)?.dataset.theme === 'dark', 'a later render');
    await import('../../src/views/screens/button-data.js');
    await Promise.resolve();
    // Nothing subscribes to the stores that read the chain or the wallet data API, so no read starts.
    expect($nativeBalance.lc, 'listeners of the balance').to.equal(0);
    expect($identity.lc, 'listeners of the identity').to.equal(0);
    expect(provider.methods()).to.not.include('eth_getBalance');
    expect(net.calls.map((url) => url.pathname)).to.deep.equal([]);
    expect(partOf(host, 'balance')).to.equal(null);
    expect(partOf(host, 'avatar')!.getAttribute('aria-hidden')).to.equal('true');

    // Opening the modal (on Account, from the button) is what reads; the button then shows what it read.
    button.click();
    // (The views mount when the modal first opens: until then there is no dialog.)
    await waitFor(() => dialogOf(modal)?.open && titleText(modal) === 'Account', 'Account');
    await waitFor(() => partOf(host, 'profile-name')?.textContent === 'alice.eth', 'the name from the wallet data API');
    await waitFor(() => partOf(host, 'balance'), 'the balance');
    expect(nameOf(inner(host)!)).to.equal('alice.eth, Balance: 1 ETH');
    expect(partOf(host, 'balance')!.textContent).to.equal(', Balance: 1 ETH');
    const avatar = partOf(host, 'avatar') as HTMLImageElement;
    expect(avatar.tagName).to.equal('IMG');
    expect(avatar.getAttribute('src')).to.equal(SVG_ICON);
    expect(avatar.alt).to.equal('');
    expect(inner(host)!.title).to.equal(ALICE);
    modal.close();
  });

  it('disconnected: one button "Connect Wallet" that opens the modal by click and by keyboard', async () => {
    const host = addButton();
    const button = await textIs(host, 'Connect Wallet');
    expect(button.getAttribute('type')).to.equal('button');
    expect(button.getAttribute('aria-haspopup')).to.equal('dialog');
    expect(button.hasAttribute('aria-busy')).to.equal(false);
    expect(partOf(host, 'avatar')).to.equal(null);
    await expectAccessible(host, 'disconnected');

    button.focus();
    expect(deepActive()).to.equal(button);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => dialogOf(modal).open, 'the modal to open');
    expect(titleText(modal)).to.equal('Connect Wallet');
    modal.close();
    await waitFor(() => !dialogOf(modal).open, 'the modal to close');
    button.focus();
    await sendKeys({ press: 'Space' });
    await waitFor(() => dialogOf(modal).open, 'the modal to open by Space');
  });

  it('connecting: "Connecting…", busy; pressing it shows the modal again without abandoning the attempt', async () => {
    const answer = deferred<string[]>();
    provider.handle('eth_requestAccounts', () => answer.promise);
    const host = addButton();
    await textIs(host, 'Connect Wallet');
    await openAndRender(modal);
    (await waitFor(() => walletButtons(modal).find((b) => b.dataset.walletId === WALLET_ID), 'the wallet')).click();
    const button = await textIs(host, 'Connecting…');
    expect(button.getAttribute('aria-busy')).to.equal('true');
    expect(button.hasAttribute('aria-disabled')).to.equal(false);
    await expectAccessible(host, 'connecting');

    modal.close();
    await waitFor(() => !dialogOf(modal).open, 'the modal to close');
    button.click();
    await waitFor(() => dialogOf(modal).open, 'the modal to open again');
    expect(titleText(modal)).to.equal('Button Wallet');
    expect(modal.state.status).to.equal('connecting');
    answer.resolve([ALICE]);
    await waitFor(() => inner(host)?.dataset.status === 'connected' && partOf(host, 'address')?.textContent === SHORT, 'connected');
  });

  it('reconnecting: "Reconnecting…", busy and unavailable; pressing it does nothing', async () => {
    $connection.set({ status: 'reconnecting', walletId: WALLET_ID });
    const host = addButton();
    const button = await textIs(host, 'Reconnecting…');
    expect(button.getAttribute('aria-busy')).to.equal('true');
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    await expectAccessible(host, 'reconnecting');
    const opens: unknown[] = [];
    modal.addEventListener('wallet-open', (event) => opens.push(event.detail));
    button.click(); // the handler is synchronous: an open would have happened by now
    expect(opens).to.deep.equal([]);
    expect(modal.state.open).to.equal(false);
    $connection.set({ status: 'disconnected' });
    await textIs(host, 'Connect Wallet');
  });

  it('connected: generated avatar and short address; pressing it opens Account, whose balance it then shows', async () => {
    // As on a fresh page: no balance read yet (earlier tests read this account's).
    $nativeBalance.set({ status: 'idle' });
    $knownBalance.set({ status: 'idle' });
    const host = addButton();
    await connectThroughModal();
    // The modal closed on connecting; the button listens to nothing that would read.
    await waitFor(() => partOf(host, 'address')?.textContent === SHORT, 'the short address');
    const button = inner(host)!;
    expect($nativeBalance.lc, 'listeners of the balance').to.equal(0);
    expect($identity.lc, 'listeners of the identity').to.equal(0);
    button.click();
    await waitFor(() => dialogOf(modal).open && titleText(modal) === 'Account', 'the Account view');
    await waitFor(() => partOf(host, 'balance'), 'the balance the Account view read');
    modal.close();
    await waitFor(() => !dialogOf(modal).open, 'the modal to close');
    expect(partOf(host, 'address')!.textContent).to.equal(SHORT);
    expect(nameOf(button)).to.equal(`${SHORT}, Balance: 1 ETH`);
    expect(button.title).to.equal(ALICE);
    expect(button.dataset.status).to.equal('connected');
    const avatar = partOf(host, 'avatar')!;
    expect(avatar.tagName).to.equal('SPAN');
    expect(avatar.getAttribute('aria-hidden')).to.equal('true');
    expect(getComputedStyle(avatar).backgroundImage).to.match(/^linear-gradient/);
    await expectAccessible(host, 'connected');

    await modal.disconnect();
    await textIs(host, 'Connect Wallet');
    expect(partOf(host, 'balance')).to.equal(null);
  });

  it('opens the modal named by for="<id>", and says so in the console when there is none', async () => {
    const second = mount({ id: 'second-modal', networks: 'eip155:31337' });
    const calls: { on: string; options: unknown }[] = [];
    modal.open = ((options: unknown) => void calls.push({ on: 'first', options })) as typeof modal.open;
    second.open = ((options: unknown) => void calls.push({ on: 'second', options })) as typeof second.open;
    const byId = addButton({ for: 'second-modal' });
    const first = addButton();
    (await textIs(byId, 'Connect Wallet')).click();
    (await textIs(first, 'Connect Wallet')).click();
    expect(calls).to.deep.equal([{ on: 'second', options: undefined }, { on: 'first', options: undefined }]);

    const logged: string[] = [];
    const realError = console.error;
    console.error = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
    try {
      const missing = addButton({ for: 'nope' });
      (await textIs(missing, 'Connect Wallet')).click();
    } finally {
      console.error = realError;
    }
    expect(logged).to.deep.equal(['[wallet-connect-button] no <wallet-connect-modal id="nope"> in the document']);
    expect(calls).to.have.length(2);
  });

  it('themes: the modal\'s theme by default, its own theme attribute, a --wallet-modal-* token and ::part(button)', async () => {
    const host = addButton();
    const button = await textIs(host, 'Connect Wallet');
    expect(getComputedStyle(button).backgroundColor).to.equal('rgb(41, 87, 216)');
    modal.setAttribute('theme', 'dark');
    await waitFor(() => getComputedStyle(button).backgroundColor === 'rgb(127, 162, 255)', 'the dark accent, following the modal');
    host.setAttribute('theme', 'light');
    await waitFor(() => getComputedStyle(button).backgroundColor === 'rgb(41, 87, 216)', 'the light accent, its own theme');

    host.style.setProperty('--wallet-modal-accent', 'rgb(1, 2, 3)');
    expect(getComputedStyle(button).backgroundColor).to.equal('rgb(1, 2, 3)');
    const style = document.createElement('style');
    style.textContent = 'wallet-connect-button::part(button) { border-radius: 3px; text-transform: uppercase; }';
    document.head.append(style);
    try {
      expect(getComputedStyle(button).borderTopLeftRadius).to.equal('3px');
      expect(getComputedStyle(button).textTransform).to.equal('uppercase');
    } finally {
      style.remove();
    }
  });

  it('unmounts when removed and mounts again when added back', async () => {
    const host = addButton();
    await textIs(host, 'Connect Wallet');
    host.remove();
    await waitFor(() => inner(host) === null, 'the content to unmount');
    document.body.append(host);
    await textIs(host, 'Connect Wallet');
  });
});
