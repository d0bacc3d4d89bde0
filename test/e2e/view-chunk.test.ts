import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { events, inModal, useE2E, waitForEvent } from './harness.js';

/**
 * The modal's views (React, App, the views' styles) are a chunk of their own that loads when the modal first
 * shows something (elements/view-host.ts), so the entry file holds no React. This is what happens when that
 * chunk cannot be loaded (the visitor went offline), and that a later open tries again.
 */
describe("the views' chunk", () => {
  const e2e = useE2E();

  it('offline on open: a clear wallet-error, the modal closes, and a later open loads the views and shows them', async () => {
    const { page } = await e2e.open();
    const viewChunk = /\/dist\/chunks\/modal-view-[\w-]+\.js$/;
    await page.route(viewChunk, (route) => route.abort('internetdisconnected'));
    await page.click('#open');
    assert.deepEqual(await waitForEvent(page, 'wallet-error'), { code: 'RENDER_FAILED', message: 'The wallet modal could not be loaded. Check your connection and try again.' });
    await waitForEvent(page, 'wallet-close');
    assert.equal(await page.evaluate(() => document.querySelector('wallet-connect-modal')!.hasAttribute('open')), false);
    assert.equal(await page.evaluate(() => document.querySelector('wallet-connect-modal')!.state.open), false);

    await page.unroute(viewChunk);
    const loaded = page.waitForRequest(viewChunk);
    await page.click('#open');
    await loaded;
    await inModal(page, 'dialog[open] [part="title"]').waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Connect Wallet');
    assert.equal((await events(page, 'wallet-error')).length, 1);
  });
});
