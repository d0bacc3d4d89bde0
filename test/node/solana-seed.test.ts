// The Solana seed: what seedSolana leaves on a fresh local chain, checked against the chain itself.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Connection, PublicKey } from '@solana/web3.js';
import { parseUnits } from 'viem';
import { solanaDevKeypair } from '../../demo/dev-wallet/solana-keys.js';
import { LOCAL_SOLANA_CHAIN_ID } from '../../server/solana/constants.js';
import { seedSolana } from '../../devstack/solana/seed.js';
import { GENESIS_LAMPORTS, SOLANA_DEV_BALANCES, SOLANA_DEV_SOL_DELTA, SOLANA_HISTORY } from '../../devstack/solana/seed-design.js';
import { startSolanaChain, type SolanaChain } from '../../devstack/solana/serve.js';
import type { SeededSolana } from '../../server/solana/types.js';

let chain: SolanaChain;
let seeded: SeededSolana;
let conn: Connection;
const NOW = 1_800_000_000;

before(async () => {
  chain = await startSolanaChain();
  seeded = await seedSolana(chain, NOW);
  conn = new Connection(chain.rpcUrl, { commitment: 'confirmed', wsEndpoint: chain.wsUrl });
});
after(() => chain.stop());

describe('seedSolana', () => {
  it('names the chain and the dev accounts 0..3', () => {
    assert.equal(seeded.chainId, LOCAL_SOLANA_CHAIN_ID);
    assert.deepEqual(seeded.accounts, [0, 1, 2, 3].map((i) => solanaDevKeypair(i).address));
  });

  it('creates USDS (6 decimals), ZERO (0) and the SPAM collectible at fixed mint addresses', async () => {
    assert.deepEqual(seeded.tokens.map((t) => [t.symbol, t.name, t.decimals, t.spam]), [
      ['USDS', 'Local USD', 6, false],
      ['ZERO', 'Zero Decimals', 0, false],
      ['SPAM', 'Free Mint Prize', 0, true],
    ]);
    assert.equal(seeded.usdToken, seeded.tokens[0]?.mint);
    for (const token of seeded.tokens) {
      assert.equal((await conn.getTokenSupply(new PublicKey(token.mint))).value.decimals, token.decimals);
    }
    assert.equal((await conn.getTokenSupply(new PublicKey(seeded.tokens[2]!.mint))).value.amount, '1');
  });

  it("leaves the dev account's balances the design says, on the chain", async () => {
    const dev = new PublicKey(seeded.accounts[0]!);
    const byMint = new Map<string, string>();
    for (const { account } of (await conn.getParsedTokenAccountsByOwner(dev, { programId: new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA') })).value) {
      byMint.set(account.data.parsed.info.mint, account.data.parsed.info.tokenAmount.uiAmountString);
    }
    assert.deepEqual(Object.fromEntries(seeded.tokens.map((t) => [t.symbol, byMint.get(t.mint)])), SOLANA_DEV_BALANCES);
    assert.deepEqual(seeded.dev.tokens, { USDS: 2_750_000_000n, ZERO: 1000n, SPAM: 1n });
    const lamports = BigInt(await conn.getBalance(dev));
    assert.equal(seeded.dev.lamports, lamports);
    // +1.25 SOL less what the dev account paid: 3 transfers' fees of 5000, and bob's USDS account (rent + fee).
    const rent = BigInt(await conn.getMinimumBalanceForRentExemption(165));
    assert.equal(lamports, GENESIS_LAMPORTS + parseUnits(SOLANA_DEV_SOL_DELTA, 9) - 3n * 5000n - rent - 5000n);
  });

  it('records the history with its block times, each signature landed and findable for the dev account', async () => {
    assert.equal(seeded.history.length, SOLANA_HISTORY.length);
    assert.deepEqual(seeded.history.map((s) => s.blockTime), SOLANA_HISTORY.map((s) => NOW - s.hoursAgo * 3600));
    const statuses = await conn.getSignatureStatuses(seeded.history.map((s) => s.signature));
    assert.ok(statuses.value.every((s) => s?.err === null && s.confirmationStatus === 'finalized'));
    const tx = await conn.getTransaction(seeded.history[0]!.signature, { maxSupportedTransactionVersion: 0 });
    assert.equal(tx?.blockTime, NOW - 60 * 3600);
    assert.ok(seeded.seededAtSlot > 0);
  });
});
