// The wallet API's index (server/api/store.ts) and its chain leases (lease.ts), on SQLite and on PostgreSQL.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { IndexedBlock } from '../../server/api/block-parser.js';
import { ChainLeases } from '../../server/api/lease.js';
import { IndexConflictError, IndexStore } from '../../server/api/store.js';
import { killWhileWriting } from '../support/kill-writer.js';
import { useTestDatabases } from '../support/local-databases.js';

const made = useTestDatabases('api-store');
const databases: [string, () => Promise<string>][] = [
  ['SQLite file', async () => made.sqliteFile()],
  ['PostgreSQL', () => made.postgresDatabase()],
];

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const TOKEN = '0x00000000000000000000000000000000000000cc';

const blocks = (from: number, to: number): IndexedBlock[] =>
  Array.from({ length: to - from + 1 }, (_, i) => {
    const n = from + i;
    return {
      number: n,
      hash: `0xh${n}`,
      parentHash: `0xh${n - 1}`,
      timestamp: 1_700_000_000 + n,
      txs: n === 0 ? [] : [{ hash: `0xt${n}`, txIndex: 0, from: A, to: B, nonce: n, status: 'confirmed', value: '1', selector: null, createdContract: null, transfers: [{ hash: `0xt${n}`, seq: -1, kind: 'native', token: null, from: A, to: B, amount: '1' }], involved: [A, B] }],
    };
  });

for (const [kind, newUrl] of databases) {
  describe(`wallet API index on ${kind}`, () => {
    test('pages an address\'s history newest first, rolls back and starts over', async () => {
      const store = await IndexStore.open(await newUrl());
      try {
        await store.resetChain(1, '0xgenesis');
        await store.writeBlocks(1, blocks(0, 25));
        assert.equal((await store.chainState(1))?.lastBlock, 25);
        const first = await store.history(1, A, undefined, 10);
        assert.deepEqual(first.map((tx) => tx.blockNumber), [25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
        assert.equal(first[0]?.timestamp, 1_700_000_025);
        assert.deepEqual(first[0]?.transfers, [{ seq: -1, kind: 'native', token: null, from: A, to: B, amount: '1' }]);
        const older = await store.history(1, B, { blockNumber: 16, txIndex: 0 }, 100);
        assert.deepEqual(older.map((tx) => tx.blockNumber).slice(0, 2), [15, 14]);
        assert.equal(older.length, 15);

        await store.rollbackTo(1, 20);
        assert.equal((await store.chainState(1))?.lastBlock, 20);
        assert.equal((await store.history(1, A, undefined, 100))[0]?.blockNumber, 20);
        assert.equal(await store.blockHash(1, 21), undefined);
        assert.deepEqual(await store.latestBlock(1), { number: 20, hash: '0xh20' });

        await store.resetChain(1, '0xother', 7);
        assert.deepEqual(await store.chainState(1), { genesisHash: '0xother', firstBlock: 7, lastBlock: 6 });
        assert.equal((await store.history(1, A, undefined, 100)).length, 0);
      } finally {
        await store.close();
      }
    });

    test('keeps what it wrote across a reopen, tokens included; a Solana store id (negative) and large slots fit', async () => {
      const url = await newUrl();
      const store = await IndexStore.open(url);
      await store.resetChain(7, '0xg');
      await store.writeBlocks(7, blocks(0, 3));
      await store.saveToken({ chainId: 7, address: TOKEN, kind: 'erc20', name: 'Token', symbol: 'TKN', decimals: 0 });
      await store.resetChain(-1, 'solana-genesis');
      await store.writeBlocks(-1, blocks(3_000_000_000, 3_000_000_001), { after: -1, through: 3_000_000_005 });
      await store.close();

      const reopened = await IndexStore.open(url);
      try {
        assert.deepEqual(await reopened.chainState(7), { genesisHash: '0xg', firstBlock: 0, lastBlock: 3 });
        assert.equal((await reopened.history(7, A, undefined, 10)).length, 3);
        assert.deepEqual(await reopened.token(7, TOKEN), { chainId: 7, address: TOKEN, kind: 'erc20', name: 'Token', symbol: 'TKN', decimals: 0 });
        assert.deepEqual(await reopened.fungiblesReceivedBy(7, A), []);
        assert.deepEqual(await reopened.chainState(-1), { genesisHash: 'solana-genesis', firstBlock: 0, lastBlock: 3_000_000_005 });
        assert.equal((await reopened.history(-1, B, undefined, 10))[0]?.blockNumber, 3_000_000_001);
      } finally {
        await reopened.close();
      }
    });

    test('a write from a height another writer has moved is refused whole', async () => {
      const url = await newUrl();
      const [one, two] = await Promise.all([IndexStore.open(url), IndexStore.open(url)]);
      try {
        await one.resetChain(1, '0xg');
        await one.writeBlocks(1, blocks(0, 4), { after: -1 });
        await assert.rejects(two.writeBlocks(1, blocks(0, 9), { after: -1 }), IndexConflictError);
        assert.equal((await two.chainState(1))?.lastBlock, 4);
        assert.equal(await two.blockHash(1, 5), undefined, 'no block of the refused batch was written');
        await two.writeBlocks(1, blocks(5, 9), { after: 4 });
        assert.equal((await one.chainState(1))?.lastBlock, 9);
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    });

    test('one instance holds a chain\'s lease until it gives it up or it runs out', async () => {
      const url = await newUrl();
      const store = await IndexStore.open(url);
      let now = 1_000_000;
      const clock = () => now;
      const first = new ChainLeases(store, 'first', 10_000, clock);
      const second = new ChainLeases(store, 'second', 10_000, clock);
      try {
        assert.equal(await first.hold(1), true);
        assert.equal(await second.hold(1), false, 'held by the first');
        assert.equal(await second.hold(2), true, 'another chain is free');
        now += 6_000; // past half: the first renews
        assert.equal(await first.hold(1), true);
        now += 9_000; // 15 s after it was taken, 9 s after its renewal: still the first's
        assert.equal(await second.hold(1), false);
        now += 3_000; // the first stopped renewing (killed): its lease ran out (and the second asks at most every 2.5 s)
        assert.equal(await second.hold(1), true);
        assert.equal(await store.lease(1, 'first', 10_000, now), false, 'the first cannot take it back while the second holds it');
        await second.releaseAll();
        assert.equal(await store.lease(1, 'first', 10_000, now), true, 'given up: free at once');
      } finally {
        await store.close();
      }
    });

    test('kill -9 while indexing: every acknowledged batch is there, and the height matches the rows', async () => {
      const url = await newUrl();
      const acked = await killWhileWriting(join(import.meta.dirname, 'fixtures', 'index-writer.ts'), url);
      const store = await IndexStore.open(url);
      try {
        const state = await store.chainState(1);
        assert.ok(state && state.lastBlock >= acked, `height ${state?.lastBlock}, ${acked} acknowledged`);
        assert.equal((await store.latestBlock(1))?.number, state.lastBlock, 'no block above the height, none missing at it');
        assert.equal((await store.history(1, A, undefined, 10_000)).length, state.lastBlock + 1);
      } finally {
        await store.close();
      }
    });
  });
}
