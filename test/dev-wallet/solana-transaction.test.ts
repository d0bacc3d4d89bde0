// The dev wallet's hand-written Solana wire decoder (demo/dev-wallet/solana/transaction.ts) against
// @solana/web3.js: legacy and v0 messages, the signer's slot among several, the prompt text, malformed input.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ed25519 } from '@noble/curves/ed25519';
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { ProviderRpcError } from '../../demo/dev-wallet/errors.js';
import { describeSolanaTransaction, firstSignature, parseWireTransaction, signWireTransaction } from '../../demo/dev-wallet/solana/transaction.js';

const payer = Keypair.fromSeed(new Uint8Array(32).fill(1));
const cosigner = Keypair.fromSeed(new Uint8Array(32).fill(2));
const to = new PublicKey(new Uint8Array(32).fill(3));
const blockhash = new PublicKey(new Uint8Array(32).fill(4)).toBase58();
const sign = (kp: Keypair) => (message: Uint8Array) => ed25519.sign(message, kp.secretKey.slice(0, 32));

const legacy = (lamports: number | bigint, extra: TransactionInstruction[] = []) =>
  new Uint8Array(new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash })
    .add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports }), ...extra)
    .serialize({ requireAllSignatures: false, verifySignatures: false }));

describe('dev wallet: Solana wire transactions', () => {
  it('signs a legacy transfer in the fee payer slot, exactly as web3.js would', () => {
    const wire = legacy(250_000_000);
    const signed = signWireTransaction(wire, payer.publicKey.toBytes(), sign(payer));
    const expected = Transaction.from(wire);
    expected.sign(payer);
    assert.deepEqual([...signed], [...expected.serialize()]);
    assert.deepEqual([...firstSignature(signed)], [...expected.signature!]);
    assert.equal(describeSolanaTransaction(wire, true), `Send 0.25 SOL to ${to.toBase58()}`);
    assert.equal(describeSolanaTransaction(wire, false), `Sign transaction: Send 0.25 SOL to ${to.toBase58()}`);
  });

  it('signs a v0 transaction; a second signer signs its own slot and keeps the first', () => {
    const memo = new TransactionInstruction({ programId: to, keys: [{ pubkey: cosigner.publicKey, isSigner: true, isWritable: false }], data: Buffer.from('hi') });
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 5n }), memo],
    }).compileToV0Message();
    const wire = new VersionedTransaction(message).serialize();
    const parsed = parseWireTransaction(wire);
    assert.equal(parsed.version, 0);
    assert.equal(parsed.numRequiredSignatures, 2);
    assert.equal(describeSolanaTransaction(wire, true), 'Send a Solana transaction with 2 instructions');
    const once = signWireTransaction(wire, payer.publicKey.toBytes(), sign(payer));
    const twice = signWireTransaction(once, cosigner.publicKey.toBytes(), sign(cosigner));
    const expected = new VersionedTransaction(message);
    expected.sign([payer, cosigner]);
    assert.deepEqual([...twice], [...expected.serialize()]);
  });

  it('refuses a transaction that does not need this signer, and malformed bytes, with -32602', () => {
    const stranger = Keypair.fromSeed(new Uint8Array(32).fill(9));
    const invalid = (e: unknown) => e instanceof ProviderRpcError && e.code === -32602;
    assert.throws(() => signWireTransaction(legacy(1), stranger.publicKey.toBytes(), sign(stranger)), invalid);
    // `to` is an account of the transaction but not a signer
    assert.throws(() => signWireTransaction(legacy(1), to.toBytes(), sign(stranger)), invalid);
    assert.throws(() => parseWireTransaction(legacy(1).slice(0, 80)), invalid);
    assert.throws(() => parseWireTransaction(new Uint8Array([0x81])), invalid);
  });
});
