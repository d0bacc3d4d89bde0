// The wallet data API on the local Solana chain: balances, history (indexed from the facade), identity,
// prices and the JSON-RPC proxy for a solana: chain id, against a real seeded facade. No mocks.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js';
import { formatUnits } from 'viem';
import { createWalletApi, type WalletApi } from '../../server/api/app.js';
import { seedSolana } from '../../devstack/solana/seed.js';
import { SOL_PRICE_USD } from '../../devstack/solana/seed-design.js';
import { startSolanaChain, type SolanaChain } from '../../devstack/solana/serve.js';
import type { SeededSolana } from '../../server/solana/types.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const COMMON = { projectId: 'p', st: 't', sv: 't' };
const NOW = 1_800_000_000;

let chain: SolanaChain;
let seeded: SeededSolana;
let api: WalletApi;
let dev: string;

async function get(path: string, query: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
  const res = await api.app.request(`${path}?${new URLSearchParams({ ...COMMON, ...query })}`);
  return { status: res.status, body: await res.json() };
}

before(async () => {
  chain = await startSolanaChain();
  seeded = await seedSolana(chain, NOW);
  dev = seeded.accounts[0]!;
  // Three airdrops more, so the dev account's history spans two pages (9 seeded + 3 = 12 > 10).
  for (const sol of [1, 2, 3]) await chain.ledger.airdrop(dev, BigInt(sol) * BigInt(LAMPORTS_PER_SOL));
  api = await createWalletApi({
    chains: [],
    solanaChains: [{ chainId: seeded.chainId, rpcUrl: chain.rpcUrl, seeded }],
    priceTable: { [`native:${seeded.chainId}`]: SOL_PRICE_USD },
    dbPath: ':memory:',
    indexer: { pollIntervalMs: 50 },
  });
  await api.solanaIndexer.waitForHead(seeded.chainId);
});
after(async () => {
  await api?.close();
  await chain?.stop();
});

