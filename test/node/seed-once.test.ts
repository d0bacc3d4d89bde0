// Seeding once per process: a later chain gets the very chain the first seed made (anvil's dump loaded, the Solana
// seed's transactions replayed), down to block hashes, receipts, signatures and slots.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { seedEvmOnce, seedSolanaOnce } from '../../devstack/seed-once.js';
import { startSolanaChain, type SolanaChain } from '../../devstack/solana/serve.js';
import { rpcCall } from '../../server/json-rpc.js';
import type { SeededChain } from '../../server/chain/types.js';
import type { SeededSolana } from '../../server/solana/types.js';

const DEV = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const withoutRpc = <T extends { rpcUrl: string }>(seeded: T) => ({ ...seeded, rpcUrl: '' });

describe('seedEvmOnce', () => {
  const anvils: Anvil[] = [];
  const seeded: SeededChain[] = [];
  before(async () => {
    anvils.push(...(await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31337 })])));
    for (const anvil of anvils) seeded.push(await seedEvmOnce(anvil));
  });
  after(() => Promise.all(anvils.map((a) => a.stop())));

  it('the second chain is the first: head, every block, receipts and logs, balances and code', async () => {
    const [a, b] = anvils.map((x) => x.rpcUrl) as [string, string];
    const read = async (url: string) => {
      const head = await rpcCall<{ number: string; hash: string }>(url, 'eth_getBlockByNumber', ['latest', false]);
      const blocks = await Promise.all(Array.from({ length: Number(head.number) + 1 }, (_, n) => rpcCall<{ hash: string; timestamp: string; transactions: string[] }>(url, 'eth_getBlockByNumber', [`0x${n.toString(16)}`, false])));
      const txs = blocks.flatMap((block) => block.transactions);
      const receipts = await Promise.all(txs.map((hash) => rpcCall<{ status: string; logs: unknown[] }>(url, 'eth_getTransactionReceipt', [hash])));
      return {
        head,
        blocks: blocks.map((block) => [block.hash, block.timestamp]),
        receipts: receipts.map((r) => [r.status, r.logs.length]),
        logs: (await rpcCall<unknown[]>(url, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }])).length,
        balance: await rpcCall(url, 'eth_getBalance', [DEV, 'latest']),
        code: await rpcCall(url, 'eth_getCode', [seeded[0]!.usdToken, 'latest']),
      };
    };
    const [first, second] = await Promise.all([read(a), read(b)]);
    assert.ok(Number(first.head.number) > 10 && first.receipts.length > 10 && first.logs > 10, 'the seed made a history');
    assert.deepEqual(second, first);
  });

  it('returns the same description, with the new chain\'s RPC URL', () => {
    assert.equal(seeded[1]!.rpcUrl, anvils[1]!.rpcUrl);
    assert.deepEqual(withoutRpc(seeded[1]!), withoutRpc(seeded[0]!));
  });

  it('the copy goes on as a chain of its own', async () => {
    const [a, b] = anvils.map((x) => x.rpcUrl) as [string, string];
    await rpcCall(b, 'evm_mine', []);
    const numbers = await Promise.all([a, b].map((url) => rpcCall<string>(url, 'eth_blockNumber', [])));
    assert.equal(Number(numbers[1]), Number(numbers[0]) + 1);
  });
});

describe('seedSolanaOnce', () => {
  const chains: SolanaChain[] = [];
  const seeded: SeededSolana[] = [];
  before(async () => {
    chains.push(...(await Promise.all([startSolanaChain(), startSolanaChain()])));
    for (const chain of chains) seeded.push(await seedSolanaOnce(chain));
  });
  after(() => Promise.all(chains.map((c) => c.stop())));

  it('the second ledger is the first: slot, every account\'s signatures with their slots and times, balances', async () => {
    const read = async ({ rpcUrl }: SolanaChain) => {
      const accounts = seeded[0]!.accounts;
      return {
        slot: await rpcCall(rpcUrl, 'getSlot', []),
        signatures: await Promise.all(accounts.map((address) => rpcCall(rpcUrl, 'getSignaturesForAddress', [address]))),
        balances: await Promise.all(accounts.map((address) => rpcCall(rpcUrl, 'getBalance', [address]))),
        tokens: await Promise.all(seeded[0]!.tokens.map(({ mint }) => rpcCall(rpcUrl, 'getTokenSupply', [mint]))),
      };
    };
    const [first, second] = await Promise.all(chains.map(read));
    assert.ok((first!.signatures[0] as unknown[]).length >= 8, 'the seed made the dev account a history');
    assert.deepEqual(second, first);
  });

  it('returns the same description, with the new chain\'s RPC URL', () => {
    assert.equal(seeded[1]!.rpcUrl, chains[1]!.rpcUrl);
    assert.deepEqual(withoutRpc(seeded[1]!), withoutRpc(seeded[0]!));
  });
});
