import assert from 'node:assert/strict';
import { writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Hono } from 'hono';
import { createWebApp, substituteRpcUrls } from '../../devstack/web.js';
import { makeTempRoot, SECRET } from './helpers.js';

const CHAINS = [
  { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' },
  { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546' },
];
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self' http://127.0.0.1:8545 http://127.0.0.1:8546 http://127.0.0.1:7777; " +
  "base-uri 'none'; object-src 'none'; frame-ancestors 'none'";

function assertSecurityHeaders(res: Response): void {
  assert.equal(res.headers.get('content-security-policy'), CSP);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(res.headers.get('cache-control'), 'no-store');
}

describe('createWebApp', () => {
  let root: string;
  let cleanup: () => Promise<void>;
  let app: Hono;

  before(async () => {
    ({ root, cleanup } = await makeTempRoot());
    app = createWebApp({ root, chains: CHAINS, extraConnectSrc: ['http://127.0.0.1:7777'] });
  });
  after(() => cleanup());

  it('serves demo/index.html at / with the RPC placeholders filled in', async () => {
    const res = await app.request('/');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=UTF-8');
    assertSecurityHeaders(res);
    assert.equal(
      await res.text(),
      '<!doctype html><title>t</title><meta name="rpc" content="http://127.0.0.1:8545|http://127.0.0.1:8546|http://127.0.0.1:8545|%RPC_URL_1%">',
    );
  });

  it('reads the page at request time', async () => {
    await writeFile(join(root, 'demo', 'index.html'), 'v2 %RPC_URL_31338%');
    try {
      assert.equal(await (await app.request('/')).text(), 'v2 http://127.0.0.1:8546');
    } finally {
      await writeFile(join(root, 'demo', 'index.html'), 'restored');
    }
  });

  const files: [string, string, string][] = [
    ['/dist/x.js', 'text/javascript; charset=utf-8', 'export const x = 1;'],
    ['/dist/chunks/c-abc123.js', 'text/javascript; charset=utf-8', 'export const c = 2;'],
    ['/dist/data.json', 'application/json; charset=utf-8', '{"ok":true}'],
    ['/dist/blob.bin', 'application/octet-stream', 'bytes'],
    ['/demo/style.css', 'text/css; charset=utf-8', 'p{color:red}'],
    ['/demo/logo.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
  ];
  for (const [path, type, body] of files) {
    it(`serves ${path} as ${type}`, async () => {
      const res = await app.request(path);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), type);
      assertSecurityHeaders(res);
      assert.equal(await res.text(), body);
    });
  }

  it('serves binary files byte for byte', async () => {
    const res = await app.request('/demo/pixel.png');
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.deepEqual(new Uint8Array(await res.arrayBuffer()), new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  });

  for (const path of ['/dist/missing.js', '/dist/chunks', '/dist/chunks/', '/demo/', '/dist', '/package.json', '/src/index.ts', '/demo/.env']) {
    it(`answers 404 for ${path}, with the security headers`, async () => {
      const res = await app.request(path);
      assert.equal(res.status, 404);
      assertSecurityHeaders(res);
      assert.equal(await res.text(), 'Not found');
    });
  }

  for (const path of [
    '/dist/../package.json',
    '/dist/%2e%2e/package.json',
    '/dist/%2E%2E/package.json',
    '/dist/..%2fpackage.json',
    '/dist/%2e%2e%2fpackage.json',
    '/dist/chunks/..%2f..%2fpackage.json',
    '/demo/..%5cpackage.json',
    '/dist/link.js',
  ]) {
    it(`refuses traversal ${path}`, async () => {
      const res = await app.request(path);
      assert.equal(res.status, 404);
      assert.doesNotMatch(await res.text(), new RegExp(SECRET));
    });
  }

  it('answers 404 at / when demo/index.html does not exist', async () => {
    await rm(join(root, 'demo', 'index.html'));
    const res = await app.request('/');
    assert.equal(res.status, 404);
    assertSecurityHeaders(res);
    assert.equal(await res.text(), 'demo/index.html not found');
  });
});

describe('substituteRpcUrls', () => {
  it('replaces every occurrence and leaves unknown chains visible', () => {
    assert.equal(substituteRpcUrls('%RPC_URL_31337%,%RPC_URL_31337%,%RPC_URL_5%,%RPC_URL_%', CHAINS), 'http://127.0.0.1:8545,http://127.0.0.1:8545,%RPC_URL_5%,%RPC_URL_%');
  });
});
