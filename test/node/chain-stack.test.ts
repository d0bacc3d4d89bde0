import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPublicClient, erc20Abi, http } from 'viem';
import { startStack } from '../../devstack/stack.js';
import { childProcesses, makeTempRoot } from './helpers.js';

const DEV = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('startStack seeding', () => {
  let root: string;
  let cleanup: () => Promise<void>;
  before(async () => {
    ({ root, cleanup } = await makeTempRoot());
  });
  after(() => cleanup());

  it('seeds both chains before the web server starts, and exposes what it deployed', async () => {
    const anvilsBefore = childProcesses('anvil').length;
    const stack = await startStack({ root });
    try {
      assert.deepEqual(
        stack.seeded.map((s) => [s.chainId, s.rpcUrl]),
        stack.chains.map((c) => [c.chainId, c.rpcUrl]),
      );
      for (const seeded of stack.seeded) {
        const client = createPublicClient({ transport: http(seeded.rpcUrl) });
        assert.deepEqual(
          seeded.tokens.map((t) => t.symbol),
          ['LUSD', 'LTK', 'ZERO'],
        );
        const usd = seeded.usdToken;
        assert.equal(await client.readContract({ address: usd, abi: erc20Abi, functionName: 'balanceOf', args: [DEV] }), 1_350_000000n);
        assert.equal(await client.getEnsName({ address: DEV, universalResolverAddress: seeded.ens.universalResolver }), 'dev.eth');
      }
      // Same deployers, same order: the same addresses on both chains.
      assert.equal(stack.seeded[0]?.usdToken, stack.seeded[1]?.usdToken);
    } finally {
      await stack.stop();
    }
    assert.equal(childProcesses('anvil').length, anvilsBefore);
  });

  it('leaves bare chains with seed: false', async () => {
    const stack = await startStack({ root, seed: false });
    try {
      assert.deepEqual(stack.seeded, []);
      const client = createPublicClient({ transport: http(stack.chains[0]?.rpcUrl) });
      assert.equal(await client.getBlockNumber(), 0n);
      assert.equal(await client.getTransactionCount({ address: DEV }), 0);
    } finally {
      await stack.stop();
    }
  });
});
