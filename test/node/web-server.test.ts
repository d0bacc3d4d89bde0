import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { PortInUseError } from '../../server/ports.js';
import { startWeb, type WebServer } from '../../devstack/web.js';
import { makeTempRoot, occupyPort, rawGet, SECRET } from './helpers.js';

const CHAINS = [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }];

describe('startWeb', () => {
  let root: string;
  let cleanup: () => Promise<void>;
  let web: WebServer;

  before(async () => {
    ({ root, cleanup } = await makeTempRoot());
    web = await startWeb({ root, chains: CHAINS });
  });
  after(async () => {
    await web.stop();
    await cleanup();
  });

  it('listens on 127.0.0.1 and serves the page with its headers', async () => {
    assert.equal(web.url, `http://127.0.0.1:${web.port}/`);
    const res = await fetch(web.url);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /content="http:\/\/127\.0\.0\.1:8545\|%RPC_URL_31338%\|/);
    assert.equal(
      res.headers.get('content-security-policy'),
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' http://127.0.0.1:8545; " +
        "base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
    );
    const js = await fetch(new URL('dist/chunks/c-abc123.js', web.url));
    assert.equal(js.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(await js.text(), 'export const c = 2;');
  });

  // Sent raw: fetch() would normalise these before they reach the server.
  for (const path of [
    '/dist/../package.json',
    '/demo/../../package.json',
    '/dist/%2e%2e/package.json',
    '/dist/..%2fpackage.json',
    '/dist/%2e%2e%2fpackage.json',
    '/dist/chunks/%2e%2e/%2e%2e/package.json',
    '/dist/..%5cpackage.json',
    '/dist/link.js',
  ]) {
    it(`refuses raw traversal ${path}`, async () => {
      const res = await rawGet(web.port, path);
      assert.equal(res.status, 404);
      assert.doesNotMatch(res.body, new RegExp(SECRET));
    });
  }

  it('rejects a literal backslash in the path before routing', async () => {
    const res = await rawGet(web.port, '/dist/..\\package.json');
    assert.equal(res.status, 400);
    assert.doesNotMatch(res.body, new RegExp(SECRET));
  });

  it('names the port when it is taken', async () => {
    const held = await occupyPort();
    try {
      await assert.rejects(startWeb({ root, chains: CHAINS, port: held.port }), (err: unknown) => {
        assert.ok(err instanceof PortInUseError);
        assert.equal(err.port, held.port);
        assert.equal(err.service, 'web server');
        return true;
      });
    } finally {
      await held.release();
    }
  });

  it('stop() closes at once despite an idle keep-alive connection, and the port stops answering', async () => {
    const other = await startWeb({ root, chains: CHAINS });
    const agent = new Agent({ keepAlive: true });
    const status = await new Promise<number>((resolve, reject) => {
      request({ host: '127.0.0.1', port: other.port, path: '/dist/x.js', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
        .on('error', reject)
        .end();
    });
    assert.equal(status, 200);

    const startedAt = Date.now();
    await other.stop();
    assert.ok(Date.now() - startedAt < 1000, `stop took ${Date.now() - startedAt} ms`);
    agent.destroy();
    await assert.rejects(rawGet(other.port, '/'), { code: 'ECONNREFUSED' });
    await other.stop();
  });
});
