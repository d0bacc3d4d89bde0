// Send on Solana's transaction building and cost (src/connectors/solana/transfer.ts): the instructions as
// bytes, then against the real local Solana chain (litesvm behind the facade): the fee and rent deposits the
// chain states, and transfers that move exactly the amount (the sender pays exactly amount + fee + deposit).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_PROGRAM_ID, createMint, getAccount, getAssociatedTokenAddressSync, getOrCreateAssociatedTokenAccount, mintTo } from '@solana/spl-token';
import { startSolanaChain, type SolanaChain } from '../../devstack/solana/serve.js';
import { buildSolanaTransfer, estimateSolanaTransfer, transferInstructions, waitForSolanaTransfer } from '../../src/connectors/solana/transfer.js';
import { solanaRpc } from '../../src/services/solana-rpc.js';

const key = (n: number) => Keypair.fromSeed(new Uint8Array(32).fill(n));
const u64le = (value: bigint) => Buffer.from(new BigUint64Array([value]).buffer);

describe('transferInstructions: the bytes of a transfer', () => {
  const from = key(1).publicKey.toBase58();
  const to = key(2).publicKey.toBase58();
  const mint = key(3).publicKey.toBase58();

  it('SOL: one System Program transfer of the amount in lamports, exactly past 2^53', () => {
    const amount = 2n ** 60n + 7n;
    const [only, ...rest] = transferInstructions({ from, to, mint: undefined, amount, decimals: 9 }, { tokenProgram: TOKEN_PROGRAM_ID, receiverAccountExists: true });
    assert.equal(rest.length, 0);
    assert.ok(only!.programId.equals(SystemProgram.programId));
    assert.deepEqual([...only!.data], [2, 0, 0, 0, ...u64le(amount)], 'System instruction 2 (Transfer), u64 lamports');
    assert.deepEqual(only!.keys.map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable]), [[from, true, true], [to, false, true]]);
  });

  it('a token to a receiver without its token account: the idempotent ATA creation, then TransferChecked between the two ATAs', () => {
    const [create, transfer, ...rest] = transferInstructions({ from, to, mint, amount: 1_234_567n, decimals: 6 }, { tokenProgram: TOKEN_PROGRAM_ID, receiverAccountExists: false });
    assert.equal(rest.length, 0);
    const destination = getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(to), true);
    const source = getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(from), true);
    assert.ok(create!.programId.equals(ASSOCIATED_TOKEN_PROGRAM_ID));
    assert.deepEqual([...create!.data], [1], 'CreateIdempotent');
    assert.deepEqual(create!.keys.slice(0, 4).map((k) => k.pubkey.toBase58()), [from, destination.toBase58(), to, mint], 'payer, account, owner, mint');
    assert.ok(transfer!.programId.equals(TOKEN_PROGRAM_ID));
    assert.deepEqual([...transfer!.data], [12, ...u64le(1_234_567n), 6], 'TransferChecked: amount (u64) and decimals');
    assert.deepEqual(transfer!.keys.map((k) => k.pubkey.toBase58()), [source.toBase58(), mint, destination.toBase58(), from]);
  });

  it('a token to a receiver that has its token account: TransferChecked only', () => {
    const list = transferInstructions({ from, to, mint, amount: 5n, decimals: 6 }, { tokenProgram: TOKEN_PROGRAM_ID, receiverAccountExists: true });
    assert.deepEqual(list.map((i) => i.data[0]), [12]);
  });
});

