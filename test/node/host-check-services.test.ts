// Against DNS rebinding: the network services answer only their own host names. A page on attacker.example that
// resolves its name to 127.0.0.1 sends `Host: attacker.example:<port>`; the directory, the Farcaster relay, the
// WalletConnect relay (HTTP and its WebSocket upgrade) and every service served through listen() with a host check
// (the wallet data API, the on-ramp sandbox) refuse it with 421, and answer 127.0.0.1 and localhost as before.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { startDirectory, type DirectoryServer } from '../../server/directory/serve.js';
import { startFarcasterRelay, type FarcasterRelay } from '../../devstack/farcaster-relay/relay.js';
import { MISDIRECTED_TEXT } from '../../server/host-check.js';
import { listen, type Listening } from '../../server/listen.js';
import { startRelay, type Relay } from '../../server/relay/relay.js';
import { getWithHost } from './helpers.js';

/** Opens a WebSocket with `host`; resolves 'open' or the refusal's HTTP status. */
function upgradeWithHost(url: string, host: string): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers: { host } });
    ws.on('open', () => { ws.close(); resolve('open'); });
    ws.on('unexpected-response', (_req, res) => { resolve(String(res.statusCode)); ws.terminate(); });
    ws.on('error', (err) => resolve(`error: ${err.message}`));
  });
}

describe('the network services answer only their own host names', () => {
  let directory: DirectoryServer;
  let farcaster: FarcasterRelay;
  let relay: Relay;
  let plain: Listening;
  before(async () => {
    [directory, farcaster, relay, plain] = await Promise.all([
      startDirectory(),
      startFarcasterRelay(),
      startRelay(),
      listen(() => new Response('hello'), { host: '127.0.0.1', port: 0, service: 'test', hostCheck: { publicUrls: () => ['https://svc.example.com/'] } }),
    ]);
  });
  after(async () => {
    await Promise.all([directory?.stop(), farcaster?.stop(), relay?.stop(), plain?.stop()]);
  });

  it('listen() with hostCheck: 421 for another name; its own names and the public URL\'s host answered', async () => {
    const { port } = new URL(plain.url);
    assert.deepEqual(await getWithHost(plain.url, `attacker.example:${port}`), { status: 421, body: MISDIRECTED_TEXT });
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'svc.example.com']) assert.deepEqual(await getWithHost(plain.url, host), { status: 200, body: 'hello' }, host);
  });

  it('the wallet directory and the Farcaster relay refuse another name with 421', async () => {
    for (const server of [directory, farcaster]) {
      const { port } = new URL(server.url);
      assert.deepEqual(await getWithHost(new URL('/health', server.url).href, `attacker.example:${port}`), { status: 421, body: MISDIRECTED_TEXT }, server.url);
      assert.notEqual((await getWithHost(new URL('/health', server.url).href, `127.0.0.1:${port}`)).status, 421, server.url);
    }
  });

  it('the WalletConnect relay refuses another name on HTTP and on the WebSocket upgrade', async () => {
    const http = relay.url.replace(/^ws/, 'http');
    const { port } = new URL(http);
    assert.deepEqual(await getWithHost(`${http}/health`, `attacker.example:${port}`), { status: 421, body: MISDIRECTED_TEXT });
    assert.equal((await getWithHost(`${http}/health`, `localhost:${port}`)).status, 200);
    assert.equal(await upgradeWithHost(relay.url, `attacker.example:${port}`), '421');
  });
});
