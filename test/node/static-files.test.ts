import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCsp } from '../../devstack/csp.js';
import { contentTypeFor, resolveInside } from '../../devstack/static-files.js';

describe('resolveInside', () => {
  const base = '/srv/site/dist';

  it('maps ordinary and nested paths into the folder, decoding each segment', () => {
    assert.equal(resolveInside(base, 'x.js'), '/srv/site/dist/x.js');
    assert.equal(resolveInside(base, 'chunks/c-abc.js'), '/srv/site/dist/chunks/c-abc.js');
    assert.equal(resolveInside(base, 'a%20b.js'), '/srv/site/dist/a b.js');
    assert.equal(resolveInside(base, 'chunks//c.js'), '/srv/site/dist/chunks/c.js');
  });

  for (const path of [
    '',
    '..',
    '../package.json',
    '%2e%2e/package.json',
    '%2E%2e/package.json',
    '.%2e/package.json',
    '..%2fpackage.json',
    '..%2Fpackage.json',
    '%2e%2e%2fpackage.json',
    'chunks/..%2f..%2f..%2fetc%2fpasswd',
    '..%5cpackage.json',
    'x.js%00.png',
    '%2fetc%2fpasswd',
    '.env',
    'chunks/.hidden',
    '%E0%A4%A',
  ]) {
    it(`refuses ${JSON.stringify(path)}`, () => {
      assert.equal(resolveInside(base, path), undefined);
    });
  }
});

describe('contentTypeFor', () => {
  it('gives the types the demo and bundle need, and bytes otherwise', () => {
    assert.equal(contentTypeFor('a/b.js'), 'text/javascript; charset=utf-8');
    assert.equal(contentTypeFor('b.CSS'), 'text/css; charset=utf-8');
    assert.equal(contentTypeFor('i.html'), 'text/html; charset=utf-8');
    assert.equal(contentTypeFor('l.svg'), 'image/svg+xml');
    assert.equal(contentTypeFor('p.png'), 'image/png');
    assert.equal(contentTypeFor('d.json'), 'application/json; charset=utf-8');
    assert.equal(contentTypeFor('blob'), 'application/octet-stream');
  });
});

describe('buildCsp', () => {
  it('lists each RPC origin once (paths dropped) followed by the extra sources', () => {
    assert.equal(
      buildCsp({
        rpcUrls: ['http://127.0.0.1:8545', 'http://127.0.0.1:8545/', 'http://127.0.0.1:8546/rpc/v1'],
        extraConnectSrc: ['ws://127.0.0.1:9000', 'http://127.0.0.1:8546'],
      }),
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
        "connect-src 'self' http://127.0.0.1:8545 http://127.0.0.1:8546 ws://127.0.0.1:9000; " +
        "base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
    );
  });
});
