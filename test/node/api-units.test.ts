// Unit tests of the wallet API's pure parts (no chain needed; its index: api-store.test.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { numberToHex, pad, type Hex } from 'viem';
import { parseBlock, TRANSFER_TOPIC, WETH_DEPOSIT_TOPIC, type RpcBlock, type RpcReceipt } from '../../server/api/block-parser.js';
import { decodeCursor, encodeCursor } from '../../server/api/cursor.js';
import { ApiError } from '../../server/api/errors.js';
import { operationType } from '../../server/api/history.js';
import { quantify } from '../../server/api/balances.js';
import { parseDataJsonUri } from '../../server/api/nft-metadata.js';
import { balanceQuerySchema, commonQuerySchema, parseInputs } from '../../server/api/params.js';
import { ONE, fromNumber, ratio, toNumber, units } from '../../server/api/exact.js';
import { propagate } from '../../server/api/prices.js';
import type { StoredTx } from '../../server/api/store.js';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const TOKEN = '0x00000000000000000000000000000000000000cc';
const NFT = '0x00000000000000000000000000000000000000dd';
const topic = (address: string): Hex => pad(address as Hex, { size: 32 });
const hash = (n: number): Hex => pad(numberToHex(n), { size: 32 });

function rpcTx(n: number, from: string, to: string | null, value = 0n, input: Hex = '0x'): RpcBlock['transactions'][number] {
  return { hash: hash(n), from: from as Hex, to: to as Hex | null, nonce: numberToHex(n), value: numberToHex(value), input, transactionIndex: '0x0' };
}

describe('cursor', () => {
  it('round-trips a position and is opaque base64url', () => {
    const cursor = encodeCursor({ blockNumber: 1234, txIndex: 7 });
    assert.match(cursor, /^[A-Za-z0-9_-]+$/);
    assert.deepEqual(decodeCursor(cursor), { blockNumber: 1234, txIndex: 7 });
  });

  it('rejects anything it did not produce', () => {
    for (const bad of ['', 'abc', '!!!', Buffer.from('-1:0').toString('base64url'), Buffer.from('01:2').toString('base64url'), Buffer.from('1:2:3').toString('base64url'), `${encodeCursor({ blockNumber: 1, txIndex: 2 })}=`, 'x'.repeat(100)]) {
      assert.equal(decodeCursor(bad), undefined, bad);
    }
  });
});

describe('parseBlock', () => {
  const block: RpcBlock = {
    number: '0x5',
    hash: hash(500),
    parentHash: hash(400),
    timestamp: '0x64',
    transactions: [rpcTx(1, A, B, 10n ** 18n), rpcTx(2, A, TOKEN, 5n, '0xa9059cbb0000'), { ...rpcTx(3, B, NFT), transactionIndex: '0x2' }],
  };
  const receipts: RpcReceipt[] = [
    { transactionHash: hash(1), status: '0x1', contractAddress: null, logs: [] },
    // Failed: the value did not move.
    { transactionHash: hash(2), status: '0x0', contractAddress: null, logs: [] },
    {
      transactionHash: hash(3),
      status: '0x1',
      contractAddress: null,
      logs: [
        { address: TOKEN as Hex, topics: [TRANSFER_TOPIC, topic(B), topic(A)], data: numberToHex(42n, { size: 32 }), logIndex: '0x0' },
        { address: NFT as Hex, topics: [TRANSFER_TOPIC, topic('0x0000000000000000000000000000000000000000'), topic(A), numberToHex(7n, { size: 32 })], data: '0x', logIndex: '0x1' },
        { address: TOKEN as Hex, topics: [WETH_DEPOSIT_TOPIC, topic(B)], data: numberToHex(9n, { size: 32 }), logIndex: '0x2' },
      ],
    },
  ];

  it('keeps native value, ERC-20 (3 topics) and ERC-721 (4 topics) transfers apart', () => {
    const parsed = parseBlock(block, receipts);
    assert.equal(parsed.number, 5);
    assert.equal(parsed.timestamp, 100);
    const [send, failed, mixed] = parsed.txs;
    assert.deepEqual(send?.transfers, [{ hash: hash(1), seq: -1, kind: 'native', token: null, from: A, to: B, amount: '1000000000000000000' }]);
    assert.equal(failed?.status, 'failed');
    assert.deepEqual(failed?.transfers, []);
    assert.equal(failed?.selector, '0xa9059cbb');
    assert.deepEqual(mixed?.transfers.map((t) => [t.kind, t.from, t.to, t.amount]), [
      ['erc20', B, A, '42'],
      ['erc721', '0x0000000000000000000000000000000000000000', A, '7'],
    ]);
    assert.equal(mixed?.txIndex, 2);
    assert.deepEqual(new Set(mixed?.involved), new Set([B, NFT, A]), 'the zero address is nobody\'s history');
  });

  it('reads WETH Deposit as a mint of the wrapped token only for the configured contract', () => {
    const mixed = parseBlock(block, receipts, TOKEN).txs[2];
    assert.deepEqual(mixed?.transfers.at(-1), { hash: hash(3), seq: 2, kind: 'erc20', token: TOKEN, from: '0x0000000000000000000000000000000000000000', to: B, amount: '9' });
  });

  it('refuses a block whose receipts are missing', () => {
    assert.throws(() => parseBlock(block, receipts.slice(1)), /no receipt/);
  });
});

