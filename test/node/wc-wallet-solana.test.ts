// The wallet peer's Solana side over the local relay with a sign-client dapp: the solana namespace approved
// with `solana:<ref>:<base58>` accounts (or refused with `reject`), solana_signMessage and
// solana_signTransaction signatures verified with ed25519, and the method table's errors.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js';
import type { SessionTypes } from '@walletconnect/types';
import { solanaDevKeypair } from '../../demo/dev-wallet/solana-keys.js';
import { LOCAL_SOLANA_CHAIN_ID } from '../../server/solana/constants.js';
import { startSolanaChain, type SolanaChain } from '../../devstack/solana/serve.js';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { rpcCall } from '../../server/json-rpc.js';
import { startRelay, type Relay } from '../../server/relay/relay.js';
import { startWalletPeer, type WalletPeer, type WalletPeerOptions } from '../../devstack/wc-wallet/index.js';
import { ProviderError } from '../../devstack/wc-wallet/requests.js';
import { answerSolanaRequest, solanaSigner } from '../../devstack/wc-wallet/solana-requests.js';
import { rejection } from './helpers.js';
import { type Dapp, startDapp } from './wc-dapp.js';

const LOCAL = LOCAL_SOLANA_CHAIN_ID as `solana:${string}`;
const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const;
const SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'];
const EVM = { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['chainChanged', 'accountsChanged'] };
const SOL_0 = solanaDevKeypair(0);
const BOB = new PublicKey(solanaDevKeypair(5).publicKey);


function transfer(lamports: number, blockhash = base58.encode(new Uint8Array(32).fill(9))): Transaction {
  const from = new PublicKey(SOL_0.publicKey);
  return new Transaction({ feePayer: from, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: BOB, lamports }));
}

