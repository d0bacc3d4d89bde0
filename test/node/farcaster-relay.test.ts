import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { createFarcasterRelayApp, startFarcasterRelay, type FarcasterRelay } from '../../devstack/farcaster-relay/relay.js';
import { installIdRegistry, LOCAL_FIDS } from '../../server/farcaster-relay/registry.js';
import { approveChannel } from '../../devstack/farcaster-relay/approve.js';
import { farcasterVerifier, verifyFarcasterSignIn } from '../../server/farcaster-relay/verify.js';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';

const open = { siweUri: 'http://127.0.0.1:5173/login', domain: '127.0.0.1:5173' };
const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

describe('Farcaster relay protocol', () => {
  it('opens a channel, answers 202 pending, then 200 completed with what the client posted', async () => {
    const app = createFarcasterRelayApp();
    const created = await app.request('/v1/channel', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...open, nonce: 'abcdefgh1234' }) });
    assert.equal(created.status, 201);
    const { channelToken, url, nonce } = (await created.json()) as { channelToken: string; url: string; nonce: string };
    assert.equal(nonce, 'abcdefgh1234');
    const params = new URL(url).searchParams;
    assert.equal(url.startsWith('farcaster://connect?'), true);
    assert.deepEqual([params.get('channelToken'), params.get('nonce'), params.get('siweUri'), params.get('domain')], [channelToken, nonce, open.siweUri, open.domain]);

    const pending = await app.request('/v1/channel/status', { headers: bearer(channelToken) });
    assert.equal(pending.status, 202);
    assert.equal(((await pending.json()) as { state: string }).state, 'pending');

    const body = { message: 'm', signature: '0x1234', fid: 7, username: 'u', bio: '', displayName: 'U', pfpUrl: '' };
    const posted = await app.request('/v1/channel/authenticate', { method: 'POST', headers: { ...bearer(channelToken), 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(posted.status, 201);
    const done = await app.request('/v1/channel/status', { headers: bearer(channelToken) });
    assert.equal(done.status, 200);
    assert.deepEqual(await done.json(), { state: 'completed', nonce, url, connectUri: url, ...body });
    const again = await app.request('/v1/channel/authenticate', { method: 'POST', headers: { ...bearer(channelToken), 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(again.status, 409);
  });

  it('refuses unknown tokens, bad requests, and channels past their lifetime', async () => {
    let time = 1_000;
    const app = createFarcasterRelayApp({ ttlMs: 60_000, now: () => time });
    assert.equal((await app.request('/v1/channel/status', { headers: bearer('nope') })).status, 401);
    assert.equal((await app.request('/v1/channel/status')).status, 401);
    const bad = await app.request('/v1/channel', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ domain: 'x' }) });
    assert.equal(bad.status, 400);
    const { channelToken } = (await (await app.request('/v1/channel', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(open) })).json()) as { channelToken: string };
    time += 59_999;
    assert.equal((await app.request('/v1/channel/status', { headers: bearer(channelToken) })).status, 202);
    time += 1;
    assert.equal((await app.request('/v1/channel/status', { headers: bearer(channelToken) })).status, 401);
  });

  it('a flood of channels from one address is capped (429), the relay as a whole too (503), and expired channels free both', async () => {
    let time = 1_000;
    const relay = await startFarcasterRelay({ ttlMs: 60_000, now: () => time, maxChannelsPerClient: 100 });
    const openOne = () => fetch(`${relay.url}/v1/channel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(open) });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 150; i++) statuses.push((await openOne()).status);
      assert.equal(statuses.filter((status) => status === 201).length, 100, 'one address opens at most 100 channels');
      const refused = await openOne();
      assert.equal(refused.status, 429);
      assert.deepEqual(await refused.json(), { error: 'Too many open channels from this address (at most 100); try again later' });
      time += 60_001;
      assert.equal((await openOne()).status, 201, 'expired channels no longer count');
    } finally {
      await relay.stop();
    }
    const small = createFarcasterRelayApp({ maxChannels: 3 });
    const openIn = () => small.request('/v1/channel', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(open) });
    for (let i = 0; i < 3; i++) assert.equal((await openIn()).status, 201);
    const full = await openIn();
    assert.equal(full.status, 503);
    assert.deepEqual(await full.json(), { error: 'The relay holds too many open channels; try again later' });
  });
});

describe('fc-approve and SIWF verification against the local IdRegistry', () => {
  let anvil: Anvil;
  let relay: FarcasterRelay;
  before(async () => {
    [anvil, relay] = await Promise.all([startAnvil({ chainId: 31337 }), startFarcasterRelay()]);
    await installIdRegistry(anvil.rpcUrl);
  });
  after(async () => {
    await Promise.all([relay?.stop(), anvil?.stop()]);
  });

  const openChannel = async (): Promise<{ channelToken: string; url: string; nonce: string }> => {
    const response = await fetch(`${relay.url}/v1/channel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(open) });
    return (await response.json()) as { channelToken: string; url: string; nonce: string };
  };
  const completed = async (channelToken: string): Promise<{ state: string; message: string; signature: `0x${string}`; fid: number; username: string }> =>
    (await (await fetch(`${relay.url}/v1/channel/status`, { headers: bearer(channelToken) })).json()) as never;

  it('approves a channel from its URL with fid 2, and the signature verifies as fid 2 custody', async () => {
    const channel = await openChannel();
    const result = await approveChannel({ relayUrl: relay.url, request: channel.url, fid: 2 });
    assert.deepEqual(result, { channelToken: channel.channelToken, state: 'completed', fid: 2 });
    const status = await completed(channel.channelToken);
    assert.equal(status.state, 'completed');
    assert.equal(status.fid, 2);
    assert.equal(status.username, 'bob');
    const verifier = farcasterVerifier({ rpcUrl: anvil.rpcUrl, relayUrl: relay.url });
    const verified = await verifyFarcasterSignIn(verifier, { message: status.message, signature: status.signature, nonce: channel.nonce, domain: open.domain });
    assert.deepEqual(verified, { fid: 2, custody: LOCAL_FIDS[1]!.custody.address });
  });

  it('refuses a wrong nonce, a wrong domain, and a signer that is not the custody address of the fid', async () => {
    const verifier = farcasterVerifier({ rpcUrl: anvil.rpcUrl, relayUrl: relay.url });
    const channel = await openChannel();
    await approveChannel({ relayUrl: relay.url, request: channel.channelToken });
    const status = await completed(channel.channelToken);
    const args = { message: status.message, signature: status.signature, nonce: channel.nonce, domain: open.domain };
    await assert.rejects(verifyFarcasterSignIn(verifier, { ...args, nonce: 'someothernonce1' }), /Invalid nonce/);
    await assert.rejects(verifyFarcasterSignIn(verifier, { ...args, domain: 'evil.example' }), /Invalid domain/);

    const forged = await openChannel();
    await approveChannel({ relayUrl: relay.url, request: forged.url, fid: 1, signAs: LOCAL_FIDS[2] });
    const forgedStatus = await completed(forged.channelToken);
    await assert.rejects(
      verifyFarcasterSignIn(verifier, { message: forgedStatus.message, signature: forgedStatus.signature, nonce: forged.nonce, domain: open.domain }),
      /not an auth address or owner of fid 1|does not own fid 1/,
    );
  });

  it('npm run fc-approve (the CLI) completes a channel given its URL and --fid', async () => {
    const channel = await openChannel();
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'devstack/farcaster-relay/cli.ts', channel.url, '--fid', '3', '--relay', relay.url]);
    assert.equal(stdout.trim(), `Signed in as fid 3 on channel ${channel.channelToken}.`);
    const status = await completed(channel.channelToken);
    assert.deepEqual([status.state, status.fid, status.username], ['completed', 3, 'carol']);
  });

  it('declines with --reject: the status says rejected', async () => {
    const channel = await openChannel();
    assert.equal((await approveChannel({ relayUrl: relay.url, request: channel.url, reject: true })).state, 'rejected');
    assert.equal((await completed(channel.channelToken)).state, 'rejected');
    await assert.rejects(approveChannel({ relayUrl: relay.url, request: channel.url }), /already rejected/);
  });
});
