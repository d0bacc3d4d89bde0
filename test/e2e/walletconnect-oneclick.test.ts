import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { verifyMessage } from 'viem';
import { startWalletPeer, type AuthOutcome, type PeerRequest, type WalletPeer, type WalletPeerAuth } from '../../devstack/wc-wallet/index.js';
import { ACCOUNT_0, events, inModal, useE2E, waitForEvent, widgetState } from './harness.js';
import { providerRequest, showWalletConnectQr, waitForStoredSession } from './walletconnect-support.js';

/**
 * WalletConnect wallets on EVM-only sessions sign in within the pairing (one-click auth,
 * `wc_sessionAuthenticate`) when they support it, against the stack's Auth.js backend, the real relay and the
 * WalletKit peer.
 */
describe('WalletConnect one-click sign-in (siwx-url, EVM-only pairing)', () => {
  const e2e = useE2E();
  let peer: WalletPeer | undefined;
  afterEach(async () => {
    await peer?.stop();
    peer = undefined;
  });

  /** A peer whose auth requests, answered ones and session requests are recorded. */
  async function startPeer(auth?: WalletPeerAuth) {
    peer = await startWalletPeer({ relayUrl: e2e.stack.relayUrl, chains: e2e.stack.chains, ...(auth ? { auth } : {}) });
    const record = { auths: [] as AuthOutcome[], requests: [] as PeerRequest[] };
    peer.on('auth_settled', (outcome) => record.auths.push(outcome));
    peer.on('request', (request) => record.requests.push(request));
    return { wallet: peer, ...record };
  }

  /** siwx-url on, EVM networks only (the demo also has a Solana one), and every SIWXSignMessage the modal shows counted. */
  const evmOnlyWithSiwx = (page: Page) =>
    page.evaluate((url) => {
      const el = document.querySelector('wallet-connect-modal')!;
      el.setAttribute('networks', 'eip155:31337,eip155:31338');
      el.setAttribute('siwx-url', url);
      const w = window as unknown as { __signViews: number };
      w.__signViews = 0;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node instanceof Element && (node.matches('[data-view="SIWXSignMessage"]') || node.querySelector('[data-view="SIWXSignMessage"]'))) w.__signViews++;
          }
        }
      }).observe(el.shadowRoot!, { childList: true, subtree: true });
    }, e2e.stack.authUrl);
  const signViewsShown = (page: Page) => page.evaluate(() => (window as unknown as { __signViews: number }).__signViews);
  const backendSession = (page: Page) => page.evaluate(async (url) => (await fetch(`${url}/session`, { credentials: 'include' })).json(), e2e.stack.authUrl);

  it('one approval in the wallet: wallet-connect and wallet-session authenticated, GET session names the address, no SIWXSignMessage; a reload restores it signed in', async () => {
    const { page, requests: fetched } = await e2e.open();
    await evmOnlyWithSiwx(page);
    const { wallet, auths, requests } = await startPeer();
    const started = Date.now();
    const uri = await showWalletConnectQr(page);
    const scanned = Date.now();
    await wallet.pair(uri);
    const connected = (await waitForEvent(page, 'wallet-connect')) as { address: string; chainId: string };
    assert.deepEqual({ address: connected.address, chainId: connected.chainId }, { address: ACCOUNT_0, chainId: 'eip155:31337' });
    const detail = (await waitForEvent(page, 'wallet-session')) as { status: string; session: { address: string; chainId: string } };
    const wallTime = Date.now() - started;
    const fromScan = Date.now() - scanned;
    assert.equal(detail.status, 'authenticated');
    assert.deepEqual({ address: detail.session.address, chainId: detail.session.chainId }, { address: ACCOUNT_0, chainId: 'eip155:31337' });
    const session = (await backendSession(page)) as { address: string; chainId: string };
    assert.deepEqual({ address: session.address, chainId: session.chainId }, { address: ACCOUNT_0, chainId: 'eip155:31337' });

    // The one approval was the auth request's; the wallet was asked for nothing else, and sign-in was never shown.
    assert.deepEqual(auths.map((a) => [a.outcome, a.chains[0]]), [['approved', 'eip155:31337']]);
    assert.deepEqual(requests.map((r) => r.method), []);
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
    assert.equal(await signViewsShown(page), 0);
    assert.equal((await widgetState(page)).session?.address, ACCOUNT_0);
    assert.deepEqual(await events(page, 'wallet-error'), []);
    console.log(`# one-click auth (WalletKit peer, local relay): open → authenticated ${wallTime} ms, of which QR scanned → authenticated ${fromScan} ms`);

    // The session the sign-in settled is restored after a reload like any other, still signed in, and works.
    await waitForStoredSession(page);
    await page.reload();
    await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined);
    await evmOnlyWithSiwx(page);
    assert.equal(((await waitForEvent(page, 'wallet-connect')) as { address: string }).address, ACCOUNT_0);
    assert.equal(((await waitForEvent(page, 'wallet-session')) as { status: string }).status, 'authenticated');
    const signature = (await providerRequest(page, 'personal_sign', ['0x6869', ACCOUNT_0])) as `0x${string}`;
    assert.equal(await verifyMessage({ address: ACCOUNT_0, message: 'hi', signature }), true);
    assert.deepEqual(requests.map((r) => r.method), ['personal_sign']);
    assert.equal(await signViewsShown(page), 0);
    // Nothing left this machine (the SDK checks the CACAO's EIP-191 signature itself): relay, chains, backend, page.
    assert.deepEqual(fetched.filter((url) => !/^(https?|wss?):\/\/127\.0\.0\.1[:/]/.test(url) && !url.startsWith('data:')), []);
  });

  it('a wallet without one-click auth answers the plain proposal: connected, then SIWXSignMessage and a second prompt', async () => {
    const { page } = await e2e.open();
    await evmOnlyWithSiwx(page);
    const { wallet, auths, requests } = await startPeer('unsupported');
    await wallet.pair(await showWalletConnectQr(page));
    await waitForEvent(page, 'wallet-connect');
    const sign = inModal(page, '[data-view="SIWXSignMessage"]');
    await sign.waitFor();
    assert.equal(await backendSession(page), null);
    await sign.locator('[data-action="sign"]').click();
    const detail = (await waitForEvent(page, 'wallet-session')) as { status: string; session: { address: string } };
    assert.deepEqual([detail.status, detail.session.address], ['authenticated', ACCOUNT_0]);
    assert.deepEqual(auths, []);
    assert.deepEqual(requests.map((r) => r.method), ['personal_sign']);
    assert.equal(((await backendSession(page)) as { address: string }).address, ACCOUNT_0);
  });

  it('the backend refusing the one-click signature: "Failed to verify message", connected all the same, and SIWXSignMessage asks again', async () => {
    const { page } = await e2e.open();
    await evmOnlyWithSiwx(page);
    // The backend's refusal as Auth.js answers it, once: the redirect URL to its error page.
    await page.route(`${e2e.stack.authUrl}/callback/credentials`, (route) =>
      route.fulfill({ json: { url: `${e2e.stack.authUrl}/error?error=CredentialsSignin&code=invalid_signature` } }), { times: 1 });
    const { wallet, auths } = await startPeer();
    await wallet.pair(await showWalletConnectQr(page));
    assert.deepEqual(await waitForEvent(page, 'wallet-error'), { code: 'SIWX_VERIFY_FAILED', message: 'Failed to verify message' });
    await waitForEvent(page, 'wallet-connect');
    const sign = inModal(page, '[data-view="SIWXSignMessage"]');
    await sign.waitFor();
    assert.deepEqual(auths.map((a) => a.outcome), ['approved']);
    await sign.locator('[data-action="sign"]').click();
    assert.equal(((await waitForEvent(page, 'wallet-session')) as { status: string }).status, 'authenticated');
    assert.equal(((await backendSession(page)) as { address: string }).address, ACCOUNT_0);
  });

  it('the wallet declining the sign-in: "Connection rejected", nothing connected, no session on either side', async () => {
    const { page } = await e2e.open();
    await evmOnlyWithSiwx(page);
    const { wallet, auths } = await startPeer('reject');
    await wallet.pair(await showWalletConnectQr(page));
    assert.deepEqual(await waitForEvent(page, 'wallet-error'), { code: 'CONNECTION_REJECTED', message: 'Connection rejected' });
    assert.equal(await inModal(page, '.walletconnect .status').textContent(), 'Connection rejected');
    assert.deepEqual(auths.map((a) => a.outcome), ['rejected']);
    assert.equal((await widgetState(page)).status, 'disconnected');
    assert.deepEqual(await events(page, 'wallet-connect'), []);
    assert.deepEqual(await events(page, 'wallet-session'), []);
    assert.deepEqual(wallet.sessions(), []);
    assert.equal(await backendSession(page), null);
    assert.equal(await signViewsShown(page), 0);
  });
});
