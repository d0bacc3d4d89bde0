import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { createPublicClient, http, verifyMessage, verifyTypedData } from 'viem';
import { startWalletPeer, type WalletPeer } from '../../devstack/wc-wallet/index.js';
import { ACCOUNT_0, events, inModal, openModal, seriousA11yViolations, useE2E, waitForEvent, widgetState } from './harness.js';
import { providerError, providerRequest, scanQr, showWalletConnectQr, waitForStoredSession } from './walletconnect-support.js';

const TYPED_DATA = {
  domain: { name: 'wallet-connect-modal e2e', version: '1', chainId: 31337 },
  types: { Greeting: [{ name: 'text', type: 'string' }] },
  primaryType: 'Greeting',
  message: { text: 'hello over WalletConnect' },
} as const;

describe('WalletConnect: QR code, a real wallet peer (WalletKit) over the local relay', () => {
  const e2e = useE2E();
  let peer: WalletPeer | undefined;
  const startPeer = async () => (peer = await startWalletPeer({ relayUrl: e2e.stack.relayUrl, chains: e2e.stack.chains }));
  afterEach(async () => {
    await peer?.stop();
    peer = undefined;
  });

  /** Opens the QR code, has the wallet scan it and approve; resolves with the wallet-connect detail. */
  async function connectThroughQr(page: import('playwright-core').Page) {
    const wallet = peer ?? (await startPeer());
    const uri = await showWalletConnectQr(page);
    assert.match(uri, /^wc:[0-9a-f]{64}@2\?/);
    await wallet.pair(uri);
    return waitForEvent(page, 'wallet-connect');
  }

  it('connects through the URI in the QR code: wallet-connect with connector type walletconnect, then the Account view', async () => {
    const { page, context, requests } = await e2e.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const wallet = await startPeer();
    await openModal(page);
    const row = inModal(page, '[data-wallet-id="walletconnect"]');
    assert.equal((await row.textContent())?.trim(), 'WalletConnectQR code');
    await row.click();
    const uri = await scanQr(page);
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'WalletConnect');
    assert.equal(await inModal(page, '[part="qr-code"]').getAttribute('aria-label'), 'QR code to connect WalletConnect');
    assert.equal(await inModal(page, '.walletconnect .status').textContent(), 'Scan this QR code with your phone');
    assert.equal((await widgetState(page)).status, 'connecting');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: ConnectingWalletConnect');

    await inModal(page, 'button:has-text("Copy link")').click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), uri);
    assert.equal(await inModal(page, '[part="toast"]').textContent(), 'Link copied');

    await wallet.pair(uri);
    const detail = await waitForEvent(page, 'wallet-connect');
    assert.deepEqual(detail, {
      address: ACCOUNT_0,
      caipAddress: `eip155:31337:${ACCOUNT_0}`,
      chainId: 'eip155:31337',
      namespace: 'eip155',
      connector: { id: 'walletconnect', name: wallet.name, type: 'walletconnect' },
    });
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
    await openModal(page);
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Account');
    assert.equal(await inModal(page, '[part="address"]').textContent(), '0xf39F…2266');
    // Nothing left this machine: the relay, the chains and the page are all on loopback.
    assert.deepEqual(requests.filter((url) => !/^(https?|wss?):\/\/127\.0\.0\.1[:/]/.test(url) && !url.startsWith('data:')), []);
  });

  it('forwards personal_sign, eth_signTypedData_v4, eth_sendTransaction and wallet_switchEthereumChain to the wallet', async () => {
    const { page } = await e2e.open();
    await connectThroughQr(page);

    const message = 'Sign in to the e2e test';
    const hexMessage = `0x${Buffer.from(message).toString('hex')}`;
    const signature = (await providerRequest(page, 'personal_sign', [hexMessage, ACCOUNT_0])) as `0x${string}`;
    assert.equal(await verifyMessage({ address: ACCOUNT_0, message, signature }), true);

    const typedSignature = (await providerRequest(page, 'eth_signTypedData_v4', [ACCOUNT_0, JSON.stringify({
      ...TYPED_DATA,
      types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }], ...TYPED_DATA.types },
    })])) as `0x${string}`;
    assert.equal(await verifyTypedData({ address: ACCOUNT_0, ...TYPED_DATA, signature: typedSignature }), true);

    const to = '0x000000000000000000000000000000000000dEaD';
    const hash = (await providerRequest(page, 'eth_sendTransaction', [{ from: ACCOUNT_0, to, value: '0x2386f26fc10000' }])) as `0x${string}`;
    const chain = e2e.stack.chains.find((c) => c.chainId === 31337)!;
    const receipt = await createPublicClient({ transport: http(chain.rpcUrl) }).waitForTransactionReceipt({ hash });
    assert.equal(receipt.status, 'success');
    assert.equal(receipt.to?.toLowerCase(), to.toLowerCase());

    assert.equal(await providerRequest(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }]), null);
    assert.deepEqual(await waitForEvent(page, 'wallet-network-change'), { chainId: 'eip155:31338', namespace: 'eip155', supported: true });
    assert.equal(await providerRequest(page, 'eth_chainId'), '0x7a6a');
    assert.equal((await widgetState(page)).chainId, 'eip155:31338');
  });

  it("follows the wallet's own chain change, and passes its refusals on with code 4001", async () => {
    const { page } = await e2e.open();
    await connectThroughQr(page);
    await peer!.emitChainChanged(31338);
    assert.deepEqual(await waitForEvent(page, 'wallet-network-change'), { chainId: 'eip155:31338', namespace: 'eip155', supported: true });
    peer!.setMode('reject');
    assert.deepEqual(await providerError(page, 'personal_sign', ['0x6869', ACCOUNT_0]), { code: 4001, message: 'User rejected the request.' });
  });

  it('restores the session after a reload without a new QR code; requests still reach the wallet', async () => {
    const { page } = await e2e.open();
    const first = await connectThroughQr(page);
    await waitForStoredSession(page);
    await page.reload();
    await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined);
    assert.deepEqual(await waitForEvent(page, 'wallet-connect'), first);
    assert.equal(await inModal(page, '[part="qr-code"]').count(), 0);
    const signature = (await providerRequest(page, 'personal_sign', ['0x6869', ACCOUNT_0])) as `0x${string}`;
    assert.equal(await verifyMessage({ address: ACCOUNT_0, message: 'hi', signature }), true);
  });

  it('disconnect from the page ends the session in the wallet too', async () => {
    const { page } = await e2e.open();
    await connectThroughQr(page);
    assert.equal(peer!.sessions().length, 1);
    await waitForStoredSession(page);
    await page.click('#disconnect');
    assert.deepEqual(await waitForEvent(page, 'wallet-disconnect'), { namespace: 'eip155' });
    await peer!.waitForNoSession();
    // And a reload does not bring it back.
    await page.reload();
    await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined);
    // A remembered session is restored from the moment the element connects (status `reconnecting` at once):
    // after disconnect nothing is remembered, so nothing started.
    assert.equal((await widgetState(page)).status, 'disconnected');
    assert.deepEqual(await events(page, 'wallet-connect'), []);
  });

  it('disconnect from the wallet reaches the host as wallet-disconnect', async () => {
    const { page } = await e2e.open();
    await connectThroughQr(page);
    await peer!.disconnect();
    assert.deepEqual(await waitForEvent(page, 'wallet-disconnect'), { namespace: 'eip155' });
    assert.equal((await widgetState(page)).status, 'disconnected');
  });

  it('shows "Connection rejected" and a wallet-error when the wallet declines, and the retry shows a new QR code', async () => {
    const { page } = await e2e.open();
    const wallet = await startPeer();
    wallet.setMode('reject');
    const uri = await showWalletConnectQr(page);
    const started = Date.now();
    await wallet.pair(uri);
    assert.deepEqual(await waitForEvent(page, 'wallet-error'), { code: 'CONNECTION_REJECTED', message: 'Connection rejected' });
    assert.ok(Date.now() - started < 10_000);
    await inModal(page, '.walletconnect[data-state="error"]').waitFor();
    assert.equal(await inModal(page, '.walletconnect .status').textContent(), 'Connection rejected');
    assert.equal((await widgetState(page)).status, 'disconnected');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: ConnectingWalletConnect (error)');

    wallet.setMode('approve');
    await inModal(page, 'button:has-text("Try again")').click();
    const fresh = await scanQr(page);
    assert.notEqual(fresh, uri);
    await wallet.pair(fresh);
    assert.equal(((await waitForEvent(page, 'wallet-connect')) as { address: string }).address, ACCOUNT_0);
  });

  it('closing is not cancelling: a wallet approving after the visitor closed the modal connects, and the modal stays closed', async () => {
    const { page } = await e2e.open();
    const wallet = await startPeer();
    const uri = await showWalletConnectQr(page);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
    assert.equal((await widgetState(page)).status, 'connecting');
    await wallet.pair(uri);
    assert.equal(((await waitForEvent(page, 'wallet-connect')) as { address: string }).address, ACCOUNT_0);
    assert.equal(wallet.sessions().length, 1);
    const state = await widgetState(page);
    assert.equal(state.status, 'connected');
    assert.equal(state.open, false);
  });

  it('closing while the wallet asks (manual approval): the approval given afterwards connects, wallet-connect fires', async () => {
    const { page } = await e2e.open();
    const wallet = (peer = await startWalletPeer({ relayUrl: e2e.stack.relayUrl, chains: e2e.stack.chains, mode: 'manual' }));
    const uri = await showWalletConnectQr(page);
    await wallet.pair(uri);
    const proposal = await wallet.nextProposal();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
    await wallet.approve(proposal.id);
    assert.equal(((await waitForEvent(page, 'wallet-connect')) as { address: string }).address, ACCOUNT_0);
    const state = await widgetState(page);
    assert.equal(state.status, 'connected');
    assert.equal(state.open, false);
    assert.equal(wallet.sessions().length, 1);
  });

  it("the host's open() during pairing abandons it: status back to disconnected, and the next choice shows a fresh QR code", async () => {
    const { page } = await e2e.open();
    const uri = await showWalletConnectQr(page);
    assert.equal((await widgetState(page)).status, 'connecting');
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open());
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Connect Wallet');
    assert.equal((await widgetState(page)).status, 'disconnected');
    // The abandoned URI is never shown again, not even for a moment before the new one.
    await inModal(page, '[data-wallet-id="walletconnect"]').click();
    assert.notEqual(await scanQr(page), uri);
    assert.equal((await widgetState(page)).status, 'connecting');
  });

  it("leaves nothing on the host's globals: no _walletConnectCore_*, no other new window property", async () => {
    const { page } = await e2e.open();
    const before = await page.evaluate(() => Object.getOwnPropertyNames(window));
    await connectThroughQr(page);
    const added = await page.evaluate((names) => Object.getOwnPropertyNames(window).filter((name) => !names.includes(name)), before);
    assert.deepEqual(added, []);
  });

  it('a changed project-id replaces the client and closes the previous relay socket', async () => {
    const { page } = await e2e.open();
    const sockets: import('playwright-core').WebSocket[] = [];
    page.on('websocket', (ws) => sockets.push(ws));
    await showWalletConnectQr(page);
    assert.equal(sockets.length, 1);
    const first = sockets[0]!;
    const closed = new Promise<void>((resolve, reject) => {
      first.on('close', () => resolve());
      setTimeout(() => reject(new Error('the first relay socket is still open 5 s after the client was replaced')), 5000).unref();
    });
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.setAttribute('project-id', 'another-project'));
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open());
    await inModal(page, '[data-wallet-id="walletconnect"]').click();
    await scanQr(page);
    await closed;
    assert.equal(sockets.filter((ws) => !ws.isClosed()).length, 1);
    assert.match(sockets.at(-1)!.url(), /[?&]projectId=another-project(&|$)/);
  });

  it('says the relay cannot be reached within 10 seconds when it is down', async () => {
    const { page } = await e2e.open();
    // The relay's address answers, but every connection is dropped at once: a relay that is down.
    await page.routeWebSocket(/.*/, (ws) => void ws.close({ code: 1011, reason: 'relay down' }));
    await page.clock.install();
    await openModal(page);
    await inModal(page, '[data-wallet-id="walletconnect"]').click();
    // Within 10 seconds of the page's time: its clock is stopped, then moved on by 9.9 s rather than waited for,
    // and the error is looked for from here for up to 5 real seconds (a later deadline never comes: the clock stays).
    await inModal(page, '.walletconnect').waitFor();
    // Paused a moment ahead of the page's time: the fake clock flows until then, and on a loaded machine more than a
    // few milliseconds can pass between reading it and pausing it ("Cannot fast-forward to the past"): read again.
    for (let attempt = 1; ; attempt++) {
      try {
        await page.clock.pauseAt(await page.evaluate(() => Date.now() + 50));
        break;
      } catch (error) {
        if (attempt === 5 || !String(error).includes('Cannot fast-forward to the past')) throw error;
      }
    }
    await page.clock.runFor(9_900);
    for (let i = 0; i < 50 && (await events(page, 'wallet-error')).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual((await events(page, 'wallet-error')).map((e) => e.detail), [{ code: 'RELAY_UNAVAILABLE', message: 'Could not reach the WalletConnect relay' }]);
    await page.clock.resume();
    assert.equal(await inModal(page, '.walletconnect .status').textContent(), 'Could not reach the WalletConnect relay');
    assert.equal(await inModal(page, '.walletconnect .hint').textContent(), 'Check your internet connection, then try again.');
    assert.equal(await inModal(page, 'button:has-text("Try again")').count(), 1);
    assert.equal((await widgetState(page)).status, 'disconnected');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: ConnectingWalletConnect (relay down)');
  });

  it('replaces an expired pairing (4 minutes) with a fresh QR code by itself, which then connects', async () => {
    const { page } = await e2e.open();
    await page.clock.install();
    const wallet = await startPeer();
    const uri = await showWalletConnectQr(page);
    await page.clock.fastForward('04:01');
    assert.deepEqual(await waitForEvent(page, 'wallet-error'), { code: 'PAIRING_EXPIRED', message: 'The QR code expired. A new one is shown.' });
    await inModal(page, '.walletconnect [role="status"]:has-text("The QR code expired")').waitFor();
    const fresh = await scanQr(page);
    assert.notEqual(fresh, uri);
    await wallet.pair(fresh);
    assert.equal(((await waitForEvent(page, 'wallet-connect')) as { address: string }).address, ACCOUNT_0);
    assert.equal((await events(page, 'wallet-connect')).length, 1);
  });

  it('a pairing left waiting with the modal closed ends when its URI comes up for renewal: no new URI, no error', async () => {
    const { page } = await e2e.open();
    await page.clock.install();
    await showWalletConnectQr(page);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
    assert.equal((await widgetState(page)).status, 'connecting', 'closing keeps the attempt');
    await page.clock.fastForward('04:01');
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.state.status === 'disconnected');
    assert.deepEqual(await events(page, 'wallet-error'), []);
    // The next choice starts a fresh attempt.
    await openModal(page);
    await inModal(page, '[data-wallet-id="walletconnect"]').click();
    await scanQr(page);
    assert.equal((await widgetState(page)).status, 'connecting');
  });
});
