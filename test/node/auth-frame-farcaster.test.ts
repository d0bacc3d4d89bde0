// Sign In With Farcaster on the secure service (server/auth-frame/farcaster-routes.ts) against the local relay,
// the local IdRegistry and the approve command's code: a channel opened for the frame, completed by a custody
// signature, verified, and the user (made once per fid) signed in with the frame's cookie.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { approveChannel } from '../../devstack/farcaster-relay/approve.js';
import { installIdRegistry, LOCAL_FIDS } from '../../server/farcaster-relay/registry.js';
import { startFarcasterRelay, type FarcasterRelay } from '../../devstack/farcaster-relay/relay.js';
import { CookieJar, request } from './social-login-driver.js';
import { actAsFrame } from './frame-proof.js';

before(() => actAsFrame());

let anvil: Anvil;
let relay: FarcasterRelay;
let frame: AuthFrameServer;
let origin: string;

before(async () => {
  [anvil, relay] = await Promise.all([startAnvil({ chainId: 31337 }), startFarcasterRelay()]);
  await installIdRegistry(anvil.rpcUrl);
  frame = await startAuthFrame({
    allowedOrigins: ['http://127.0.0.1:5999'],
    smtpUrl: 'smtp://127.0.0.1:1',
    masterKey: randomBytes(32).toString('hex'),
    farcaster: { relayUrl: relay.url, rpcUrl: anvil.rpcUrl },
    log: () => {},
  });
  origin = new URL(frame.url).origin;
});
after(async () => {
  await frame?.stop();
  await Promise.all([relay?.stop(), anvil?.stop()]);
});

const post = (jar: CookieJar, path: string, body: unknown = {}): Promise<Response> =>
  request(jar, `${origin}${path}`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('Sign In With Farcaster on the secure service', () => {
  it('start → pending → fc-approve → completed: the fid user signed in with an embedded wallet, the same wallet next time', async () => {
    const jar = new CookieJar();
    const started = await post(jar, '/api/farcaster/start');
    assert.equal(started.status, 200);
    const { url, channelToken } = (await started.json()) as { url: string; channelToken: string };
    const params = new URL(url).searchParams;
    assert.deepEqual([params.get('channelToken'), params.get('domain'), params.get('siweUri')], [channelToken, new URL(origin).host, `${origin}/`]);
    assert.deepEqual(await (await post(jar, '/api/farcaster/wait', { channelToken })).json(), { state: 'pending' });

    await approveChannel({ relayUrl: relay.url, request: url, fid: 2 });
    const done = await post(jar, '/api/farcaster/wait', { channelToken });
    assert.equal(done.status, 200);
    const result = (await done.json()) as { state: string; fid: number; user: { address: string; socialProvider: string; email?: string } };
    assert.equal(result.state, 'completed');
    assert.equal(result.fid, 2);
    assert.equal(result.user.socialProvider, 'farcaster');
    assert.equal(result.user.email, undefined);
    assert.match(result.user.address, /^0x[0-9a-fA-F]{40}$/);
    const session = await request(jar, `${origin}/api/session`);
    assert.equal(session.status, 200);
    assert.equal(((await session.json()) as { address: string }).address, result.user.address);
    // Redeemed once: the same channel is gone.
    assert.equal((await post(jar, '/api/farcaster/wait', { channelToken })).status, 410);

    const again = new CookieJar();
    const second = (await (await post(again, '/api/farcaster/start')).json()) as { url: string; channelToken: string };
    await approveChannel({ relayUrl: relay.url, request: second.url, fid: 2 });
    const secondResult = (await (await post(again, '/api/farcaster/wait', { channelToken: second.channelToken })).json()) as { user: { address: string } };
    assert.equal(secondResult.user.address, result.user.address);
  });

  it('refuses a signature that is not the custody address of the fid, a rejected channel, an unknown channel, and another origin', async () => {
    const jar = new CookieJar();
    const forged = (await (await post(jar, '/api/farcaster/start')).json()) as { url: string; channelToken: string };
    await approveChannel({ relayUrl: relay.url, request: forged.url, fid: 1, signAs: LOCAL_FIDS[2] });
    const refused = await post(jar, '/api/farcaster/wait', { channelToken: forged.channelToken });
    assert.equal(refused.status, 401);
    assert.deepEqual(await refused.json(), { error: 'invalid_signature' });
    assert.equal((await request(jar, `${origin}/api/session`)).status, 401);

    const declined = (await (await post(jar, '/api/farcaster/start')).json()) as { url: string; channelToken: string };
    await approveChannel({ relayUrl: relay.url, request: declined.url, reject: true });
    const rejected = await post(jar, '/api/farcaster/wait', { channelToken: declined.channelToken });
    assert.equal(rejected.status, 403);
    assert.deepEqual(await rejected.json(), { error: 'rejected' });

    const unknown = await post(jar, '/api/farcaster/wait', { channelToken: 'not-a-channel' });
    assert.equal(unknown.status, 410);
    assert.deepEqual(await unknown.json(), { error: 'expired' });

    const foreign = await fetch(`${origin}/api/farcaster/start`, { method: 'POST', headers: { origin: 'http://127.0.0.1:5999' } });
    assert.equal(foreign.status, 403);
  });
});
