import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { events, inModal } from './harness.js';

/**
 * The sign-in suites' page helpers, for the stack's backend at `authUrl()` (read when called: the stack starts
 * in the suite's `before`).
 */
export function siwxHelpers(authUrl: () => string) {
  /** Sets `siwx-url` (last, so the other attributes are in place when sign-in starts) and `attributes`. */
  const useSiwx = (page: Page, attributes: Record<string, string> = {}) =>
    page.evaluate(([url, extra]) => {
      const el = document.querySelector('wallet-connect-modal')!;
      for (const [name, value] of Object.entries(extra)) el.setAttribute(name, value);
      el.setAttribute('siwx-url', url);
    }, [authUrl(), attributes] as const);
  const signView = (page: Page) => inModal(page, '[data-view="SIWXSignMessage"]');
  /** The dev wallet's Approve or Reject on its signature prompt. */
  const signPrompt = (page: Page, action: 'approve' | 'reject') => page.locator(`dev-wallet-prompt [data-kind="sign"] [data-action="${action}"]`);
  /** What the backend's `GET session` answers this page (null without a session). */
  const backendSession = (page: Page) => page.evaluate(async (url) => (await fetch(`${url}/session`, { credentials: 'include' })).json(), authUrl());

  /** Sign, refused in the wallet: the toast "Error signing message", still on SIWXSignMessage, no session anywhere. */
  async function refuseToSign(page: Page) {
    await signView(page).locator('[data-action="sign"]').click();
    await signPrompt(page, 'reject').click();
    await inModal(page, '[part~="toast"]').filter({ hasText: 'Error signing message' }).waitFor();
    assert.equal(await signView(page).count(), 1);
    assert.equal(await backendSession(page), null);
    assert.deepEqual(await events(page, 'wallet-session'), []);
  }

  return { useSiwx, signView, signPrompt, backendSession, refuseToSign };
}
