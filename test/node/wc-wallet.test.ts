import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SessionTypes } from '@walletconnect/types';
import { createPublicClient, http, verifyMessage, verifyTypedData, type Hex } from 'viem';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { findFreePort } from '../../server/ports.js';
import { startRelay, type Relay } from '../../server/relay/relay.js';
import { startWalletPeer, type WalletPeer, type WalletPeerOptions } from '../../devstack/wc-wallet/index.js';
import { answerRequest, ProviderError } from '../../devstack/wc-wallet/requests.js';
import { privateKeyToAccount } from 'viem/accounts';
import { rejection } from './helpers.js';
import { type Dapp, startDapp } from './wc-dapp.js';

/** Anvil's account #0, the peer's default. */
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const EVM_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'eth_accounts', 'eth_chainId'];
const TYPED_DATA = {
  domain: { name: 'wc-wallet test', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: { Mail: [{ name: 'from', type: 'address' }, { name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { from: ACCOUNT_0, contents: 'hello over WalletConnect' },
} as const;
/** Only the wallet's two lookups that fail at once when refused (Verify's attestation GET, the Pulse INIT). */
const EXPECTED_BLOCKED = /^https:\/\/(verify\.walletconnect\.(org|com)\/attestation\/[0-9a-f]+\?v2Supported=true|pulse\.walletconnect\.org\/batch\?)/;

type Namespaces = Record<string, { chains: string[]; methods: string[]; events: string[] }>;

/** The next `event` on the dapp that passes `filter`, or a rejection after `timeoutMs`. */
function next<T>(dapp: Dapp, event: 'session_event' | 'session_delete' | 'session_update', filter: (payload: T) => boolean = () => true, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      dapp.off(event, listener as never);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!filter(payload)) return;
      clearTimeout(timer);
      dapp.off(event, listener as never);
      resolve(payload);
    };
    dapp.on(event, listener as never);
  });
}

