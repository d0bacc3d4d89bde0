// The widget's SOL balance read (src/services/solana-rpc.ts) against the real local Solana chain (litesvm
// behind the facade in devstack/solana/): what the Account view shows is what the chain holds, to the lamport.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Connection, Keypair } from '@solana/web3.js';
import { startSolanaChain, type SolanaChain } from '../../devstack/solana/serve.js';
import { readSolBalance } from '../../src/services/solana-rpc.js';

let chain: SolanaChain;
before(async () => {
  chain = await startSolanaChain();
});
after(() => chain.stop());

describe("the widget's SOL balance read", () => {
  it('equals the chain\'s balance in lamports, as a bigint', async () => {
    const owner = Keypair.fromSeed(new Uint8Array(32).fill(21)).publicKey;
    const conn = new Connection(chain.rpcUrl, 'confirmed');
    const signature = await conn.requestAirdrop(owner, 12_500_000_123);
    await conn.confirmTransaction({ signature, ...(await conn.getLatestBlockhash()) }, 'confirmed');
    assert.equal(await readSolBalance(chain.rpcUrl, owner.toBase58()), 12_500_000_123n);
    assert.equal(await readSolBalance(chain.rpcUrl, owner.toBase58()), BigInt(await conn.getBalance(owner)));
  });

  it('reads 0 for an account the chain has never seen, and throws on a node error', async () => {
    const nobody = Keypair.fromSeed(new Uint8Array(32).fill(22)).publicKey.toBase58();
    assert.equal(await readSolBalance(chain.rpcUrl, nobody), 0n);
    await assert.rejects(readSolBalance(chain.rpcUrl, 'not-an-address'), /getBalance/);
  });
});
