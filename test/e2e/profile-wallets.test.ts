// Issue 15, ProfileWallets on the demo page and the local stack: the dev wallet (an extension) connected on EVM,
// then "Add wallet" adds an email login (the embedded wallet) while the dev wallet stays connected; both are
// listed with their type, address and balance, the active one marked; making the dev wallet active again is an
// account change the host's provider follows; a reload restores both, the active one active again (either way
// round); disconnecting the email wallet says which wallet ended and keeps the dev wallet connected.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ACCOUNT_0, connectDevWallet, events, inModal, seriousA11yViolations, useE2E, waitForEvent, widgetState } from './harness.js';
import { emailHelpers } from './email-support.js';

describe('ProfileWallets: an extension and an embedded wallet in one namespace', () => {
  const e2e = useE2E();
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
  async function reloadAndShow(page: Parameters<typeof inModal>[0], active: string) {
    await page.reload();
    await page.waitForFunction((address) => document.querySelector('wallet-connect-modal')!.state?.address === address && document.querySelector('wallet-connect-modal')!.state.connections.length === 2, active);
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
});
