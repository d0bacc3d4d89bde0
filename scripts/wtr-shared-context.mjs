// One browser context for every test file of a @web/test-runner run, instead of a new one per file (the launcher's
// default). A new context starts with an empty HTTP cache, so each of the ~110 files fetched and compiled every
// module of the widget again; in one context the modules are revalidated and V8 reuses its compiled code.
// What a file may leave behind for the next is cleared before each file starts: the test server origin's storage
// (local and session storage, IndexedDB, cookies, Cache Storage, service workers) and any permission a file granted.
// Each file still gets a page of its own, closed when the file ends.

/** @typedef {import('playwright').BrowserContext} BrowserContext */
/** @typedef {import('playwright').Page} Page */

/** @type {WeakMap<object, Promise<BrowserContext>>} one shared context per browser */
const shared = new WeakMap();

/**
 * The launcher's `createBrowserContext` and `createPage`: the "context" the runner holds for a file is a handle
 * whose close() closes that file's page only.
 */
export function sharedContext() {
  return {
    /** @param {{ browser: import('playwright').Browser }} args */
    createBrowserContext({ browser }) {
      if (!shared.has(browser)) shared.set(browser, browser.newContext());
      /** @type {{ page?: Page, close(): Promise<void> }} */
      const handle = { close: async () => { await handle.page?.close(); } };
      return /** @type {any} */ (handle);
    },
    /** @param {{ browser: import('playwright').Browser, config: { hostname?: string, port?: number, protocol?: string }, context: any }} args */
    async createPage({ browser, config, context: handle }) {
      const context = await /** @type {Promise<BrowserContext>} */ (shared.get(browser));
      const origin = `${config.protocol ?? 'http:'}//${config.hostname ?? 'localhost'}:${config.port}`;
      await context.clearPermissions();
      await context.clearCookies();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      await cdp.detach();
      handle.page = page;
      return page;
    },
  };
}