describe('operationType', () => {
  const tx = (over: Partial<StoredTx> = {}): StoredTx => ({ hash: '0x1', blockNumber: 1, txIndex: 0, timestamp: 0, from: A, to: B, nonce: 0, status: 'confirmed', selector: null, createdContract: null, transfers: [], ...over });
  const t = (from: string, to: string) => ({ seq: 0, kind: 'erc20' as const, token: TOKEN, from, to, amount: '1' });
  const ZERO = '0x0000000000000000000000000000000000000000';

  it('names the operation from the owner\'s side', () => {
    assert.equal(operationType(tx(), [t(A, B)], A), 'send');
    assert.equal(operationType(tx(), [t(A, B)], B), 'receive');
    assert.equal(operationType(tx(), [t(A, B), t(B, A)], A), 'trade');
    assert.equal(operationType(tx(), [t(ZERO, A)], A), 'mint');
    assert.equal(operationType(tx(), [t(A, ZERO)], A), 'burn');
    assert.equal(operationType(tx({ selector: '0x095ea7b3' }), [], A), 'approve');
    assert.equal(operationType(tx({ selector: '0x12345678' }), [], A), 'execute');
    assert.equal(operationType(tx({ status: 'failed' }), [], A), 'send', 'a plain transfer that reverted');
    assert.equal(operationType(tx({ status: 'failed' }), [], B), 'receive');
    assert.equal(operationType(tx({ to: null, createdContract: TOKEN }), [], A), 'deploy');
  });
});