describe('against the local Solana chain', () => {
  let chain: SolanaChain;
  let conn: Connection;
  const sender = key(31);
  before(async () => {
    chain = await startSolanaChain();
    conn = new Connection(chain.rpcUrl, 'confirmed');
    const signature = await conn.requestAirdrop(sender.publicKey, 5_000_000_000);
    await conn.confirmTransaction({ signature, ...(await conn.getLatestBlockhash()) }, 'confirmed');
  });
  after(() => chain.stop());

  /** Signs the widget's unsigned bytes as a wallet would, sends them, and waits as the widget does. */
  async function signAndSend(bytes: Uint8Array): Promise<string> {
    const transaction = Transaction.from(bytes);
    assert.ok(transaction.feePayer?.equals(sender.publicKey), 'the sender pays the fee');
    transaction.sign(sender);
    const signature = await conn.sendRawTransaction(transaction.serialize());
    assert.equal(await waitForSolanaTransfer(signature, solanaRpc(chain.rpcUrl), { timeoutMs: 10_000 }), 'confirmed');
    return signature;
  }

  it('SOL to a new account: the fee from the chain, the new account\'s minimum; the balances move by exactly amount (+ fee)', async () => {
    const rpc = solanaRpc(chain.rpcUrl);
    const to = key(32).publicKey;
    const transfer = { from: sender.publicKey.toBase58(), to: to.toBase58(), mint: undefined, amount: 123_456_789n, decimals: 9 };
    const rent0 = BigInt(await conn.getMinimumBalanceForRentExemption(0));
    const cost = await estimateSolanaTransfer(transfer, rpc);
    assert.deepEqual(cost, { fee: 5_000n, deposit: 0n, keep: rent0, minAmount: rent0 });
    const before = BigInt(await conn.getBalance(sender.publicKey));
    await signAndSend(await buildSolanaTransfer(transfer, rpc));
    assert.equal(BigInt(await conn.getBalance(to)), 123_456_789n);
    assert.equal(before - BigInt(await conn.getBalance(sender.publicKey)), 123_456_789n + cost.fee);
    assert.equal((await estimateSolanaTransfer(transfer, rpc)).minAmount, 0n, 'the account exists now: no minimum');
  });

  it('a token to an owner without its token account: the deposit is that account\'s rent; created, credited exactly, then no deposit', async () => {
    const rpc = solanaRpc(chain.rpcUrl);
    const mint = await createMint(conn, sender, sender.publicKey, null, 6);
    const own = await getOrCreateAssociatedTokenAccount(conn, sender, mint, sender.publicKey);
    await mintTo(conn, sender, mint, own.address, sender, 1_000_000_000n);
    const to = key(33).publicKey;
    const transfer = { from: sender.publicKey.toBase58(), to: to.toBase58(), mint: mint.toBase58(), amount: 2_500_000n, decimals: 6 };
    const cost = await estimateSolanaTransfer(transfer, rpc);
    assert.equal(cost.fee, 5_000n);
    assert.equal(cost.deposit, BigInt(await conn.getMinimumBalanceForRentExemption(165)));
    assert.equal(cost.minAmount, 0n);
    const before = BigInt(await conn.getBalance(sender.publicKey));
    await signAndSend(await buildSolanaTransfer(transfer, rpc));
    const received = await getAccount(conn, getAssociatedTokenAddressSync(mint, to));
    assert.equal(received.amount, 2_500_000n);
    assert.ok(received.owner.equals(to));
    assert.equal((await getAccount(conn, own.address)).amount, 1_000_000_000n - 2_500_000n);
    assert.equal(before - BigInt(await conn.getBalance(sender.publicKey)), cost.fee + cost.deposit, 'SOL: exactly the fee and the deposit');
    assert.equal((await estimateSolanaTransfer(transfer, rpc)).deposit, 0n, 'the account exists now: no deposit');
    assert.equal(Transaction.from(await buildSolanaTransfer(transfer, rpc)).instructions.length, 1, 'TransferChecked only');
  });

  it('an unknown signature stays pending until the wait gives up, after one onSlow', async () => {
    const rpc = solanaRpc(chain.rpcUrl);
    const unknown = '1'.repeat(64);
    let slow = 0;
    assert.equal(await waitForSolanaTransfer(unknown, rpc, { timeoutMs: 50, pollMs: 10, giveUpMs: 30, onSlow: () => slow++ }), 'pending');
    assert.equal(slow, 1);
  });
});
