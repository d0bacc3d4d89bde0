import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { type FakeFetch, installFakeFetch } from '../unit/support/fake-fetch.js';
import { SIWX_URL, fakeSiwxBackend } from '../unit/support/fake-siwx-backend.js';
import { ALICE, type FakeProvider, announceWallet, createFakeProvider, providerError, walletInfo } from '../unit/support/fake-wallet.js';
import { expectAccessible, loadAxe } from './support/axe.js';
import { cleanup, dialogOf, mount, openAndRender, part, record, titleText, waitFor, walletButtons } from './support/element.js';

/** SIWXSignMessage after connecting with `siwx-url`, Sign and Cancel, the `wallet-session` event. */
describe('<wallet-connect-modal siwx-url>: SIWXSignMessage', () => {
  let net: FakeFetch;
  let backend: ReturnType<typeof fakeSiwxBackend>;
  let provider: FakeProvider;
  let stopAnnouncing: () => void;
  let modal: WalletConnectModalElement;
  let walletId: string;
  let serial = 0;

  before(async function () {
    this.timeout(30_000);
    await Promise.all([loadAxe(), import('../../src/stores/actions/siwx.js'), import('../../src/views/screens/SiwxSignMessageScreen.js')]);
  });
  beforeEach(() => {
    net = installFakeFetch();
    backend = fakeSiwxBackend(net);
    provider = createFakeProvider({ accounts: [ALICE], chainId: '0x7a69' });
    provider.handle('personal_sign', () => '0x5167');
    const wallet = walletInfo(`com.example.siwx${++serial}`, 'Siwx Wallet');
    walletId = `injected:${wallet.rdns}`;
    stopAnnouncing = announceWallet(wallet, provider);
  });
  afterEach(async () => {
    await modal.disconnect();
    await cleanup();
    stopAnnouncing();
    net.restore();
  });

  const body = () => part(modal, 'body')?.querySelector('[data-view="SIWXSignMessage"]');
  const button = (action: string) => body()?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);

  async function connectAndSeeSignIn(attributes: Record<string, string> = {}) {
    modal = mount({ networks: 'eip155:31337', theme: 'light', 'siwx-url': SIWX_URL, ...attributes });
    await openAndRender(modal);
    (await waitFor(() => walletButtons(modal).find((b) => b.dataset.walletId === walletId), 'the wallet')).click();
    await waitFor(() => dialogOf(modal).open && body(), 'SIWXSignMessage');
  }

  it('shows the site, what signing does, Sign and Cancel; Sign signs once, wallet-session authenticated, the modal closes', async () => {
    const sessions = record('wallet-session');
    await connectAndSeeSignIn();
    expect(titleText(modal)).to.equal('Sign In');
    const texts = [...body()!.querySelectorAll('p')].map((p) => p.textContent);
    expect(texts).to.deep.equal([`${document.title.trim() || location.host} needs to connect to your wallet`, location.host, 'Sign this message to prove you own this wallet and proceed.']);
    expect([button('cancel')!.textContent, button('sign')!.textContent]).to.deep.equal(['Cancel', 'Sign']);
    await expectAccessible(modal, 'SIWXSignMessage');
    button('sign')!.click();
    await waitFor(() => sessions.details.length === 1 && !dialogOf(modal).open, 'wallet-session, the modal closed');
    sessions.stop();
    expect(sessions.details[0]).to.deep.equal({ status: 'authenticated', session: { address: ALICE, chainId: 'eip155:31337', expires: '2099-01-01T00:00:00.000Z' } });
    expect(modal.state.session).to.deep.equal({ address: ALICE, chainId: 'eip155:31337', expires: '2099-01-01T00:00:00.000Z' });
    expect(provider.methods().filter((m) => m === 'personal_sign')).to.have.length(1);
  });

  it('a wallet that refuses: the toast "Error signing message", still on SIWXSignMessage', async () => {
    provider.handle('personal_sign', () => { throw providerError(4001, 'User rejected the request.'); });
    await connectAndSeeSignIn();
    button('sign')!.click();
    await waitFor(() => part(modal, 'toast')?.textContent?.includes('Error signing message'), 'the toast');
    expect(dialogOf(modal).open).to.equal(true);
    expect(body()).to.not.equal(null);
    expect(modal.state.session).to.equal(undefined);
  });

  it('without siwx-required, Cancel just closes: the wallet stays connected', async () => {
    await connectAndSeeSignIn();
    expect(body()!.textContent).to.not.include('Canceling will disconnect you.');
    button('cancel')!.click();
    await waitFor(() => !dialogOf(modal).open, 'the modal closed');
    expect(modal.state.status).to.equal('connected');
  });

  it('with siwx-required: "Canceling will disconnect you.", Escape does not dismiss, Cancel disconnects', async () => {
    const disconnects = record('wallet-disconnect');
    await connectAndSeeSignIn({ 'siwx-required': '' });
    expect(body()!.querySelector('[data-siwx="cancel-disconnects"]')!.textContent).to.equal('Canceling will disconnect you.');
    button('sign')!.focus();
    await sendKeys({ press: 'Escape' });
    // The dialog's cancel (Escape) is handled synchronously, before sendKeys resolves: a dismissal would show here.
    expect(dialogOf(modal).open).to.equal(true);
    expect(modal.state.view).to.equal('SIWXSignMessage');
    button('cancel')!.click();
    await waitFor(() => disconnects.details.length === 1, 'wallet-disconnect');
    disconnects.stop();
    expect(modal.state.status).to.equal('disconnected');
    expect(backend.posted).to.have.length(0);
  });

  it('a valid session for the account and chain: no SIWXSignMessage, no signature', async () => {
    backend.session = { address: ALICE, chainId: 'eip155:31337', expires: '2099-01-01T00:00:00.000Z' };
    const sessions = record('wallet-session');
    modal = mount({ networks: 'eip155:31337', theme: 'light', 'siwx-url': SIWX_URL });
    await openAndRender(modal);
    (await waitFor(() => walletButtons(modal).find((b) => b.dataset.walletId === walletId), 'the wallet')).click();
    await waitFor(() => sessions.details.length === 1, 'wallet-session');
    sessions.stop();
    expect(sessions.details[0]).to.deep.include({ status: 'authenticated' });
    expect(dialogOf(modal).open).to.equal(false);
    expect(provider.methods()).to.not.include('personal_sign');
  });

  it('signIn() without siwx-url rejects "SIWX is not enabled"', async () => {
    modal = mount({ networks: 'eip155:31337' });
    const error = await modal.signIn().then(() => undefined, (e: Error & { shortMessage?: string; code?: string }) => e);
    expect([error?.code, error?.shortMessage]).to.deep.equal(['SIWX_NOT_ENABLED', 'SIWX is not enabled']);
  });
});
