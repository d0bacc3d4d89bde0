// Sign In With Farcaster in the widget on the demo page: the farcaster social button opens
// ConnectingFarcaster with the channel's link from the stack's secure service and Farcaster auth relay; the
// approve command's code (`npm run fc-approve`) approves as a Farcaster client; a declined channel says
// "Failed to connect to farcaster". axe on each state.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { approveChannel } from '../../devstack/farcaster-relay/approve.js';
import { events, inModal, openModal, seriousA11yViolations, seriousA11yViolationsEverywhere, useE2E, waitForEvent, widgetState } from './harness.js';

describe('Sign In With Farcaster in the widget (features=socials, auth-url)', () => {
  const e2e = useE2E();

  /** Farcaster from Connect: the view's title, then its link once the service opened a channel. */
  async function openFarcaster(page: Page): Promise<string> {
    await openModal(page);
    return chooseFarcaster(page);
  }
  async function chooseFarcaster(page: Page): Promise<string> {
    await inModal(page, '[data-social="farcaster"]').click();
    await inModal(page, '.farcaster[data-state="qr"]').waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Farcaster');
    return (await inModal(page, '[data-action="farcaster-open"]').getAttribute('href'))!;
  }

  it('the QR code and link of a channel; approved in the Farcaster client: the auth wallet connects (EVM and Solana)', async () => {
    const { page } = await e2e.open();
    const url = await openFarcaster(page);
    assert.match(url, /^farcaster:\/\/connect\?channelToken=/);
    assert.equal(await inModal(page, '.farcaster [part="qr-code"]').getAttribute('aria-label'), 'QR code to sign in with Farcaster');
    assert.equal(await inModal(page, '.farcaster [role="status"]').first().textContent(), "Scan this QR code with your phone's camera or the Farcaster app, then approve the sign-in");
    assert.deepEqual(await seriousA11yViolationsEverywhere(page), [], 'axe: ConnectingFarcaster waiting');
    await approveChannel({ relayUrl: e2e.stack.farcasterRelayUrl, request: url, fid: 2 });
    await waitForEvent(page, 'wallet-connect', 2);
    assert.deepEqual((await events(page, 'wallet-connect')).map((e) => (e.detail as { connector: { type: string } }).connector.type), ['auth', 'auth']);
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
    const state = await widgetState(page);
    assert.deepEqual(state.connections.map((c) => c.namespace).sort(), ['eip155', 'solana']);
    // The service's user of fid 2 owns the connected wallet.
    const user = await e2e.stack.login.server.store.getUserBySocial('farcaster', '2');
    assert.equal(user?.evmAddress, state.connections.find((c) => c.namespace === 'eip155')?.address);
  });

  it('declined in the Farcaster client: "Failed to connect to farcaster" and wallet-error; Try again opens a new channel', async () => {
    const { page } = await e2e.open();
    const url = await openFarcaster(page);
    await approveChannel({ relayUrl: e2e.stack.farcasterRelayUrl, request: url, fid: 1, reject: true });
    const alert = inModal(page, '.farcaster[data-state="error"] [role="alert"]');
    await alert.waitFor();
    assert.equal(await alert.textContent(), 'Failed to connect to farcaster');
    assert.deepEqual(await waitForEvent(page, 'wallet-error'), { code: 'CONNECT_FAILED', message: 'Failed to connect to farcaster' });
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: ConnectingFarcaster failed');
    assert.equal((await widgetState(page)).status, 'disconnected');
    await inModal(page, '[data-action="farcaster-retry"]').click();
    await inModal(page, '.farcaster[data-state="qr"]').waitFor();
    const again = (await inModal(page, '[data-action="farcaster-open"]').getAttribute('href'))!;
    assert.notEqual(new URL(again).searchParams.get('channelToken'), new URL(url).searchParams.get('channelToken'));
  });

  it('leaving the view stops the waiting: a channel approved after Back is never redeemed', async () => {
    const { page } = await e2e.open();
    const left = await openFarcaster(page);
    await inModal(page, '[part="back-button"]').click();
    await inModal(page, '[data-social="farcaster"]').waitFor();
    await approveChannel({ relayUrl: e2e.stack.farcasterRelayUrl, request: left, fid: 3 });
    const url = await chooseFarcaster(page);
    await approveChannel({ relayUrl: e2e.stack.farcasterRelayUrl, request: url, fid: 1 });
    await waitForEvent(page, 'wallet-connect', 2);
    const user = await e2e.stack.login.server.store.getUserBySocial('farcaster', '1');
    assert.equal(user?.evmAddress, (await widgetState(page)).connections.find((c) => c.namespace === 'eip155')?.address);
    // The new channel was asked about a second or more after the first was approved: had the first view kept
    // asking, fid 3's user would exist by now.
    assert.equal(await e2e.stack.login.server.store.getUserBySocial('farcaster', '3'), undefined);
  });
});
