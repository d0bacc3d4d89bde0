// Every JSON endpoint of the wallet data API, the on-ramp sandbox and the Farcaster auth relay refuses a body over
// its limit with 413 before reading it all: a 40 MiB JSON body sent over loopback to each.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createWalletApi, type WalletApi } from '../../server/api/app.js';
import { createFarcasterRelayApp } from '../../devstack/farcaster-relay/relay.js';
import { listen, type Listening } from '../../server/listen.js';
import { createSandboxApp } from '../../devstack/onramp-sandbox/app.js';

const HUGE = 40 * 1024 * 1024;
const hugeJson = () => `{"pad":"${'a'.repeat(HUGE - 10)}"}`;

describe('body limits: a 40 MiB JSON body is refused with 413', () => {
  let api: WalletApi;
  const servers: Listening[] = [];
  const urls: Record<string, string> = {};

  before(async () => {
    api = await createWalletApi({ chains: [], dbPath: ':memory:' });
    const sandbox = createSandboxApp({ assets: [], prices: async () => { throw new Error('no prices'); }, payout: async () => 'never', baseUrl: () => 'http://127.0.0.1' });
    for (const [name, app] of [['api', api.app], ['onramp', sandbox.app], ['farcaster', createFarcasterRelayApp()]] as const) {
      const server = await listen(app.fetch, { host: '127.0.0.1', port: 0, service: name });
      servers.push(server);
      urls[name] = server.url;
    }
  });
  after(async () => {
    for (const server of servers) await server.stop();
    await api?.close();
  });

  const send = async (url: string) => {
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: hugeJson() });
    const body = await response.text();
    return { status: response.status, body, ms: Math.round(performance.now() - started) };
  };

  for (const [name, path, error] of [
    ['api', 'v1/fungible/price?projectId=p', '{"status":"ERROR","reasons":[{"name":"body","description":"the body is over 65536 bytes"}]}'],
    ['api', 'v1/sessions/0x0000000000000000000000000000000000000001/revoke?projectId=p', '{"status":"ERROR","reasons":[{"name":"body","description":"the body is over 65536 bytes"}]}'],
    ['api', 'v1/profile/account?projectId=p', '{"status":"ERROR","reasons":[{"name":"body","description":"the body is over 65536 bytes"}]}'],
    ['onramp', 'api/quote', '{"status":"ERROR","reasons":[{"name":"body","description":"the body is over 16384 bytes"}]}'],
    ['onramp', 'api/orders', '{"status":"ERROR","reasons":[{"name":"body","description":"the body is over 16384 bytes"}]}'],
    ['farcaster', 'v1/channel', '{"error":"The body is over 16384 bytes"}'],
  ] as const) {
    it(`${name} POST /${path.split('?')[0]}`, async () => {
      const result = await send(`${urls[name]}${path}`);
      console.log(`${name} /${path.split('?')[0]}: ${result.status} in ${result.ms} ms`);
      assert.equal(result.status, 413, `answered ${result.status} ${result.body.slice(0, 200)}`);
      assert.equal(result.body, error);
    });
  }
});
