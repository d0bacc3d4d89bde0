// The dev services' Host check (server/host-check.ts): only the names a service is reached by on purpose.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Hono } from 'hono';
import { hostAllowlist, isAllowedHost, localHosts, MISDIRECTED_TEXT } from '../../server/host-check.js';

describe('host check', () => {
  const allowed = localHosts(8550, 'https://auth.example.com/', 'http://dev.example:9000/x', 'not a url', undefined);

  it('lists the bound port under the three loopback names and the public URLs\' hosts', () => {
    assert.deepEqual(allowed, ['127.0.0.1:8550', 'localhost:8550', '[::1]:8550', 'auth.example.com', 'dev.example:9000']);
  });

  it('allows exactly those names, case-insensitive', () => {
    for (const host of ['127.0.0.1:8550', 'LOCALHOST:8550', '[::1]:8550', 'auth.example.com', 'dev.example:9000']) assert.equal(isAllowedHost(host, allowed), true, host);
    for (const host of [undefined, '', 'attacker.example:8550', '127.0.0.1:8551', '127.0.0.1', 'localhost', 'localhost.:8550', 'auth.example.com:8550', 'dev.example', 'x@127.0.0.1:8550', '127.0.0.1:8550/'])
      assert.equal(isAllowedHost(host, allowed), false, String(host));
  });

  it('answers 421 with a short text to another Host (hono)', async () => {
    const app = new Hono();
    app.use('*', hostAllowlist(() => allowed));
    app.get('/', (c) => c.text('ok'));
    const refused = await app.request('http://attacker.example:8550/', { headers: { host: 'attacker.example:8550' } });
    assert.equal(refused.status, 421);
    assert.equal(await refused.text(), MISDIRECTED_TEXT);
    const served = await app.request('http://127.0.0.1:8550/', { headers: { host: '127.0.0.1:8550' } });
    assert.equal(served.status, 200);
  });
});
