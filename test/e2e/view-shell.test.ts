import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { devWalletEntry, events, inModal, seriousA11yViolations, useE2E, waitForEvent } from './harness.js';

/**
 * On the first open the views' chunk is not in yet: the entry shows the modal at once (elements/view-shell.ts),
 * with the view's title and the views' loading state, and the real dialog takes over when the chunk has rendered.
 * The chunk is held back here until the test lets it through, so every step happens before it is answered.
 */
describe('the modal before its views have loaded', () => {
  const e2e = useE2E();

  it('shows the dialog with its title and a loading status at once; Escape and ✕ close it; then the real view replaces it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered = false;
    // Held from the start: the widget asks for it at idle after load, and that request is the one held.
    const { page } = await e2e.open({
      beforeLoad: (context) =>
        context.route(/\/dist\/chunks\/modal-view-[\w-]+\.js$/, async (route) => {
          await held;
          answered = true;
          await route.continue();
        }),
    });
    const dialogs = () => page.evaluate(() => {
      const root = document.querySelector('wallet-connect-modal')!.shadowRoot!;
      return { all: root.querySelectorAll('dialog').length, open: root.querySelectorAll('dialog[open]').length, modal: root.querySelectorAll('dialog:modal').length };
    });

    await page.click('#open');
    await inModal(page, 'dialog[open] [part="title"]').waitFor();
    assert.equal(await inModal(page, 'dialog[open] [part="title"]').textContent(), 'Connect Wallet');
    assert.equal(await inModal(page, 'dialog[open] .spinner').getAttribute('aria-label'), 'Loading');
    assert.ok(await inModal(page, 'dialog[open] .spinner').isVisible());
    assert.equal(await inModal(page, 'dialog[open] [role="status"]').textContent(), 'Loading', 'said in a live region');
    assert.equal(await inModal(page, 'dialog[open] [part="close-button"]').getAttribute('aria-label'), 'Close');
    assert.deepEqual(await dialogs(), { all: 1, open: 1, modal: 1 });
    assert.deepEqual(await seriousA11yViolations(page), [], 'axe: the shell');
    assert.equal(answered, false, "the views' chunk is still held back");

    await page.keyboard.press('Escape');
    assert.deepEqual(await waitForEvent(page, 'wallet-close'), { view: 'Connect' });
    assert.equal(await page.evaluate(() => document.querySelector('wallet-connect-modal')!.state.open), false);
    assert.deepEqual(await dialogs(), { all: 0, open: 0, modal: 0 });

    await page.click('#open');
    await inModal(page, 'dialog[open] [part="close-button"]').click();
    await waitForEvent(page, 'wallet-close', 2);
    assert.equal(await page.evaluate(() => document.querySelector('wallet-connect-modal')!.hasAttribute('open')), false);
    assert.equal(answered, false, "the views' chunk is still held back");

    await page.click('#open');
    await inModal(page, 'dialog[open] [role="status"]').waitFor();
    release();
    await devWalletEntry(page).waitFor();
    assert.deepEqual(await dialogs(), { all: 1, open: 1, modal: 1 });
    assert.equal(await inModal(page, 'dialog[open] [part="title"]').textContent(), 'Connect Wallet');
    // Focus is where the real dialog puts it: the view's first control.
    await page.waitForFunction(() => document.querySelector('wallet-connect-modal')!.shadowRoot!.activeElement?.closest('.body') != null);
    assert.equal((await events(page, 'wallet-close')).length, 2);
    assert.equal((await events(page, 'wallet-open')).length, 3);
    assert.deepEqual(await events(page, 'wallet-error'), []);

    // Later opens do not use the shell: the real dialog is the only one ever in the shadow root.
    await page.keyboard.press('Escape');
    await waitForEvent(page, 'wallet-close', 3);
    await page.evaluate(() => {
      const root = document.querySelector('wallet-connect-modal')!.shadowRoot!;
      const seen: number[] = [];
      (window as unknown as { __dialogsSeen: number[] }).__dialogsSeen = seen;
      new MutationObserver(() => seen.push(root.querySelectorAll('dialog').length)).observe(root, { childList: true, subtree: true });
    });
    await page.click('#open');
    await devWalletEntry(page).waitFor();
    assert.ok((await page.evaluate(() => (window as unknown as { __dialogsSeen: number[] }).__dialogsSeen)).every((n) => n === 1));
    assert.deepEqual(await dialogs(), { all: 1, open: 1, modal: 1 });
  });
});