describe('wallet peer: the solana namespace and solana_* requests over the local relay', { timeout: 60_000 }, () => {
  let relay: Relay;
  let anvil: Anvil;
  let chain: SolanaChain;
  const cleanups: (() => Promise<void>)[] = [];

  before(async () => {
    [relay, anvil, chain] = await Promise.all([startRelay(), startAnvil({ chainId: 31337 }), startSolanaChain()]);
  });
  after(async () => {
    await relay?.stop();
    await anvil?.stop();
    await chain?.stop();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function peer(options: Partial<WalletPeerOptions> = {}): Promise<WalletPeer> {
    const started = await startWalletPeer({
      relayUrl: relay.url,
      chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }],
      solana: { chains: [{ chainId: LOCAL, rpcUrl: chain.rpcUrl }] },
      ...options,
    });
    cleanups.push(() => started.stop());
    return started;
  }

  async function dapp(): Promise<Dapp> {
    const { dapp: client, stop } = await startDapp(relay.url, { name: 'Node Solana dapp' });
    cleanups.push(stop);
    return client;
  }

  async function connect(wallet: WalletPeer, namespaces: Record<string, { chains: string[]; methods: string[]; events: string[] }>) {
    const client = await dapp();
    const { uri, approval } = await client.connect({ optionalNamespaces: namespaces });
    await wallet.pair(uri as string);
    return { client, session: await approval() };
  }

  const request = <T>(client: Dapp, session: SessionTypes.Struct, method: string, params: unknown, chainId: string = LOCAL) =>
    client.request<T>({ topic: session.topic, chainId, request: { method, params } });

  it('approves eip155 and solana together: solana:<ref>:<base58> account, only the asked methods', async () => {
    const wallet = await peer();
    const settled = new Promise((resolve) => wallet.on('proposal_settled', resolve));
    const { session } = await connect(wallet, {
      eip155: EVM,
      solana: { chains: [LOCAL, MAINNET], methods: SOLANA_METHODS, events: [] },
    });
    assert.equal(wallet.solanaAddress, SOL_0.address);
    assert.deepEqual(Object.keys(session.namespaces).sort(), ['eip155', 'solana']);
    assert.deepEqual(session.namespaces.solana, { chains: [LOCAL], methods: SOLANA_METHODS, events: [], accounts: [`${LOCAL}:${SOL_0.address}`] });
    assert.deepEqual(session.namespaces.eip155!.chains, ['eip155:31337']);
    assert.deepEqual(((await settled) as { chains: string[] }).chains, ['eip155:31337', LOCAL]);
  });

  it('approves a Solana-only proposal with a solana namespace only', async () => {
    const wallet = await peer();
    const { session } = await connect(wallet, { solana: { chains: [LOCAL], methods: SOLANA_METHODS, events: [] } });
    assert.deepEqual(Object.keys(session.namespaces), ['solana']);
  });

  it('with solana.reject it approves eip155 only, and rejects a Solana-only proposal', async () => {
    const wallet = await peer({ solana: { chains: [{ chainId: LOCAL, rpcUrl: 'http://127.0.0.1:9' }], reject: true } });
    const { session } = await connect(wallet, { eip155: EVM, solana: { chains: [LOCAL], methods: SOLANA_METHODS, events: [] } });
    assert.deepEqual(Object.keys(session.namespaces), ['eip155']);
    const client = await dapp();
    const { uri, approval } = await client.connect({ optionalNamespaces: { solana: { chains: [LOCAL], methods: SOLANA_METHODS, events: [] } } });
    const settled = new Promise<{ id: number; outcome: string; reason?: string }>((resolve) => wallet.on('proposal_settled', resolve));
    await wallet.pair(uri as string);
    const refused = await rejection(approval());
    assert.equal(refused.code, 5100); // UNSUPPORTED_CHAINS
    assert.deepEqual(await settled, { id: (await settled).id, name: 'Node Solana dapp', outcome: 'rejected', chains: [], reason: 'the proposal asks for no chain this wallet has' });
  });

  it('solana_signMessage answers { signature } (base58), an ed25519 signature of the message by the account', async () => {
    const wallet = await peer();
    const { client, session } = await connect(wallet, { solana: { chains: [LOCAL], methods: SOLANA_METHODS, events: [] } });
    const message = new TextEncoder().encode('hello over WalletConnect, Solana');
    const { signature } = await request<{ signature: string }>(client, session, 'solana_signMessage', { message: base58.encode(message), pubkey: SOL_0.address });
    assert.ok(ed25519.verify(base58.decode(signature), message, SOL_0.publicKey));
    const wrong = await rejection(request(client, session, 'solana_signMessage', { message: base58.encode(message), pubkey: BOB.toBase58() }));
    assert.equal(wrong.code, 4100);
  });

  it('solana_signTransaction answers { signature, transaction } for a base64 wire transaction, signed in the fee payer slot', async () => {
    const wallet = await peer();
    const { client, session } = await connect(wallet, { solana: { chains: [LOCAL], methods: SOLANA_METHODS, events: [] } });
    const tx = transfer(123_456);
    const wire = tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
    const result = await request<{ signature: string; transaction: string }>(client, session, 'solana_signTransaction', { transaction: wire });
    const signed = VersionedTransaction.deserialize(Buffer.from(result.transaction, 'base64'));
    assert.deepEqual([...signed.signatures[0]!], [...base58.decode(result.signature)]);
    assert.ok(ed25519.verify(base58.decode(result.signature), signed.message.serialize(), SOL_0.publicKey));
    assert.deepEqual([...signed.message.serialize()], [...tx.serializeMessage()]);
  });

  it('solana_signAndSendTransaction sends a SOL transfer to the facade: { signature }, balances change by exactly the amount', async () => {
    const wallet = await peer();
    const { client, session } = await connect(wallet, { solana: { chains: [LOCAL], methods: SOLANA_METHODS, events: [] } });
    const balance = async (address: string) => BigInt((await rpcCall<{ value: number }>(chain.rpcUrl, 'getBalance', [address])).value);
    await rpcCall(chain.rpcUrl, 'requestAirdrop', [SOL_0.address, 2_000_000_000]);
    const receiver = new PublicKey(solanaDevKeypair(7).publicKey);
    const [fromBefore, toBefore] = [await balance(SOL_0.address), await balance(receiver.toBase58())];
    const { value } = await rpcCall<{ value: { blockhash: string } }>(chain.rpcUrl, 'getLatestBlockhash', []);
    const lamports = 250_000_000;
    const from = new PublicKey(SOL_0.publicKey);
    const tx = new Transaction({ feePayer: from, recentBlockhash: value.blockhash }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: receiver, lamports }));
    const wire = tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
    const { signature } = await request<{ signature: string }>(client, session, 'solana_signAndSendTransaction', { transaction: wire, sendOptions: { preflightCommitment: 'confirmed' } });
    assert.ok(ed25519.verify(base58.decode(signature), tx.serializeMessage(), SOL_0.publicKey));
    const [status] = (await rpcCall<{ value: ({ err: unknown; confirmationStatus: string } | null)[] }>(chain.rpcUrl, 'getSignatureStatuses', [[signature]])).value;
    assert.equal(status?.err, null);
    assert.equal(await balance(receiver.toBase58()), toBefore + BigInt(lamports));
    assert.equal(await balance(SOL_0.address), fromBefore - BigInt(lamports) - 5000n);
  });

  it('in reject mode a solana request fails with 4001', async () => {
    const wallet = await peer();
    const { client, session } = await connect(wallet, { solana: { chains: [LOCAL], methods: SOLANA_METHODS, events: [] } });
    wallet.setMode('reject');
    const refused = await rejection(request(client, session, 'solana_signMessage', { message: base58.encode(new Uint8Array([1])), pubkey: SOL_0.address }));
    assert.deepEqual(refused, { code: 4001, message: 'User rejected the request.' });
  });

  it('the method table: the older JSON form of signTransaction, accounts, and its errors', async () => {
    const context = { solana: solanaSigner(0), solanaRpcUrl: (id: string) => (id === LOCAL ? chain.rpcUrl : undefined) };
    const call = (method: string, params: unknown, chainId: string = LOCAL) => answerSolanaRequest(context, { topic: 't', method, params, chainId });
    assert.deepEqual(await call('solana_getAccounts', {}), [{ pubkey: SOL_0.address }]);
    assert.deepEqual(await call('solana_requestAccounts', {}), [{ pubkey: SOL_0.address }]);
    const tx = transfer(1000);
    const json = {
      feePayer: SOL_0.address,
      recentBlockhash: tx.recentBlockhash,
      instructions: tx.instructions.map((ix) => ({
        programId: ix.programId.toBase58(),
        data: base58.encode(ix.data),
        keys: ix.keys.map((k) => ({ pubkey: k.pubkey.toBase58(), isSigner: k.isSigner, isWritable: k.isWritable })),
      })),
    };
    const { signature } = (await call('solana_signTransaction', json)) as { signature: string };
    assert.ok(ed25519.verify(base58.decode(signature), tx.serializeMessage(), SOL_0.publicKey));
    const code = (err: unknown) => (err instanceof ProviderError ? err.code : undefined);
    await assert.rejects(call('solana_signAllTransactions', {}), (e) => code(e) === 4200);
    await assert.rejects(call('solana_signTransaction', { transaction: 'not base64 wire' }), (e) => code(e) === -32602);
    await assert.rejects(call('solana_signMessage', { message: '0OIl' }), (e) => code(e) === -32602);
    await assert.rejects(call('solana_signAndSendTransaction', { transaction: '' }, MAINNET), (e) => code(e) === 4901);
    const other = new Transaction({ feePayer: BOB, recentBlockhash: tx.recentBlockhash }).add(SystemProgram.transfer({ fromPubkey: BOB, toPubkey: BOB, lamports: 1 }));
    const foreign = other.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
    await assert.rejects(call('solana_signTransaction', { transaction: foreign }), (e) => code(e) === 4100);
  });
});
