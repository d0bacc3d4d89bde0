// The browser suites' shared context (scripts/wtr-shared-context.mjs): one context for every file, nothing of one
// file's storage or permissions left for the next, and each file's page closed with it.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { sharedContext } from '../../scripts/wtr-shared-context.mjs';

describe('the browser suites\' shared context', () => {
  let browser: Browser;
  let server: Server;
  let config: { hostname: string; port: number; protocol: string };
  before(async () => {
    server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-cache' }).end('<!doctype html><title>file</title>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    config = { hostname: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http:' };
    browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
  });
  after(async () => {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  });

  /** One test file's session, as the runner drives it: a context handle, a page, the file's URL, then close. */
  async function session() {
    const { createBrowserContext, createPage } = sharedContext();
    const handle = createBrowserContext({ browser });
    const page = await createPage({ browser, config, context: handle });
    await page.goto(`http://127.0.0.1:${config.port}/`);
    return { handle, page };
  }

  it('gives the next file the same context, with no storage, cookie or permission of the file before', async () => {
    const first = await session();
    await first.page.evaluate(async () => {
      localStorage.setItem('left', 'behind');
      sessionStorage.setItem('left', 'behind');
      document.cookie = 'left=behind; max-age=3600';
      await new Promise((resolve, reject) => {
        const open = indexedDB.open('left-behind', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('s');
        open.onsuccess = () => { open.result.close(); resolve(undefined); };
        open.onerror = () => reject(open.error);
      });
    });
    await first.page.context().grantPermissions(['clipboard-read'], { origin: `http://127.0.0.1:${config.port}` });
    await first.handle.close();
    assert.equal(first.page.isClosed(), true, 'the file\'s page is closed with it');

    const second = await session();
    assert.equal(second.page.context(), first.page.context(), 'one context for both files');
    const left = await second.page.evaluate(async () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      cookie: document.cookie,
      databases: (await indexedDB.databases()).map((d) => d.name),
      clipboard: (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state,
    }));
    assert.deepEqual(left, { local: 0, session: 0, cookie: '', databases: [], clipboard: 'prompt' });
    await second.handle.close();
  });
});