describe('amounts and prices', () => {
  it('formats base units exactly, whatever the decimals', () => {
    assert.deepEqual(quantify(1n, 18, 2000), { numeric: '0.000000000000000001', value: 2e-15, price: 2000 });
    assert.deepEqual(quantify(123456789012345678901234567890n, 18, 0), { numeric: '123456789012.34567890123456789', value: 0, price: 0 });
    assert.deepEqual(quantify(1000n, 0, 0.5), { numeric: '1000', value: 500, price: 0.5 });
    assert.deepEqual(quantify(1_350_000_000n, 6, 1), { numeric: '1350', value: 1350, price: 1 });
  });

  it('values quantities past 2^53 exactly, rounding once at the end (Number would round twice)', () => {
    // 2162684684.584999999999999999: Number reads it as …585 and then rounds up to …4.59.
    assert.equal(quantify(2162684684584999999999999999n, 18, 1).value, 2162684684.58);
    assert.equal(quantify(27491483465449999999999999n, 18, 1).value, 27491483.4654);
    assert.equal(quantify(266325855718500000000000000n, 18, 1).value, 266325855.719, 'a half rounds up');
    // 0.1 in a price table is one tenth, not the double nearest it.
    assert.equal(quantify(3n * 10n ** 17n, 18, 0.1).value, 0.03);
    assert.equal(toNumber(ratio(1n, 3n)), 0.333333333333);
    assert.equal(toNumber(fromNumber(1.5e21)), 1.5e21);
    assert.equal(toNumber(fromNumber(1e-7)), 1e-7);
  });

  it('prices tokens out from the stablecoin through the pools', () => {
    const prices = new Map([['usd', ONE]]);
    const whole = (n: bigint) => ratio(n);
    propagate(prices, [
      { tokens: ['ltk', 'weth'], reserves: [whole(80_000n), whole(100n)] },
      { tokens: ['weth', 'usd'], reserves: [whole(100n), whole(200_000n)] },
      { tokens: ['orphan', 'nothing'], reserves: [whole(1n), whole(1n)] },
    ]);
    assert.equal(toNumber(prices.get('weth')!), 2000);
    assert.equal(toNumber(prices.get('ltk')!), 2.5);
    assert.equal(prices.has('orphan'), false);
  });

  it('prices from raw reserves exactly, and rounds once after the last hop', () => {
    const prices = new Map([['usd', ONE]]);
    // 18-decimal reserves past 2^53; each hop kept exact: LTK = 3 × (7/3) / 7 = 1 exactly.
    propagate(prices, [
      { tokens: ['weth', 'usd'], reserves: [units(3n * 10n ** 21n, 18), units(7n * 10n ** 21n, 18)] },
      { tokens: ['ltk', 'weth'], reserves: [units(7n * 10n ** 21n, 18), units(3n * 10n ** 21n, 18)] },
    ]);
    assert.deepEqual(prices.get('weth'), ratio(7n, 3n));
    assert.deepEqual(prices.get('ltk'), ONE);
    assert.equal(toNumber(prices.get('weth')!), 2.33333333333);
    // A reserve no double holds exactly: 1 000 000 000 000 000 001 base units against one whole token.
    const exact = new Map([['usd', ONE]]);
    propagate(exact, [{ tokens: ['big', 'usd'], reserves: [units(10n ** 18n, 18), units(10n ** 36n + 10n ** 18n, 18)] }]);
    assert.deepEqual(exact.get('big'), ratio(10n ** 18n + 1n));
  });
});

describe('parseInputs', () => {
  it('lists every reason, each naming its parameter', () => {
    assert.throws(
      () => parseInputs([[commonQuerySchema, { projectId: '', sv: 'x' }, 'query'], [balanceQuerySchema, { chainId: 'eip155', currency: 'eur' }, 'query']]),
      (err: unknown) => {
        assert.ok(err instanceof ApiError);
        assert.equal(err.status, 400);
        assert.deepEqual(err.reasons.map((r) => r.name), ['projectId', 'st', 'currency', 'chainId']);
        assert.deepEqual(err.body.status, 'ERROR');
        return true;
      },
    );
  });
});

describe('parseDataJsonUri', () => {
  it('reads base64 and percent-encoded JSON data: URIs only', () => {
    assert.deepEqual(parseDataJsonUri(`data:application/json;base64,${Buffer.from('{"name":"x"}').toString('base64')}`), { name: 'x' });
    assert.deepEqual(parseDataJsonUri('data:application/json,%7B%22a%22%3A1%7D'), { a: 1 });
    assert.equal(parseDataJsonUri('https://example.com/1.json'), undefined);
    assert.equal(parseDataJsonUri('data:application/json,[1]'), undefined);
    assert.equal(parseDataJsonUri('data:application/json,{'), undefined);
  });
});