describe('wallet peer (WalletKit + viem) with a sign-client dapp over the local relay', { timeout: 60_000 }, () => {
  let relay: Relay;
  let anvil: Anvil;
  /** A second chain the wallet knows, only ever switched to (its RPC port is closed). */
  let switchOnly: { chainId: number; rpcUrl: string };
  const cleanups: (() => Promise<void>)[] = [];

  before(async () => {
    [relay, anvil] = await Promise.all([startRelay(), startAnvil({ chainId: 31337 })]);
    switchOnly = { chainId: 31338, rpcUrl: `http://127.0.0.1:${await findFreePort()}` };
  });
  after(async () => {
    await relay?.stop();
    await anvil?.stop();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function peer(options: Partial<WalletPeerOptions> = {}): Promise<WalletPeer> {
    const started = await startWalletPeer({ relayUrl: relay.url, chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }, switchOnly], ...options });
    cleanups.push(() => started.stop());
    return started;
  }

  async function dapp(): Promise<Dapp> {
    const started = await startDapp(relay.url);
    cleanups.push(() => started.stop());
    return started.dapp;
  }

  /** Pairs `wallet` with a fresh dapp that asks for `namespaces`; resolves once both have the session. */
  async function connect(wallet: WalletPeer, namespaces: Namespaces = { eip155: { chains: ['eip155:31337'], methods: EVM_METHODS, events: ['chainChanged', 'accountsChanged'] } }) {
    const client = await dapp();
    const { uri, approval } = await client.connect({ optionalNamespaces: namespaces });
    assert.match(uri ?? '', /^wc:[0-9a-f]{64}@2\?/);
    await wallet.pair(uri as string);
    const session = await approval();
    return { client, session };
  }

  const request = <T>(client: Dapp, session: SessionTypes.Struct, method: string, params: unknown, chainId = 'eip155:31337') =>
    client.request<T>({ topic: session.topic, chainId, request: { method, params } });

  it('connects on the chains both sides have (eip155 only) and signs personal_sign and eth_signTypedData_v4', async () => {
    const started = Date.now();
    const wallet = await peer();
    const { client, session } = await connect(wallet, {
      eip155: { chains: ['eip155:31337', 'eip155:1'], methods: EVM_METHODS, events: ['chainChanged', 'accountsChanged'] },
      solana: { chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], methods: ['solana_signMessage'], events: [] },
    });
    assert.deepEqual(Object.keys(session.namespaces), ['eip155']);
    assert.deepEqual(session.namespaces.eip155, {
      chains: ['eip155:31337'],
      methods: EVM_METHODS,
      events: ['chainChanged', 'accountsChanged'],
      accounts: [`eip155:31337:${ACCOUNT_0}`],
    });
    assert.equal(session.peer.metadata.name, wallet.name);
    assert.deepEqual(wallet.sessions().map((s) => s.topic), [session.topic]);

    const text = 'Sign in to the test dapp';
    const hexSignature = await request<Hex>(client, session, 'personal_sign', [`0x${Buffer.from(text).toString('hex')}`, ACCOUNT_0]);
    assert.equal(await verifyMessage({ address: ACCOUNT_0, message: text, signature: hexSignature }), true);
    const utf8Signature = await request<Hex>(client, session, 'personal_sign', [text, ACCOUNT_0]);
    assert.equal(utf8Signature, hexSignature);

    const typed = await request<Hex>(client, session, 'eth_signTypedData_v4', [ACCOUNT_0, JSON.stringify(TYPED_DATA)]);
    assert.equal(await verifyTypedData({ address: ACCOUNT_0, ...TYPED_DATA, signature: typed }), true);
    assert.deepEqual(await request(client, session, 'eth_accounts', []), [ACCOUNT_0]);
    assert.equal(await request(client, session, 'eth_chainId', []), '0x7a69');
    assert.deepEqual(await rejection(request(client, session, 'personal_sign', ['0x6869', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])), {
      code: 4100,
      message: `The requested account 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 is not this wallet's account ${ACCOUNT_0}`,
    });

    // Offline: the refused calls are only Verify's lookups and the Pulse event, both of which fail fast
    // (never Verify's public-key fetch, whose failure would hang the SDK). No stall: the whole exchange,
    // a proposal and six requests, stays far below even one of the SDK's 5 s Verify timeouts per step.
    const blocked = wallet.blockedRequests();
    assert.ok(blocked.length > 0, 'Verify and Pulse were tried and refused');
    for (const entry of blocked) assert.match(entry.url, EXPECTED_BLOCKED);
    assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
  });

  it('offers its own chains when the dapp asks for none of them', async () => {
    const wallet = await peer();
    const { session } = await connect(wallet, { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] } });
    assert.deepEqual(session.namespaces.eip155?.chains, ['eip155:31337', 'eip155:31338']);
    assert.deepEqual(session.namespaces.eip155?.methods, ['personal_sign']);
  });

  it('sends eth_sendTransaction on anvil and answers with the hash of the mined transaction', async () => {
    const wallet = await peer();
    const { client, session } = await connect(wallet);
    const to = '0x000000000000000000000000000000000000dEaD';
    const hash = await request<Hex>(client, session, 'eth_sendTransaction', [{ from: ACCOUNT_0, to, value: '0x2386f26fc10000' }]);
    const receipt = await createPublicClient({ transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({ hash, timeout: 10_000 });
    assert.equal(receipt.status, 'success');
    assert.equal(receipt.from.toLowerCase(), ACCOUNT_0.toLowerCase());
    assert.equal(receipt.to?.toLowerCase(), to.toLowerCase());
  });

  it('wallet_switchEthereumChain: adds the chain to the session, emits chainChanged, answers null; unknown chains get 4902', async () => {
    const wallet = await peer();
    const { client, session } = await connect(wallet);
    const updated = next<{ topic: string; params: { namespaces: SessionTypes.Namespaces } }>(client, 'session_update');
    const changed = next<{ topic: string; params: { event: { name: string; data: unknown }; chainId: string } }>(client, 'session_event');
    assert.equal(await request(client, session, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }]), null);
    assert.deepEqual((await updated).params.namespaces.eip155?.chains, ['eip155:31337', 'eip155:31338']);
    const event = await changed;
    assert.equal(event.topic, session.topic);
    assert.deepEqual(event.params, { event: { name: 'chainChanged', data: 31338 }, chainId: 'eip155:31338' });
    assert.deepEqual(await rejection(request(client, session, 'wallet_switchEthereumChain', [{ chainId: '0x1' }])), { code: 4902, message: 'Unrecognized chain ID' });

    // And the wallet's own change back, as a user would make it in the wallet.
    const back = next<{ params: { event: { data: unknown }; chainId: string } }>(client, 'session_event');
    await wallet.emitChainChanged(31337);
    assert.deepEqual((await back).params, { event: { name: 'chainChanged', data: 31337 }, chainId: 'eip155:31337' });
  });

  it('emitAccountsChanged switches to another anvil account: session update, accountsChanged, then signs as it', async () => {
    const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const wallet = await peer();
    const { client, session } = await connect(wallet);
    const updated = next<{ params: { namespaces: SessionTypes.Namespaces } }>(client, 'session_update');
    const changed = next<{ params: { event: { name: string; data: unknown }; chainId: string } }>(client, 'session_event');
    await wallet.emitAccountsChanged(1);
    assert.equal(wallet.address, ACCOUNT_1);
    assert.deepEqual((await updated).params.namespaces.eip155?.accounts, [`eip155:31337:${ACCOUNT_1}`]);
    assert.deepEqual((await changed).params, { event: { name: 'accountsChanged', data: [ACCOUNT_1] }, chainId: 'eip155:31337' });
    const signature = await request<Hex>(client, session, 'personal_sign', ['0x6869', ACCOUNT_1]);
    assert.equal(await verifyMessage({ address: ACCOUNT_1, message: 'hi', signature }), true);
  });

  it('in reject mode the dapp gets USER_REJECTED for the proposal and 4001 for requests', async () => {
    const wallet = await peer({ mode: 'reject' });
    const client = await dapp();
    const { uri, approval } = await client.connect({ optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: EVM_METHODS, events: [] } } });
    await wallet.pair(uri as string);
    assert.deepEqual(await rejection(approval()), { code: 5000, message: 'User rejected.' });
    assert.deepEqual(wallet.sessions(), []);

    wallet.setMode('approve');
    const { client: second, session } = await connect(wallet);
    wallet.setMode('reject');
    assert.deepEqual(await rejection(request(second, session, 'personal_sign', ['0x6869', ACCOUNT_0])), { code: 4001, message: 'User rejected the request.' });
  });

  it('in manual mode hands out each proposal and request once, to approve or reject by id', async () => {
    const wallet = await peer({ mode: 'manual' });
    const client = await dapp();
    const { uri, approval } = await client.connect({ optionalNamespaces: { eip155: { chains: ['eip155:31337', 'eip155:31338'], methods: EVM_METHODS, events: [] } } });
    await wallet.pair(uri as string);
    const proposal = await wallet.nextProposal();
    assert.deepEqual({ ...proposal, id: 0 }, { id: 0, name: 'Node test dapp', url: 'http://127.0.0.1', chains: ['eip155:31337', 'eip155:31338'] });
    await wallet.approve(proposal.id);
    const session = await approval();
    assert.deepEqual(session.namespaces.eip155?.chains, ['eip155:31337', 'eip155:31338']);

    const refused = request(client, session, 'personal_sign', ['0x6869', ACCOUNT_0], 'eip155:31338');
    const pending = await wallet.nextRequest();
    assert.deepEqual({ ...pending, id: 0 }, { id: 0, topic: session.topic, method: 'personal_sign', params: ['0x6869', ACCOUNT_0], chainId: 'eip155:31338' });
    await wallet.reject(pending.id);
    assert.equal((await rejection(refused)).code, 4001);

    const answered = request<Hex>(client, session, 'personal_sign', ['0x6869', ACCOUNT_0]);
    await wallet.approve((await wallet.nextRequest()).id);
    assert.equal(await verifyMessage({ address: ACCOUNT_0, message: 'hi', signature: await answered }), true);
    await assert.rejects(wallet.approve(pending.id), /nothing with id/);
  });

  it('a disconnect from the dapp ends the session in the wallet, and one from the wallet reaches the dapp', async () => {
    const wallet = await peer();
    const first = await connect(wallet);
    const deleted = new Promise<{ topic: string }>((resolve) => wallet.on('session_delete', resolve));
    await first.client.disconnect({ topic: first.session.topic, reason: { code: 6000, message: 'User disconnected.' } });
    assert.deepEqual(await deleted, { topic: first.session.topic });
    await wallet.waitForNoSession();

    const second = await connect(wallet);
    const atDapp = next<{ topic: string }>(second.client, 'session_delete');
    await wallet.disconnect();
    assert.equal((await atDapp).topic, second.session.topic);
    assert.deepEqual(wallet.sessions(), []);
    assert.equal(second.client.session.getAll().length, 0);
  });

  it('a request sent while the wallet is down waits in the relay; the wallet restarted on the same storage answers it', async () => {
    const storageDir = await mkdtemp(join(tmpdir(), 'wcm-wallet-peer-'));
    // At exit: the SDK still writes to its storage for a moment after stop() (its own deferred work).
    process.once('exit', () => rmSync(storageDir, { recursive: true, force: true }));
    const first = await peer({ storageDir });
    const { client, session } = await connect(first);
    await first.stop();
    // Let the stopped SDK's deferred work (1 s after init) pass, so only the restarted one uses the folder.
    await sleep(1100);
    const pending = request<Hex>(client, session, 'personal_sign', ['0x6869', ACCOUNT_0]);
    const restarted = await peer({ storageDir });
    assert.deepEqual(restarted.sessions().map((s) => s.topic), [session.topic]);
    assert.equal(await verifyMessage({ address: ACCOUNT_0, message: 'hi', signature: await pending }), true);
  });

  it('restores fetch when the last peer stops; stop() is idempotent', async () => {
    const original = globalThis.fetch;
    const wallet = await startWalletPeer({ relayUrl: relay.url, chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }] });
    try {
      assert.notEqual(globalThis.fetch, original);
      const refused = await fetch('https://example.com/');
      assert.equal(refused.status, 503);
      assert.equal((await fetch(anvil.rpcUrl, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' })).status, 200);
      assert.ok(wallet.blockedRequests().some((b) => b.method === 'GET' && b.url === 'https://example.com/'));
    } finally {
      await Promise.all([wallet.stop(), wallet.stop()]);
    }
    assert.equal(globalThis.fetch, original);
  });

  it('answers only what it knows: 4200 for other methods, 4901 for a chain without RPC', async () => {
    const context = {
      account: privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'),
      rpcUrl: (id: number) => (id === 31337 ? anvil.rpcUrl : undefined),
      switchChain: async () => undefined,
      addChain: () => undefined,
    };
    const call = (method: string, params: unknown, chainId = 'eip155:31337') => answerRequest(context, { topic: 't', method, params, chainId });
    await assert.rejects(call('eth_sign', [ACCOUNT_0, '0x00']), (err: unknown) => err instanceof ProviderError && err.code === 4200);
    await assert.rejects(call('eth_sendTransaction', [{ from: ACCOUNT_0, to: ACCOUNT_0 }], 'eip155:5'), (err: unknown) => err instanceof ProviderError && err.code === 4901);
    await assert.rejects(call('eth_signTypedData_v4', [ACCOUNT_0, '{not json']), (err: unknown) => err instanceof ProviderError && err.code === -32602);
    assert.equal(await call('wallet_addEthereumChain', [{ chainId: '0x7a69' }]), null);
    await assert.rejects(call('wallet_addEthereumChain', [{ chainId: '0x89', rpcUrls: ['https://polygon-rpc.com'] }]), (err: unknown) => err instanceof ProviderError && err.code === 4200);
  });
});
