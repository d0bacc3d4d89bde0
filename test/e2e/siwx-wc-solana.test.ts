import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { startWalletPeer, type WalletPeer } from '../../devstack/wc-wallet/index.js';
import { inModal, useE2E, waitForEvent, widgetState } from './harness.js';
import { showWalletConnectQr } from './walletconnect-support.js';

/**
 * Sign in with a Solana connection that WalletConnect carries (the WalletKit peer approving eip155 and
 * solana in one session): the message goes to the peer as `solana_signMessage`, the base58 signature to the backend.
 */
describe('sign in with the wallet over WalletConnect, Solana side', () => {
  const e2e = useE2E();
  let peer: WalletPeer | undefined;
  afterEach(async () => {
    await peer?.stop();
    peer = undefined;
  });

  it('the Solana connection made active signs in: SIWXSignMessage → Sign → the peer signs → wallet-session authenticated with the base58 address', async () => {
    const { page } = await e2e.open();
    const solanaChain = e2e.stack.solana.chainId;
    await page.evaluate((url) => document.querySelector('wallet-connect-modal')!.setAttribute('siwx-url', url), e2e.stack.authUrl);
    peer = await startWalletPeer({ relayUrl: e2e.stack.relayUrl, chains: e2e.stack.chains, solana: { chains: [{ chainId: solanaChain as `solana:${string}`, rpcUrl: e2e.stack.solana.rpcUrl }] } });
    const signs: string[] = [];
    peer.on('request', (request) => signs.push(request.method));
    await peer.pair(await showWalletConnectQr(page));
    await waitForEvent(page, 'wallet-connect', 2);
    const signView = inModal(page, '[data-view="SIWXSignMessage"]');
    // The EVM side is the active one first: it is asked to sign in; Cancel (not required) only closes.
    await signView.waitFor();
    await signView.locator('[data-action="cancel"]').click();
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
    // Making the Solana side active asks it to sign in.
    await page.evaluate((chainId) => document.querySelector('wallet-connect-modal')!.switchNetwork(chainId as `solana:${string}`), solanaChain);
    await signView.waitFor();
    assert.equal((await widgetState(page)).namespace, 'solana');
    await signView.locator('[data-action="sign"]').click();
    const detail = (await waitForEvent(page, 'wallet-session')) as { status: string; session: { address: string; chainId: string } };
    assert.equal(detail.status, 'authenticated');
    assert.deepEqual({ address: detail.session.address, chainId: detail.session.chainId }, { address: peer.solanaAddress, chainId: solanaChain });
    const session = (await page.evaluate(async (url) => (await fetch(`${url}/session`, { credentials: 'include' })).json(), e2e.stack.authUrl)) as { address: string; chainId: string };
    assert.deepEqual({ address: session.address, chainId: session.chainId }, { address: peer.solanaAddress, chainId: solanaChain });
    assert.ok(signs.includes('solana_signMessage'), `the peer was asked solana_signMessage (${signs.join(', ')})`);
  });
});
