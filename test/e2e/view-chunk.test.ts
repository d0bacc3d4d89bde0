import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { devWalletEntry, events, inModal, useE2E, waitForEvent } from './harness.js';

/**
 * The modal's views (React, App, the views' styles) are a chunk of their own that loads when the modal first
 * shows something (elements/view-host.ts), so the entry file holds no React. This is what happens when that
 * chunk cannot be loaded (the visitor went offline), and that a later open tries again.
 */
describe("the views' chunk", () => {
  const e2e = useE2E();

  it('offline on open: a clear wallet-error, the modal closes, and a later open loads the views and shows them', async () => {
    const viewChunk = /\/dist\/chunks\/modal-view-[\w-]+\.js$/;
    // Offline from the start: the fetch at idle after load fails too, silently (no wallet-error before open).
    const { page, context } = await e2e.open({ beforeLoad: (context) => context.route(viewChunk, (route) => route.abort('internetdisconnected')) });
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await events(page, 'wallet-error'), []);
    await page.click('#open');
    assert.deepEqual(await waitForEvent(page, 'wallet-error'), { code: 'RENDER_FAILED', message: 'The wallet modal could not be loaded. Check your connection and try again.' });
    await waitForEvent(page, 'wallet-close');
    assert.equal(await page.evaluate(() => document.querySelector('wallet-connect-modal')!.hasAttribute('open')), false);
    assert.equal(await page.evaluate(() => document.querySelector('wallet-connect-modal')!.state.open), false);

    await context.unroute(viewChunk);
    const loaded = page.waitForRequest(viewChunk);
    await page.click('#open');
    await loaded;
    await inModal(page, 'dialog[open] [part="title"]').waitFor();
    assert.equal(await inModal(page, '[part="title"]').textContent(), 'Connect Wallet');
    assert.equal((await events(page, 'wallet-error')).length, 1);
  });

  it('is fetched at idle after load, from the widget\'s origin, so the first click shows the Connect view itself, never the loading shell', async () => {
    const { page, requests } = await e2e.open();
    const origin = new URL(e2e.stack.url).origin;
    // The idle-time fetch may come before open() returns: read the requests recorded since before the load (a
    // waitForRequest attached now would miss it), until the chunk is among them.
    const viewChunk = /\/dist\/chunks\/modal-view-[\w-]+\.js$/;
    for (const deadline = Date.now() + 30_000; !requests.some((url) => viewChunk.test(url)); ) {
      assert.ok(Date.now() < deadline, `the views' chunk was not fetched after load: ${JSON.stringify(requests)}`);
      await page.waitForRequest(viewChunk, { timeout: 250 }).catch(() => undefined);
    }
    await page.waitForLoadState('networkidle');
    assert.deepEqual(requests.filter((url) => new URL(url).origin !== origin), [], 'nothing from another origin before open');
    // Then, at idle, React mounts the real dialog, closed and with no view in it (a view would make its requests).
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.shadowRoot!.querySelector('dialog:not([data-shell])'));
    assert.deepEqual(
      await inModal(page, 'dialog').evaluate((dialog) => [(dialog as HTMLDialogElement).open, dialog.querySelector('[part="body"] *') !== null]),
      [false, false],
      'mounted closed and empty before the first open',
    );
    // Every dialog put into the shadow root from the click on is recorded: the entry's shell has data-shell.
    await page.evaluate(() => {
      const root = document.querySelector('wallet-connect-modal')!.shadowRoot!;
      const seen: string[] = [];
      (window as unknown as { __seen: string[] }).__seen = seen;
      new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) if (node instanceof HTMLDialogElement) seen.push(node.hasAttribute('data-shell') ? 'shell' : 'dialog');
      }).observe(root, { childList: true, subtree: true });
    });
    await page.click('#open');
    await devWalletEntry(page).waitFor();
    assert.equal(await inModal(page, 'dialog[open] [part="title"]').textContent(), 'Connect Wallet');
    assert.deepEqual(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen), [], 'the dialog mounted at idle opens: never the loading shell, nor a second dialog');
  });
});
