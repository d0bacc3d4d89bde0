import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { formatMessage } from '@walletconnect/utils';
import { verifyMessage, type Hex } from 'viem';
import { startRelay, type Relay } from '../../server/relay/relay.js';
import { startWalletPeer, type AuthOutcome, type WalletPeer, type WalletPeerOptions } from '../../devstack/wc-wallet/index.js';
import { createSiwxMessage, parseSiwxMessage } from '../../src/core/siwx-message.js';
import { ALICE, Browser, startSite, type Site } from './auth-helpers.js';
import { type Dapp, startDapp } from './wc-dapp.js';

/** The wallet peer's one-click auth (`wc_sessionAuthenticate`), against a sign-client dapp and the sign-in backend. */
const METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'];


describe('wallet peer: one-click auth (authenticate) with a sign-client dapp', { timeout: 60_000 }, () => {
  let relay: Relay;
  let site: Site;
  const cleanups: (() => Promise<void>)[] = [];

  before(async () => {
    [relay, site] = await Promise.all([startRelay(), startSite()]);
  });
  after(async () => {
    await relay?.stop();
    await site?.stop();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function peer(options: Partial<WalletPeerOptions> = {}): Promise<WalletPeer> {
    const started = await startWalletPeer({ relayUrl: relay.url, chains: [{ chainId: 31337, rpcUrl: site.anvil.rpcUrl }], ...options });
    cleanups.push(() => started.stop());
    return started;
  }

  async function dapp(): Promise<Dapp> {
    const { dapp: client, stop } = await startDapp(relay.url, { name: 'Node auth dapp', url: site.origin });
    cleanups.push(stop);
    return client;
  }

  /** The dapp's `authenticate()` for the site, paired with `wallet`; resolves with the response's outcome. */
  async function authenticate(wallet: WalletPeer, nonce: string) {
    const client = await dapp();
    const { uri, response } = await client.authenticate({ chains: ['eip155:31337', 'eip155:1'], domain: site.host, uri: site.origin, nonce, methods: METHODS });
    assert.match(uri, /^wc:[0-9a-f]{64}@2\?.*methods=/);
    const settled = new Promise<AuthOutcome | undefined>((resolve) => {
      const off = wallet.on('auth_settled', (outcome) => (off(), resolve(outcome)));
      wallet.on('proposal_settled', () => (off(), resolve(undefined)));
    });
    await wallet.pair(uri);
    const answer = await response().then((value) => ({ value }), (error: unknown) => ({ error }));
    return { client, answer, settled: await settled };
  }

  it('approves: one signed CACAO and a session; the SIWE text from the CACAO is what the peer signed, and the sign-in backend accepts it', async () => {
    const wallet = await peer();
    const browser = new Browser(site);
    site.clock.now = Date.now();
    const nonce = await browser.csrf();
    const { client, answer, settled } = await authenticate(wallet, nonce);
    assert.ok('value' in answer, `authenticate rejected: ${String((answer as { error: unknown }).error)}`);
    const { auths, session } = answer.value;
    assert.equal(auths?.length, 1);
    const cacao = auths![0]!;
    assert.equal(cacao.p.iss, `did:pkh:eip155:31337:${ALICE.address}`);
    assert.equal(cacao.s.t, 'eip191');
    const message = formatMessage(cacao.p, cacao.p.iss);
    assert.equal(settled?.outcome, 'approved');
    assert.equal(settled?.message, message);
    assert.equal(await verifyMessage({ address: ALICE.address, message, signature: cacao.s.s as Hex }), true);

    // Our parser reads the exact text WalletConnect formats (the ReCap sentence in the statement, its resource).
    const data = parseSiwxMessage(message);
    assert.equal(data.domain, site.host);
    assert.equal(data.uri, site.origin);
    assert.equal(data.chainId, 'eip155:31337');
    assert.equal(data.accountAddress, ALICE.address);
    assert.equal(data.nonce, nonce);
    assert.match(data.statement ?? '', /^I further authorize the stated URI to perform the following actions on my behalf: /);
    assert.match(data.resources?.[0] ?? '', /^urn:recap:/);
    assert.equal(createSiwxMessage(data), message);

    // The session the response settles: the ReCap's methods, the chains both sides have, on the wallet too.
    assert.ok(session);
    assert.deepEqual(session.namespaces.eip155?.accounts, [`eip155:31337:${ALICE.address}`]);
    assert.deepEqual([...(session.namespaces.eip155?.methods ?? [])].sort(), [...METHODS].sort());
    assert.deepEqual(wallet.sessions().map((s) => s.topic), [session.topic]);
    const signature = await client.request<Hex>({ topic: session.topic, chainId: 'eip155:31337', request: { method: 'personal_sign', params: ['0x6869', ALICE.address] } });
    assert.equal(await verifyMessage({ address: ALICE.address, message: 'hi', signature }), true);

    // The sign-in backend takes the message and the CACAO's signature as they are.
    const result = await browser.signIn(message, cacao.s.s, nonce);
    assert.equal(result.error, null, `${result.error}: ${result.code}`);
    assert.deepEqual(Object.entries((await browser.session()) as Record<string, unknown>).filter(([k]) => k === 'address' || k === 'chainId'), [
      ['address', ALICE.address],
      ['chainId', 'eip155:31337'],
    ]);
  });

  it("auth: 'reject' declines with USER_REJECTED: the response rejects, no session on either side", async () => {
    const wallet = await peer({ auth: 'reject' });
    const { client, answer, settled } = await authenticate(wallet, 'abcdef0123456789');
    assert.equal(settled?.outcome, 'rejected');
    assert.ok('error' in answer);
    assert.equal(answer.error, 'User rejected.');
    assert.deepEqual(client.session.getAll(), []);
    assert.deepEqual(wallet.sessions(), []);
  });

  it("auth: 'unsupported' answers the fallback session proposal instead: a session and no CACAO", async () => {
    const wallet = await peer({ auth: 'unsupported' });
    const { answer, settled } = await authenticate(wallet, 'abcdef0123456789');
    assert.equal(settled, undefined, 'the proposal was answered, not the auth request');
    assert.ok('value' in answer);
    assert.equal(answer.value.auths, undefined);
    assert.deepEqual(answer.value.session.namespaces.eip155?.accounts, [`eip155:31337:${ALICE.address}`]);
  });
});
