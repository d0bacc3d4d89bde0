import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { type DemoPage, type E2E, cspViolations, openDemo, openModal, startE2E } from './harness.js';

describe('privacy and CSP on the demo page', () => {
  let e2e: E2E;
  let demo: DemoPage | undefined;
  before(async () => { e2e = await startE2E(); });
  after(async () => { await e2e?.stop(); });
  afterEach(async () => { await demo?.context.close(); demo = undefined; });

  it('makes no request of its own before the modal is opened, and no RPC call until it needs one', async () => {
    demo = await openDemo(e2e);
    const { page, requests } = demo;
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const origin = new URL(e2e.stack.url).origin;
    const pageAssets = new Set([`${origin}/`, `${origin}/dist/wallet-connect-modal.js`, `${origin}/dist/dev-wallet.js`, `${origin}/demo/demo.js`, `${origin}/demo/demo.css`]);
    assert.deepEqual(requests.filter((url) => !pageAssets.has(url) && !url.endsWith('/favicon.ico')), []);
    await openModal(page);
    // Opening the Connect view needs nothing from the network either.
    assert.deepEqual(requests.filter((url) => !pageAssets.has(url) && !url.endsWith('/favicon.ico')), []);
  });

  it('runs under the strict CSP without a single violation', async () => {
    demo = await openDemo(e2e);
    const response = await demo.page.request.get(e2e.stack.url);
    assert.match(response.headers()['content-security-policy']!, /script-src 'self'; style-src 'self'/);
    await openModal(demo.page);
    assert.deepEqual(await cspViolations(demo.page), []);
    assert.deepEqual(demo.errors, []);
  });
});
