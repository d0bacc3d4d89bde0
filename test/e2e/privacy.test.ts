import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cspViolations, openModal, useE2E } from './harness.js';

describe('privacy and CSP on the demo page', () => {
  const e2e = useE2E();

  it('makes no request of its own before the modal is opened, and no RPC call until it needs one', async () => {
    const { page, requests } = await e2e.open({ clock: true });
    await page.waitForLoadState('networkidle');
    // Every timer the page set runs: ten minutes pass on the fake clock. A request they start is issued before
    // the marker request below, which is waited for.
    await page.clock.runFor(10 * 60_000);
    await Promise.all([page.waitForRequest((request) => request.url().endsWith('/favicon.ico?after-timers')), page.evaluate(() => void fetch('/favicon.ico?after-timers').catch(() => undefined))]);
    await page.clock.resume();
    const origin = new URL(e2e.stack.url).origin;
    const pageAssets = new Set([`${origin}/`, `${origin}/dist/wallet-connect-modal.js`, `${origin}/dist/dev-wallet.js`, `${origin}/demo/demo.js`, `${origin}/demo/demo.css`]);
    const widgetRequests = () => requests.filter((url) => !pageAssets.has(url) && !/\/favicon\.ico(\?after-timers)?$/.test(url));
    assert.deepEqual(widgetRequests(), []);
    await openModal(page);
    // Opening the Connect view needs nothing from the network either.
    assert.deepEqual(widgetRequests(), []);
  });

  it('runs under the strict CSP without a single violation', async () => {
    const { page, errors } = await e2e.open();
    const response = await page.request.get(e2e.stack.url);
    assert.match(response.headers()['content-security-policy']!, /script-src 'self'; style-src 'self'/);
    await openModal(page);
    assert.deepEqual(await cspViolations(page), []);
    assert.deepEqual(errors, []);
  });
});