describe('wallet API on a solana: chain', () => {
  it('lists the chain in supported-chains', async () => {
    assert.deepEqual((await get('/v1/supported-chains')).body, { http: [seeded.chainId], ws: [] });
  });

  it("answers the dev account's balances: SOL (table price) and USDS (1 USD), ZERO kept for the widget, SPAM left out", async () => {
    const lamports = BigInt(await new Connection(chain.rpcUrl).getBalance(new (await import('@solana/web3.js')).PublicKey(dev)));
    const { status, body } = await get(`/v1/account/${dev}/balance`, { chainId: seeded.chainId, currency: 'usd' });
    assert.equal(status, 200);
    const usds = seeded.tokens[0]!;
    const zero = seeded.tokens[1]!;
    const sol = Number(formatUnits(lamports, 9));
    assert.deepEqual(body.balances.map((b: Json) => [b.symbol, b.name, b.chainId, b.address, b.quantity, b.price, b.value]), [
      ['USDS', 'Local USD', seeded.chainId, `${seeded.chainId}:${usds.mint}`, { decimals: '6', numeric: '2750' }, 1, 2750],
      ['SOL', 'Solana', seeded.chainId, undefined, { decimals: '9', numeric: formatUnits(lamports, 9) }, 150, Number((sol * 150).toPrecision(12))],
      ['ZERO', 'Zero Decimals', seeded.chainId, `${seeded.chainId}:${zero.mint}`, { decimals: '0', numeric: '1000' }, 0, 0],
    ].sort((a, b) => (b[6] as number) - (a[6] as number)));
    assert.ok(body.balances.every((b: Json) => b.iconUrl.startsWith('data:image/svg+xml')));
  });

  it("answers the dev account's history, newest first, 10 a page, SOL and SPL rows with the seeded amounts", async () => {
    const first = await get(`/v1/account/${dev}/history`, { chainId: seeded.chainId });
    assert.equal(first.status, 200);
    assert.equal(first.body.data.length, 10);
    assert.ok(first.body.next);
    const second = await get(`/v1/account/${dev}/history`, { chainId: seeded.chainId, cursor: first.body.next });
    assert.equal(second.body.next, null);
    const rows = [...first.body.data, ...second.body.data];
    const summary = rows.map((tx: Json) => [tx.metadata.operationType, ...tx.transfers.map((t: Json) => `${t.direction} ${t.quantity.numeric} ${t.fungible_info?.symbol ?? `${t.nft_info.name} spam=${t.nft_info.flags.is_spam}`}`)]);
    assert.deepEqual(summary, [
      ['receive', 'in 3 SOL'],
      ['receive', 'in 2 SOL'],
      ['receive', 'in 1 SOL'],
      ['send', 'out 0.25 SOL'],
      ['send', 'out 250 USDS'],
      ['execute'], // dev pays for bob's USDS account
      ['mint', 'in 1 Free Mint Prize #1 spam=true'],
      ['send', 'out 0.5 SOL'],
      ['receive', 'in 1000 USDS'],
      ['mint', 'in 1000 ZERO'],
      ['mint', 'in 2000 USDS'],
      ['receive', 'in 2 SOL'],
    ]);
    const oldest = rows[rows.length - 1];
    assert.equal(oldest.metadata.hash, seeded.history[0]!.signature);
    assert.equal(oldest.metadata.chain, seeded.chainId);
    assert.equal(oldest.metadata.minedAt, new Date((NOW - 60 * 3600) * 1000).toISOString());
    assert.equal(oldest.metadata.sentFrom, seeded.accounts[1]);
    assert.equal(oldest.metadata.sentTo, dev);
    assert.equal(oldest.metadata.status, 'confirmed');
    assert.deepEqual(oldest.transfers[0].value, 300);
  });

  it('indexes a transfer made after start', async () => {
    const bob = Keypair.generate();
    const conn = new Connection(chain.rpcUrl, { commitment: 'confirmed', wsEndpoint: chain.wsUrl });
    await chain.ledger.airdrop(bob.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL));
    const tx = new Transaction({ feePayer: bob.publicKey, ...(await conn.getLatestBlockhash()) }).add(SystemProgram.transfer({ fromPubkey: bob.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }));
    tx.sign(bob);
    const signature = await conn.sendRawTransaction(tx.serialize());
    await api.solanaIndexer.waitForHead(seeded.chainId);
    const { body } = await get(`/v1/account/${bob.publicKey.toBase58()}/history`, { chainId: seeded.chainId });
    assert.deepEqual(body.data.map((t: Json) => [t.id, t.metadata.operationType, t.transfers[0].quantity.numeric]), [
      [signature, 'send', '0.001'],
      [body.data[1].id, 'receive', '1'],
    ]);
  });

  it('rejects a malformed Solana address, and gives a Solana address an empty identity', async () => {
    const bad = await get('/v1/account/0OIl/balance', { chainId: seeded.chainId });
    assert.equal(bad.status, 400);
    assert.deepEqual((await get(`/v1/identity/${dev}`)).body, { name: null, avatar: null });
  });

  it('prices SOL and USDS through /v1/fungible/price', async () => {
    const res = await api.app.request('/v1/fungible/price', {
      method: 'POST',
      body: JSON.stringify({ projectId: 'p', currency: 'usd', addresses: [`${seeded.chainId}:So11111111111111111111111111111111111111111`, `${seeded.chainId}:${seeded.usdToken}`] }),
    });
    const body = (await res.json()) as Json;
    assert.deepEqual(body.fungibles.map((f: Json) => [f.symbol, f.price]), [['SOL', 150], ['USDS', 1]]);
  });

  it('proxies reads and sendTransaction to the facade, and refuses requestAirdrop', async () => {
    const post = async (body: unknown): Promise<Json> =>
      (await api.app.request(`/v1?chainId=${seeded.chainId}&projectId=p`, { method: 'POST', body: JSON.stringify(body) })).json();
    const answer = await post([
      { jsonrpc: '2.0', id: 1, method: 'getGenesisHash', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'requestAirdrop', params: [dev, 1] },
    ]);
    assert.equal(answer[0].result, await new Connection(chain.rpcUrl).getGenesisHash());
    assert.deepEqual(answer[1].error, { code: -32601, message: 'Method not available through this proxy: requestAirdrop' });
    const payer = Keypair.generate();
    await chain.ledger.airdrop(payer.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL));
    const { result: latest } = await post({ jsonrpc: '2.0', id: 3, method: 'getLatestBlockhash', params: [] });
    const tx = new Transaction({ feePayer: payer.publicKey, blockhash: latest.value.blockhash, lastValidBlockHeight: latest.value.lastValidBlockHeight });
    tx.add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: new (await import('@solana/web3.js')).PublicKey(dev), lamports: 12345 }));
    tx.sign(payer);
    const sent = await post({ jsonrpc: '2.0', id: 4, method: 'sendTransaction', params: [tx.serialize().toString('base64'), { encoding: 'base64' }] });
    assert.equal(typeof sent.result, 'string');
    const status = await post({ jsonrpc: '2.0', id: 5, method: 'getSignatureStatuses', params: [[sent.result]] });
    assert.equal(status.result.value[0].err, null);
  });
});
