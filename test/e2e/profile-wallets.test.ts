// ProfileWallets on the demo page and the local stack: the dev wallet (an extension) connected on EVM,
// then "Add wallet" adds an email login (the embedded wallet) while the dev wallet stays connected; both are
// listed with their type, address and balance, the active one marked; making the dev wallet active again is an
// account change the host's provider follows; a reload restores both, the active one active again (either way
// round); disconnecting the email wallet says which wallet ended and keeps the dev wallet connected.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { verifyMessage } from 'viem';
import { startWalletPeer, type WalletPeer } from '../../devstack/wc-wallet/index.js';
import { ACCOUNT_0, ACCOUNT_1, DEV_WALLET_ID, connectDevWallet, devWalletEntry, events, inModal, seriousA11yViolations, useE2E, waitForEvent, widgetState } from './harness.js';
import { emailHelpers } from './email-support.js';
import { providerRequest, showWalletConnectQr, waitForStoredSession } from './walletconnect-support.js';

/** Anvil's well-known account #1 key (ACCOUNT_1): the WalletConnect peer's account, so its rows differ from the dev wallet's. */
const ANVIL_KEY_1 = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

describe('ProfileWallets: an extension and an embedded wallet in one namespace', () => {
  const e2e = useE2E();
  let peer: WalletPeer | undefined;
  afterEach(async () => {
    await peer?.stop();
    peer = undefined;
  });
  const { useEmail, newEmail, submitEmail, codeFor } = emailHelpers(() => e2e.stack);
  const rows = (page: Parameters<typeof inModal>[0]) =>
    inModal(page, '[data-view="ProfileWallets"] [data-namespace="eip155"] .wallet-row').evaluateAll((list) =>
      list.map((row) => ({
        wallet: row.getAttribute('data-wallet-id'),
        type: row.querySelector('[data-wallet-type]')?.textContent,
        address: row.querySelector('[data-address]')?.getAttribute('data-address'),
        active: row.querySelector('[data-active-tag]')?.textContent ?? null,
      })),
    );

  /** Reloads the page (the attributes set as the element is parsed, as in a page's HTML) and reopens ProfileWallets. */
  async function reloadAndShow(page: Parameters<typeof inModal>[0], active: string, connections = 2) {
    await page.reload();
    await page.waitForFunction(([address, count]) => document.querySelector('wallet-connect-modal')!.state?.address === address && document.querySelector('wallet-connect-modal')!.state.connections.length === count, [active, connections] as const);
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ view: 'ProfileWallets' }));
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelectorAll('[data-view="ProfileWallets"] [data-namespace="eip155"] .wallet-row').length === 2);
  }

  it('adds an email login next to the dev wallet, switches the active one, disconnects one', async () => {
    const { page } = await e2e.open();
    await page.context().addInitScript((url) => {
      new MutationObserver((_, observer) => {
        const el = document.querySelector('wallet-connect-modal');
        if (!el) return;
        observer.disconnect();
        el.setAttribute('features', `${el.getAttribute('features') ?? ''},email`);
        el.setAttribute('auth-url', url);
      }).observe(document, { childList: true, subtree: true });
    }, e2e.stack.login.url);
    await useEmail(page);
    await connectDevWallet(page);
    const dev = (await widgetState(page)).address!;
    assert.equal(dev.toLowerCase(), ACCOUNT_0.toLowerCase());

    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ view: 'ProfileWallets' }));
    await inModal(page, '[data-view="ProfileWallets"]').waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Wallets');
    await inModal(page, '[data-action="add-wallet"][data-namespace="eip155"]').click();
    const email = newEmail();
    await submitEmail(page, email);
    await inModal(page, '#auth-code').fill(await codeFor(email));
    await waitForEvent(page, 'wallet-connect', 2);
    await page.waitForFunction(() => document.querySelectorAll('wallet-connect-modal').length && document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelectorAll('[data-view="ProfileWallets"] [data-namespace="eip155"] .wallet-row').length === 2);
    const embedded = (await widgetState(page)).connections.find((c) => c.namespace === 'eip155')!;
    assert.equal(embedded.connector.type, 'auth');
    assert.deepEqual(await rows(page), [
      { wallet: 'auth', type: 'Email or social login', address: embedded.address, active: 'Active' },
      { wallet: 'injected:dev.wallet-connect-modal.devwallet', type: 'Extension', address: dev, active: null },
    ]);
    assert.deepEqual(await events(page, 'wallet-disconnect'), [], 'the dev wallet stays connected');
    await inModal(page, '[data-view="ProfileWallets"] [data-balance]').nth(1).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: ProfileWallets with two wallets');
    const listed = await rows(page);

    // A reload: the email login active again, the dev wallet parked beside it.
    await reloadAndShow(page, embedded.address);
    assert.deepEqual(await rows(page), listed);

    await inModal(page, '[data-wallet-id="injected:dev.wallet-connect-modal.devwallet"] [data-action="make-active"]').click();
    const change = (await waitForEvent(page, 'wallet-account-change')) as { address: string; namespace: string };
    assert.deepEqual([change.address, change.namespace], [dev, 'eip155']);
    assert.deepEqual(await page.evaluate(() => document.querySelector('wallet-connect-modal')!.getProvider('eip155')!.request({ method: 'eth_accounts' })), [dev]);
    assert.equal((await rows(page))[0]!.active, 'Active');

    // And the other way round: the dev wallet active, the email login parked.
    await reloadAndShow(page, dev);
    assert.deepEqual((await rows(page)).map((r) => [r.wallet, r.active]), [['injected:dev.wallet-connect-modal.devwallet', 'Active'], ['auth', null]]);

    await inModal(page, '[data-wallet-id="auth"] [data-action="disconnect-wallet"]').click();
    await waitForEvent(page, 'wallet-disconnect');
    const ended = (await events(page, 'wallet-disconnect')).map((e) => e.detail);
    assert.deepEqual(ended[0], { namespace: 'eip155', connector: { id: 'auth', name: embedded.connector.name, type: 'auth' } });
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelectorAll('[data-view="ProfileWallets"] [data-namespace="eip155"] .wallet-row').length === 1);
    // The email login's Solana side ended with it (one login): the namespace has no wallet left.
    await waitForEvent(page, 'wallet-disconnect', 2);
    assert.deepEqual((await events(page, 'wallet-disconnect'))[1]!.detail, { namespace: 'solana' });
    const state = await widgetState(page);
    assert.deepEqual([state.address, state.status, state.open, state.view], [dev, 'connected', true, 'ProfileWallets']);
    assert.deepEqual(state.connections.map((c) => c.connector.id), ['injected:dev.wallet-connect-modal.devwallet']);
  });

  it('a WalletConnect wallet parked beside the dev wallet is restored after a reload, made active, and works', async () => {
    const { page } = await e2e.open();
    const wallet = (peer = await startWalletPeer({ relayUrl: e2e.stack.relayUrl, chains: e2e.stack.chains, privateKey: ANVIL_KEY_1 }));
    await wallet.pair(await showWalletConnectQr(page));
    await waitForEvent(page, 'wallet-connect');
    await waitForStoredSession(page);
    const wc = { id: 'walletconnect', name: wallet.name, type: 'walletconnect' };
    assert.deepEqual((await widgetState(page)).connections.map((c) => [c.address, c.connector]), [[ACCOUNT_1, wc]]);

    // Adding the same wallet (WalletConnect again) is refused, as for a browser wallet: its session is kept.
    await page.evaluate(() => document.querySelector('wallet-connect-modal')!.open({ view: 'ProfileWallets' }));
    await inModal(page, '[data-action="add-wallet"][data-namespace="eip155"]').click();
    await inModal(page, '[data-wallet-id="walletconnect"]').click();
    await inModal(page, '.walletconnect[data-state="error"] [role="alert"]').filter({ hasText: 'A wallet is already connected' }).waitFor();
    assert.equal(wallet.sessions().length, 1);
    await inModal(page, '[part="back-button"]').click();

    // Add the dev wallet beside it: the dev wallet is active, the WalletConnect wallet parked.
    await devWalletEntry(page).click();
    await page.locator('dev-wallet-prompt [data-kind="connect"] [data-action="approve"]').click();
    await waitForEvent(page, 'wallet-connect', 2);
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelectorAll('[data-view="ProfileWallets"] [data-namespace="eip155"] .wallet-row').length === 2);
    const listed = [
      { wallet: DEV_WALLET_ID, type: 'Extension', address: ACCOUNT_0, active: 'Active' },
      { wallet: 'walletconnect', type: 'WalletConnect', address: ACCOUNT_1, active: null },
    ];
    assert.deepEqual(await rows(page), listed);
    assert.deepEqual(await events(page, 'wallet-disconnect'), []);

    // A reload takes the WalletConnect wallet back from its stored session, parked again.
    await reloadAndShow(page, ACCOUNT_0, 1);
    assert.deepEqual(await rows(page), listed);
    assert.equal(wallet.sessions().length, 1, 'the same session, not a new pairing');

    await inModal(page, '[data-wallet-id="walletconnect"] [data-action="make-active"]').click();
    const change = (await waitForEvent(page, 'wallet-account-change')) as { address: string; namespace: string };
    assert.deepEqual([change.address, change.namespace], [ACCOUNT_1, 'eip155']);
    assert.deepEqual(await providerRequest(page, 'eth_accounts'), [ACCOUNT_1]);
    // The restored session answers: the peer signs with its own key.
    const signature = (await providerRequest(page, 'personal_sign', ['0x6869', ACCOUNT_1])) as `0x${string}`;
    assert.equal(await verifyMessage({ address: ACCOUNT_1, message: 'hi', signature }), true);

    // The other way round after a reload: WalletConnect active, the dev wallet parked.
    await reloadAndShow(page, ACCOUNT_1, 1);
    assert.deepEqual((await rows(page)).map((r) => [r.wallet, r.active]), [['walletconnect', 'Active'], [DEV_WALLET_ID, null]]);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: ProfileWallets with a WalletConnect wallet restored');

    // Disconnecting it ends the session in the wallet; the dev wallet takes its place.
    await inModal(page, '[data-wallet-id="walletconnect"] [data-action="disconnect-wallet"]').click();
    assert.deepEqual(await waitForEvent(page, 'wallet-disconnect'), { namespace: 'eip155', connector: wc });
    await wallet.waitForNoSession();
    await page.waitForFunction((address) => document.querySelector('wallet-connect-modal')!.state.address === address, ACCOUNT_0);
    assert.deepEqual((await widgetState(page)).connections.map((c) => c.connector.id), [DEV_WALLET_ID]);
  });
});
