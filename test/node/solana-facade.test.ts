// The local Solana chain (litesvm behind a JSON-RPC + PubSub facade) driven by @solana/web3.js 1.x and
// @solana/spl-token as a dapp would: real HTTP and WebSocket, no mocks.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { base58 } from '@scure/base';
import { WebSocket } from 'ws';
import {
  Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction, type ParsedInstruction,
} from '@solana/web3.js';
import { TOKEN_PROGRAM_ID, createMint, getOrCreateAssociatedTokenAccount, mintTo, transfer } from '@solana/spl-token';
import { LOCAL_SOLANA_CHAIN_ID, LOCAL_SOLANA_GENESIS_HASH } from '../../server/solana/constants.js';
import { FAUCET } from '../../devstack/solana/ledger.js';
import { startSolanaChain, type SolanaChain } from '../../devstack/solana/serve.js';

let chain: SolanaChain;
let conn: Connection;
const payer = Keypair.fromSeed(new Uint8Array(32).fill(7));
const bob = Keypair.fromSeed(new Uint8Array(32).fill(8));

before(async () => {
  chain = await startSolanaChain();
  conn = new Connection(chain.rpcUrl, 'confirmed');
});
after(() => chain.stop());

describe('Solana facade', () => {
  it('reports the fixed genesis hash, and the chain id is solana: + its first 32 characters', async () => {
    assert.equal(await conn.getGenesisHash(), LOCAL_SOLANA_GENESIS_HASH);
    assert.equal(chain.chainId, LOCAL_SOLANA_CHAIN_ID);
    assert.equal(LOCAL_SOLANA_CHAIN_ID, `solana:${LOCAL_SOLANA_GENESIS_HASH.slice(0, 32)}`);
    assert.equal(new URL(chain.wsUrl).port, String(Number(new URL(chain.rpcUrl).port) + 1));
  });

  it('answers balances past 2^53 lamports as exact integers, as a validator does', async () => {
    const raw = async (method: string, params: unknown[]) =>
      (await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).text();
    // An odd airdrop leaves the faucet (10^18 at start) with a balance no double can hold.
    const sig = await conn.requestAirdrop(Keypair.fromSeed(new Uint8Array(32).fill(9)).publicKey, 1_000_000_001);
    await conn.confirmTransaction({ signature: sig, ...(await conn.getLatestBlockhash()) }, 'confirmed');
    const address = FAUCET.publicKey.toBase58();
    const balance = /"value":(\d+)/.exec(await raw('getBalance', [address]))?.[1];
    const account = /"lamports":(\d+)/.exec(await raw('getAccountInfo', [address, { encoding: 'base64' }]))?.[1];
    // 10^18 at start, less the airdrop and its 5000-lamport fee (the first test made no transaction).
    assert.equal(balance, String(10n ** 18n - 1_000_000_001n - 5000n));
    assert.equal(account, balance);
  });

  it('airdrops, and confirmTransaction sees it', async () => {
    const sig = await conn.requestAirdrop(payer.publicKey, 5 * LAMPORTS_PER_SOL);
    const confirmed = await conn.confirmTransaction({ signature: sig, ...(await conn.getLatestBlockhash()) }, 'confirmed');
    assert.equal(confirmed.value.err, null);
    assert.equal(await conn.getBalance(payer.publicKey), 5 * LAMPORTS_PER_SOL);
  });

  it('lands a SOL transfer (fee 5000 lamports) and shows it as a parsed system transfer', async () => {
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: bob.publicKey, lamports: LAMPORTS_PER_SOL / 4 }));
    const sig = await sendAndConfirmTransaction(conn, tx, [payer]);
    assert.equal(await conn.getBalance(bob.publicKey), LAMPORTS_PER_SOL / 4);
    assert.equal(await conn.getBalance(payer.publicKey), 5 * LAMPORTS_PER_SOL - LAMPORTS_PER_SOL / 4 - 5000);
    const parsed = await conn.getParsedTransaction(sig, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    assert.equal(parsed?.meta?.fee, 5000);
    assert.deepEqual((parsed?.transaction.message.instructions[0] as ParsedInstruction).parsed, {
      type: 'transfer', info: { source: payer.publicKey.toBase58(), destination: bob.publicKey.toBase58(), lamports: LAMPORTS_PER_SOL / 4 },
    });
    assert.equal(parsed?.meta?.preBalances[1], 0);
    assert.equal(parsed?.meta?.postBalances[1], LAMPORTS_PER_SOL / 4);
    const sigs = await conn.getSignaturesForAddress(bob.publicKey);
    assert.deepEqual(sigs.map((s) => s.signature), [sig]);
  });

  it('creates an SPL mint, transfers tokens, and answers getParsedTokenAccountsByOwner and token balances', async () => {
    const mint = await createMint(conn, payer, payer.publicKey, null, 6);
    const from = await getOrCreateAssociatedTokenAccount(conn, payer, mint, payer.publicKey);
    const to = await getOrCreateAssociatedTokenAccount(conn, payer, mint, bob.publicKey);
    await mintTo(conn, payer, mint, from.address, payer, 1_000_000_000n);
    const sig = await transfer(conn, payer, from.address, to.address, payer, 12_500_000n);
    const accounts = await conn.getParsedTokenAccountsByOwner(bob.publicKey, { programId: TOKEN_PROGRAM_ID });
    assert.equal(accounts.value.length, 1);
    assert.deepEqual(accounts.value[0]?.account.data.parsed.info.tokenAmount, { amount: '12500000', decimals: 6, uiAmount: 12.5, uiAmountString: '12.5' });
    assert.equal((await conn.getTokenAccountBalance(from.address)).value.amount, '987500000');
    assert.equal((await conn.getTokenSupply(mint)).value.uiAmountString, '1000');
    const parsed = await conn.getParsedTransaction(sig, { maxSupportedTransactionVersion: 0 });
    assert.deepEqual((parsed?.transaction.message.instructions[0] as ParsedInstruction).parsed, {
      type: 'transfer', info: { source: from.address.toBase58(), destination: to.address.toBase58(), authority: payer.publicKey.toBase58(), amount: '12500000' },
    });
    const post = parsed?.meta?.postTokenBalances?.find((b) => b.owner === bob.publicKey.toBase58());
    assert.equal(post?.uiTokenAmount.amount, '12500000');
    assert.equal(post?.mint, mint.toBase58());
  });

  it('notifies signatureSubscribe when the transaction lands', async () => {
    const tx = new Transaction({ feePayer: payer.publicKey, ...(await conn.getLatestBlockhash()) });
    tx.add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: bob.publicKey, lamports: 1000 }));
    tx.sign(payer);
    const signature = base58.encode(tx.signatures[0]?.signature ?? new Uint8Array());
    const ws = new WebSocket(chain.wsUrl);
    await once(ws, 'open');
    type Message = { id?: number; method?: string; result?: unknown; params?: { result: { value: { err: unknown } }; subscription: number } };
    const next = (): Promise<Message> => once(ws, 'message').then(([data]) => JSON.parse(String(data)));
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'signatureSubscribe', params: [signature, { commitment: 'confirmed' }] }));
    const subscribed = await next();
    assert.equal(typeof subscribed.result, 'number'); // registered before the transaction exists
    const notification = next();
    await conn.sendRawTransaction(tx.serialize());
    const note = await notification;
    assert.equal(note.method, 'signatureNotification');
    assert.equal(note.params?.subscription, subscribed.result);
    assert.deepEqual(note.params?.result.value, { err: null });
    ws.close();
  });

  it('notifies accountSubscribe with the new lamports when a transaction touches the account', async () => {
    const carol = Keypair.generate();
    const ws = new WebSocket(chain.wsUrl);
    await once(ws, 'open');
    type Message = { result?: unknown; method?: string; params?: { result: { value: { lamports: number } }; subscription: number } };
    const next = (): Promise<Message> => once(ws, 'message').then(([data]) => JSON.parse(String(data)));
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'accountSubscribe', params: [carol.publicKey.toBase58(), { encoding: 'base64' }] }));
    const subscribed = await next();
    const notification = next();
    await sendAndConfirmTransaction(conn, new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: carol.publicKey, lamports: LAMPORTS_PER_SOL / 10 })), [payer]);
    const note = await notification;
    assert.equal(note.method, 'accountNotification');
    assert.equal(note.params?.subscription, subscribed.result);
    assert.equal(note.params?.result.value.lamports, LAMPORTS_PER_SOL / 10);
    ws.close();
  });

  it('rejects a transaction whose preflight fails, and it does not land', async () => {
    const poor = Keypair.generate();
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: poor.publicKey, toPubkey: bob.publicKey, lamports: 1 }));
    await assert.rejects(sendAndConfirmTransaction(conn, tx, [poor]), /simulation failed/i);
    assert.deepEqual(await conn.getSignaturesForAddress(poor.publicKey), []);
  });
});
