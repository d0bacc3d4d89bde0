// Social login in the widget on the demo page against the stack's secure service and its stand-in
// OIDC provider: the popup from the click, closed by the visitor, blocked by the browser, and results from a
// wrong origin or a wrong window ignored; axe on each state.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page, Request } from 'playwright-core';
import { events, inModal, openModal, seriousA11yViolations, useE2E, waitForEvent, widgetState } from './harness.js';

describe('social login in the widget (features=socials, auth-url)', () => {
  const e2e = useE2E();

  /** The demo's widget has the stack's secure service as `auth-url` and `features` with socials. */
  async function useSocials(page: Page): Promise<void> {
    assert.equal(await page.evaluate(() => document.querySelector('wallet-connect-modal')!.getAttribute('auth-url')), e2e.stack.login.url);
    await openModal(page);
    await inModal(page, '[data-social="google"]').waitFor();
  }
  const socialState = (page: Page, state: string) => inModal(page, `[data-social-state="${state}"]`);
  /** The state the widget sent to the service (the start request of the popup). */
  const startState = (request: Request) => new URL(request.url()).searchParams.get('state')!;

  it('logs in at the stand-in provider in the popup: the popup closes, the auth wallet connects (EVM and Solana)', async () => {
    const { page, context } = await e2e.open();
    await context.route('https://fonts.googleapis.com/**', (route) => route.abort());
    await useSocials(page);
    const [popup] = await Promise.all([page.waitForEvent('popup'), inModal(page, '[data-social="google"]').click()]);
    await popup.fill('input[name=login]', 'frank');
    await popup.fill('input[name=password]', 'any');
    await popup.click('button[type=submit]');
    await popup.click('button:has-text("Continue")');
    await popup.waitForEvent('close');
    await waitForEvent(page, 'wallet-connect', 2);
    const connected = (await events(page, 'wallet-connect')).map((e) => e.detail as { address: string; namespace: string; connector: { type: string } });
    assert.match(connected.find((c) => c.namespace === 'eip155')?.address ?? '', /^0x[0-9a-fA-F]{40}$/);
    await page.waitForFunction(() => !document.querySelector('wallet-connect-modal')!.hasAttribute('open'));
    const state = await widgetState(page);
    assert.deepEqual(state.connections.map((c) => c.namespace).sort(), ['eip155', 'solana']);
    assert.deepEqual((await events(page, 'wallet-connect')).map((e) => (e.detail as { connector: { type: string } }).connector.type), ['auth', 'auth']);
    // The frame has the session: the same user as the service's (provider, subject) record.
    const user = await e2e.stack.login.server.store.getUserBySocial('google', 'frank');
    assert.equal(user?.evmAddress, state.connections.find((c) => c.namespace === 'eip155')?.address);
    assert.equal(user?.email, 'frank@google.test');
    // state: the provider and the login's accounts with their type (docs/specification.md#data).
    assert.equal(state.socialProvider, 'google');
    const address = (ns: string) => state.connections.find((c) => c.namespace === ns)!.address;
    assert.deepEqual(state.user, { email: 'frank@google.test', accounts: [{ namespace: 'eip155', address: address('eip155'), type: 'eoa' }, { namespace: 'solana', address: address('solana'), type: 'eoa' }] });
  });

  it('opens the popup on the secure origin from the click; the visitor closes it: "Popup closed"', async () => {
    const { page, context } = await e2e.open();
    await useSocials(page);
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: the social buttons');
    const started = context.waitForEvent('request', (request) => request.url().includes('/social/google/start'));
    const [popup] = await Promise.all([page.waitForEvent('popup'), inModal(page, '[data-social="google"]').click()]);
    const start = new URL((await started).url());
    assert.equal(start.origin, e2e.stack.login.origin);
    assert.equal(start.searchParams.get('parent'), new URL(e2e.stack.url).origin);
    await popup.locator('input[name=login]').waitFor();
    assert.equal(new URL(popup.url()).origin, e2e.stack.login.oidc!.issuer, 'the popup went on to the provider');
    assert.equal(await socialState(page, 'started').textContent(), 'Continue in the Google window');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: started');
    await popup.close();
    assert.equal(await socialState(page, 'error').textContent(), 'Popup closed');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: popup closed');
  });

  it('a blocked popup: the button opens it from its own click', async () => {
    const { page } = await e2e.open();
    await useSocials(page);
    await page.evaluate(() => {
      const open = window.open;
      // The browser refuses this one popup, as a popup blocker would.
      window.open = (...args) => {
        window.open = open;
        return args.length ? null : null;
      };
    });
    await inModal(page, '[data-social="github"]').click();
    assert.equal(await socialState(page, 'blocked').locator('[role="alert"]').textContent(), 'Your browser blocked the GitHub window.');
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: blocked');
    const [popup] = await Promise.all([page.waitForEvent('popup'), inModal(page, '[data-action="social-reopen"]').click()]);
    await popup.locator('input[name=login]').waitFor();
    assert.equal(await socialState(page, 'started').textContent(), 'Continue in the GitHub window');
    await popup.close();
    await socialState(page, 'error').waitFor();
  });

  it('ignores a result from the provider’s origin in the popup, and from another window of the secure origin', async () => {
    const { page, context } = await e2e.open();
    await useSocials(page);
    const started = context.waitForEvent('request', (request) => request.url().includes('/social/google/start'));
    const [popup] = await Promise.all([page.waitForEvent('popup'), inModal(page, '[data-social="google"]').click()]);
    const state = startState(await started);
    await popup.locator('input[name=login]').waitFor();
    const forged = { type: 'wcm-social', state, ticket: 'forged-ticket-forged-ticket-forged' };
    // The right window, the wrong origin (the provider's page in the popup).
    await popup.evaluate((message) => window.opener.postMessage(message, '*'), forged);
    // The right origin, the wrong window: another page of the secure service, opened from the site.
    const [other] = await Promise.all([page.waitForEvent('popup'), page.evaluate((url) => void window.open(url, 'other'), `${e2e.stack.login.url}social/providers`)]);
    await other.waitForLoadState();
    await other.evaluate((message) => window.opener.postMessage(message, '*'), forged);
    await other.close();
    // Neither was taken: the login is still waiting for its popup, and closing it ends it as closed.
    assert.equal(await socialState(page, 'started').textContent(), 'Continue in the Google window');
    await popup.close();
    assert.equal(await socialState(page, 'error').textContent(), 'Popup closed');
  });
});
