import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

/**
 * The package as a CDN serves it: the packed tarball's dist/ under a versioned path on one origin, a page on
 * another origin that loads the entry with `<script type="module" integrity>` (the hash from dist/integrity.json)
 * under a strict Content Security Policy. The chunks must resolve against the script's URL, not the page's.
 */
describe('the packed dist/ from a CDN origin, under a strict CSP', () => {
  const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
  const base = `/wallet-connect-modal@${version}/dist/`;
  let dir: string;
  let cdn: Server;
  let site: Server;
  const cdnRequests: string[] = [];

  const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'wcm-cdn-'));
    const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { encoding: 'utf8' }).trim().split('\n').pop()!;
    execFileSync('tar', ['-xzf', join(dir, tarball), '-C', dir]);
  });
  after(() => {
    cdn?.close();
    site?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the entry loads with its SRI hash, defines both elements, and the modal opens with its chunks from the CDN', async () => {
    cdn = createServer((req, res) => {
      const path = new URL(req.url!, 'http://x').pathname;
      cdnRequests.push(path);
      const file = path.startsWith(base) ? normalize(join(dir, 'package', 'dist', path.slice(base.length))) : '';
      if (!file.startsWith(join(dir, 'package', 'dist')) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
        res.writeHead(404).end();
        return;
      }
      const type = extname(file) === '.js' ? 'text/javascript' : 'application/json';
      res.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*' }).end(readFileSync(file));
    });
    const cdnOrigin = await listen(cdn);
    const integrity = (JSON.parse(readFileSync(join(dir, 'package', 'dist', 'integrity.json'), 'utf8')) as Record<string, string>)['wallet-connect-modal.js'] ?? '';
    assert.match(integrity, /^sha384-[A-Za-z0-9+/]{64}$/);
    const csp = `default-src 'none'; script-src ${cdnOrigin}${base}; style-src 'self'; img-src data:; connect-src 'none'; frame-src 'none'; base-uri 'none'`;
    site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': csp }).end(`<!doctype html>
<title>CDN</title>
<script type="module" src="${cdnOrigin}${base}wallet-connect-modal.js" integrity="${integrity}" crossorigin="anonymous"></script>
<wallet-connect-modal networks="eip155:1"></wallet-connect-modal>
<wallet-connect-button></wallet-connect-button>`);
    });
    const siteOrigin = await listen(site);
    assert.notEqual(new URL(siteOrigin).origin, new URL(cdnOrigin).origin);

    const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
    try {
      const page = await browser.newPage();
      const violations: string[] = [];
      await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`));
      });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(siteOrigin);
      await page.waitForFunction(() => customElements.get('wallet-connect-modal') && customElements.get('wallet-connect-button'));
      await page.locator('wallet-connect-button').locator('button').waitFor();
      assert.equal((await page.locator('wallet-connect-button').locator('button').textContent())?.trim(), 'Connect Wallet');

      await page.evaluate(() => (document.querySelector('wallet-connect-modal') as unknown as { open(): void }).open());
      await page.locator('wallet-connect-modal').locator('dialog[open] [part="title"]').waitFor();
      assert.equal(await page.locator('wallet-connect-modal').locator('[part="title"]').textContent(), 'Connect Wallet');

      assert.deepEqual(violations, []);
      assert.deepEqual(errors, []);
      const chunks = cdnRequests.filter((p) => p.startsWith(`${base}chunks/`));
      assert.ok(chunks.length > 0, 'the views came as chunks from the CDN');
    } finally {
      await browser.close();
    }
  });
});
