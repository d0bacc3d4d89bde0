import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectDevWallet, openModal, useE2E, widgetState } from './harness.js';

/** The names zod's core and nanostores would keep on the page's global object. */
const LIBRARY_GLOBALS = ['__zod_globalConfig', '__zod_globalRegistry', 'nanostoresGlobal'];

/**
 * Before any of the page's scripts: the window's own properties, and (as a hostile host script would) a zod
 * configuration of the host's whose hook would run on every schema built while it is in place.
 */
const HOST_SCRIPT = `(() => {
  window.__hostZodHookCalls = 0;
  globalThis.__zod_globalConfig = { postProcessor() { window.__hostZodHookCalls++; } };
  window.__windowBefore = Object.getOwnPropertyNames(window);
})();`;

describe('library globals on the host page (the built bundle)', () => {
  const e2e = useE2E();

  it('the widget adds none of zod\'s or nanostores\' globals to window, loaded and opened', async () => {
    const { page } = await e2e.open();
    await openModal(page);
    const names = await page.evaluate(() => Object.getOwnPropertyNames(window));
    assert.deepEqual(LIBRARY_GLOBALS.filter((name) => names.includes(name)), []);
    assert.deepEqual(await page.evaluate((keys) => keys.filter((key) => key in globalThis), LIBRARY_GLOBALS), []);
  });

  it('a zod configuration the host put on window first is neither used nor changed by the widget', async () => {
    const { page, context } = await e2e.open();
    await context.addInitScript(HOST_SCRIPT);
    await page.reload();
    await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined && 'devWallet' in window);
    await connectDevWallet(page);
    assert.equal((await widgetState(page)).status, 'connected');
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __hostZodHookCalls: number; __zod_globalConfig: object; __windowBefore: string[] };
      return { calls: w.__hostZodHookCalls, keys: Object.keys(w.__zod_globalConfig), added: Object.getOwnPropertyNames(window).filter((name) => !w.__windowBefore.includes(name)) };
    });
    // The host's hook never ran on one of the widget's schemas, and its object got no key from zod.
    assert.equal(seen.calls, 0);
    assert.deepEqual(seen.keys, ['postProcessor']);
    assert.deepEqual(seen.added.filter((name) => LIBRARY_GLOBALS.includes(name)), []);
  });
});
