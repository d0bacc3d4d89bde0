// The wallet API keeps its index in a file between runs (npm start). The local Solana chain always reports the
// same genesis hash, so a fresh chain must still be told apart from the one indexed: its history starts over.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { createWalletApi } from '../../server/api/app.js';
import { startSolanaChain } from '../../devstack/solana/serve.js';
import { solanaDevKeypair } from '../../demo/dev-wallet/solana-keys.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const dev = solanaDevKeypair(0).address;

async function historyOnce(dbPath: string, amounts: bigint[]): Promise<string[]> {
  const chain = await startSolanaChain();
  try {
    for (const lamports of amounts) chain.ledger.airdrop(dev, lamports);
    const api = await createWalletApi({ chains: [], solanaChains: [{ chainId: chain.chainId, rpcUrl: chain.rpcUrl }], dbPath, indexer: { pollIntervalMs: 50 } });
    try {
      await api.solanaIndexer.waitForHead(chain.chainId);
      const res = await api.app.request(`/v1/account/${dev}/history?projectId=p&st=t&sv=t&chainId=${chain.chainId}`);
      return ((await res.json()) as Json).data.map((tx: Json) => tx.transfers[0].quantity.numeric);
    } finally {
      await api.close();
    }
  } finally {
    await chain.stop();
  }
}

it('drops the index of a Solana chain that was restarted from scratch, though its genesis hash is the same', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'wcm-sol-'));
  try {
    const dbPath = join(dir, 'index.sqlite');
    assert.deepEqual(await historyOnce(dbPath, [1_000_000_000n, 2_000_000_000n]), ['2', '1']);
    assert.deepEqual(await historyOnce(dbPath, [3_000_000_000n]), ['3']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
