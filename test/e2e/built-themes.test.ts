import assert from 'node:assert/strict';
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

/**
 * The themes as the built bundle (dist/) draws them: the test server serves the stylesheets unminified, so only a
 * page loading dist/ sees what the build's CSS minifier made of the theme selectors.
 */
const WHITE = 'rgb(255, 255, 255)';
const DARK = 'rgb(24, 25, 27)';
const LIGHT_TEXT = 'rgb(20, 20, 20)';
const DARK_TEXT = 'rgb(241, 242, 244)';

const PAGE = `<!doctype html><html><body><wallet-connect-modal chains="eip155:1"></wallet-connect-modal>
<script type="module" src="/dist/wallet-connect-modal.js"></script></body></html>`;

function serveRepo(): Promise<Server> {
  const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url!, 'http://x').pathname));
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      return;
    }
    const file = join(process.cwd(), path);
    if (!path.startsWith('/dist/') || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('themes in the built bundle (dist/)', () => {
  let server: Server;
  let browser: Browser;
  let url: string;

  before(async () => {
    assert.ok(existsSync('dist/wallet-connect-modal.js'), 'run `npm run build` first');
    server = await serveRepo();
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  async function colours(theme: string, colorScheme: 'light' | 'dark'): Promise<{ background: string; title: string }> {
    const page = await browser.newPage({ colorScheme });
    await page.goto(url);
    await page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined);
    await page.evaluate((t) => {
      const el = document.querySelector('wallet-connect-modal') as HTMLElement & { open(): void };
      el.setAttribute('theme', t);
      el.open();
    }, theme);
    await page.locator('wallet-connect-modal dialog[open] [part~="title"]').waitFor();
    const seen = await page.evaluate(() => {
      const root = document.querySelector('wallet-connect-modal')!.shadowRoot!;
      return {
        background: getComputedStyle(root.querySelector('dialog')!).backgroundColor,
        title: getComputedStyle(root.querySelector('[part~="title"]')!).color,
      };
    });
    await page.close();
    return seen;
  }

  for (const scheme of ['light', 'dark'] as const) {
    it(`theme="light" is light when the system prefers ${scheme}`, async () => {
      const { background, title } = await colours('light', scheme);
      assert.deepEqual({ background, title }, { background: WHITE, title: LIGHT_TEXT });
    });
    it(`theme="dark" is dark when the system prefers ${scheme}`, async () => {
      const { background, title } = await colours('dark', scheme);
      assert.deepEqual({ background, title }, { background: DARK, title: DARK_TEXT });
    });
    it(`theme="system" follows prefers-color-scheme: ${scheme}`, async () => {
      const { background, title } = await colours('system', scheme);
      assert.deepEqual({ background, title }, scheme === 'dark' ? { background: DARK, title: DARK_TEXT } : { background: WHITE, title: LIGHT_TEXT });
    });
  }
});
