// The wallet data API over a seeded local chain (devstack/chain/seed.ts): token balances priced from the
// Uniswap V2 pools, the dev account's indexed history with its spam airdrops, ENS identity.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPublicClient, encodeFunctionData, formatEther, getAddress, http, parseAbi, parseEther, type Hex } from 'viem';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { createWalletApi, type WalletApi } from '../../server/api/app.js';
import { DESIGNED_PRICES_USD, DEV_BALANCES, DEV_SPAM_TOKEN_IDS, ROLES, TOKEN_SPECS } from '../../server/chain/design.js';
import { HISTORY } from '../../devstack/chain/history.js';
import { seedLocalChain } from '../../devstack/chain/seed.js';
import type { SeededChain } from '../../server/chain/types.js';
import { rpcCall } from '../../server/json-rpc.js';

const COMMON = { projectId: 'test-project', st: 'appkit', sv: 'html-wagmi-test' };
const DEV = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** Account #4: nothing in the seed touches it. */
const NOBODY = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const CHAIN = 'eip155:31337';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const near = (actual: number, expected: number, what: string): void =>
  assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * 1e-9, `${what}: ${actual} ≈ ${expected}`);

describe('wallet API on a seeded chain', () => {
  let anvil: Anvil;
  let seeded: SeededChain;
  let api: WalletApi;

  const get = async (path: string, params: Record<string, string> = {}): Promise<Json> => {
    const res = await api.app.request(`${path}?${new URLSearchParams({ ...params, ...COMMON })}`);
    assert.equal(res.status, 200, `${path}: ${res.status}`);
    return (await res.json()) as Json;
  };
  const send = async (tx: { to: string; value?: bigint; data?: Hex }): Promise<{ hash: Hex; blockNumber: number }> => {
    const hash = await rpcCall<Hex>(anvil.rpcUrl, 'eth_sendTransaction', [{ from: DEV, to: tx.to, value: `0x${(tx.value ?? 0n).toString(16)}`, data: tx.data }]);
    for (let attempt = 0; attempt < 100; attempt++) {
      const receipt = await rpcCall<{ blockNumber: Hex; status: Hex } | null>(anvil.rpcUrl, 'eth_getTransactionReceipt', [hash]);
      if (receipt) {
        assert.equal(receipt.status, '0x1', `${hash} succeeded`);
        return { hash, blockNumber: Number(receipt.blockNumber) };
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no receipt for ${hash}`);
  };
  const history = async (address: string): Promise<Json[]> => {
    const all: Json[] = [];
    let cursor: string | null = null;
    do {
      const page: Json = await get(`/v1/account/${address}/history`, { chainId: CHAIN, ...(cursor ? { cursor } : {}) });
      all.push(...page.data);
      cursor = page.next;
    } while (cursor);
    return all;
  };
  const tokenAddress = (symbol: string): string => {
    const token = seeded.tokens.find((t) => t.symbol === symbol);
    assert.ok(token, symbol);
    return token.address;
  };

  before(async () => {
    anvil = await startAnvil({ chainId: 31337 });
    seeded = await seedLocalChain(anvil.rpcUrl, 31337, { log: () => undefined });
    api = await createWalletApi({ chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl, seeded }], dbPath: ':memory:' });
    await api.indexer.waitForBlock(31337, seeded.seededAtBlock);
  });
  after(async () => {
    await api?.close();
    await anvil?.stop();
  });

  it('balances: LUSD, LTK and the 0-decimal ZERO with quantity and decimals, priced from the pools', async () => {
    const { balances } = await get(`/v1/account/${DEV}/balance`, { chainId: CHAIN, currency: 'usd' });
    assert.deepEqual(balances.map((b: Json) => b.symbol), ['ETH', 'LTK', 'LUSD', 'ZERO'], 'largest value first');
    const bySymbol = new Map<string, Json>(balances.map((b: Json) => [b.symbol, b]));

    const token = (key: keyof typeof TOKEN_SPECS) => seeded.tokens.find((t) => t.symbol === TOKEN_SPECS[key].symbol)!;
    assert.deepEqual(bySymbol.get('LUSD'), {
      name: 'Local USD', symbol: 'LUSD', chainId: CHAIN, address: `${CHAIN}:${getAddress(token('usd').address)}`,
      value: Number(DEV_BALANCES.LUSD), price: DESIGNED_PRICES_USD.LUSD, quantity: { decimals: '6', numeric: DEV_BALANCES.LUSD }, iconUrl: token('usd').iconUrl,
    });
    const ltk = bySymbol.get('LTK')!;
    assert.deepEqual(ltk.quantity, { decimals: '18', numeric: DEV_BALANCES.LTK });
    near(ltk.price, DESIGNED_PRICES_USD.LTK, 'LTK price');
    near(ltk.value, Number(DEV_BALANCES.LTK) * DESIGNED_PRICES_USD.LTK, 'LTK value');
    assert.equal(ltk.iconUrl, token('ltk').iconUrl);
    // The API keeps 0-decimal tokens; the widget is the one that drops them.
    assert.deepEqual(bySymbol.get('ZERO'), {
      name: 'Zero Decimals', symbol: 'ZERO', chainId: CHAIN, address: `${CHAIN}:${getAddress(token('zero').address)}`,
      value: 0, price: 0, quantity: { decimals: '0', numeric: DEV_BALANCES.ZERO }, iconUrl: token('zero').iconUrl,
    });

    const eth = bySymbol.get('ETH')!;
    const onChain = await createPublicClient({ transport: http(anvil.rpcUrl) }).getBalance({ address: DEV });
    assert.equal(eth.quantity.numeric, formatEther(onChain));
    assert.equal('address' in eth, false);
    near(eth.price, DESIGNED_PRICES_USD.ETH, 'ETH price');
    near(eth.value, Number(formatEther(onChain)) * DESIGNED_PRICES_USD.ETH, 'ETH value');
  });

  it('POST /v1/fungible/price prices tokens by CAIP-10 id and leaves unknown ones out', async () => {
    const ids = [`${CHAIN}:${tokenAddress('LTK')}`, `${CHAIN}:${tokenAddress('LUSD').toLowerCase()}`, `${CHAIN}:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`, `${CHAIN}:${NOBODY}`];
    const res = await api.app.request('/v1/fungible/price', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ currency: 'usd', addresses: ids, projectId: 'p' }) });
    assert.equal(res.status, 200);
    const { fungibles } = (await res.json()) as Json;
    assert.deepEqual(fungibles.map((f: Json) => [f.address, f.symbol, f.name]), [
      [ids[0], 'LTK', 'Local Token'],
      [ids[1], 'LUSD', 'Local USD'],
      [ids[2], 'ETH', 'Ether'],
    ]);
    near(fungibles[0].price, DESIGNED_PRICES_USD.LTK, 'LTK');
    assert.equal(fungibles[1].price, 1);
    near(fungibles[2].price, DESIGNED_PRICES_USD.ETH, 'ETH');
    assert.equal(fungibles[0].iconUrl, seeded.tokens.find((t) => t.symbol === 'LTK')!.iconUrl);
  });

  it('history: the seeded transactions over two pages, newest first, spam airdrops flagged', async () => {
    const first = await get(`/v1/account/${DEV}/history`, { chainId: CHAIN });
    assert.equal(first.data.length, 10);
    assert.equal(typeof first.next, 'string');
    const all = await history(DEV);
    // Every HISTORY step involving the dev account, plus the ZERO mint at deploy and setting dev.eth as primary name.
    const involving = HISTORY.filter((step) => (step.kind === 'airdrop' ? step.to.includes('dev') : step.from === 'dev' || step.to === 'dev'));
    assert.equal(all.length, involving.length + 2);
    assert.equal(new Set(all.map((tx) => tx.id)).size, all.length);
    const minedAt = all.map((tx) => Date.parse(tx.metadata.minedAt));
    assert.deepEqual(minedAt, [...minedAt].sort((a, b) => b - a), 'newest first');

    const spam = all.filter((tx) => tx.transfers.some((t: Json) => t.nft_info));
    assert.equal(spam.length, DEV_SPAM_TOKEN_IDS.length);
    for (const tx of spam) {
      assert.equal(tx.metadata.operationType, 'mint');
      assert.equal(tx.metadata.sentTo, getAddress(seeded.nfts[0]!.address));
      assert.equal(tx.transfers.length, 1, 'only the dev account\'s own token, not bob\'s');
      const [transfer] = tx.transfers;
      assert.equal(transfer.nft_info.flags.is_spam, true);
      assert.equal(transfer.direction, 'in');
      assert.deepEqual(transfer.quantity, { numeric: '1' });
      assert.match(transfer.nft_info.content.preview.url, /^data:image\/svg\+xml;base64,/);
      assert.equal('fungible_info' in transfer, false);
    }
    assert.deepEqual(spam.map((tx) => tx.transfers[0].nft_info.name).sort(), DEV_SPAM_TOKEN_IDS.map((id) => `Free Mint Prize #${id}`).sort());

    // The fungible steps, oldest first, as the dev account sees them.
    const fungible = [...all].reverse().filter((tx) => tx.transfers.some((t: Json) => t.fungible_info));
    const seen = fungible.map((tx) => tx.transfers.map((t: Json) => `${t.direction} ${t.quantity.numeric} ${t.fungible_info.symbol}`).join(', '));
    const symbolOf = { usd: 'LUSD', ltk: 'LTK' } as const;
    const expected = [
      `in ${DEV_BALANCES.ZERO} ZERO`,
      ...involving.flatMap((step) => (step.kind === 'airdrop' ? [] : [`${step.from === 'dev' ? 'out' : 'in'} ${step.amount} ${step.kind === 'eth' ? 'ETH' : symbolOf[step.token as 'usd' | 'ltk']}`])),
    ];
    assert.deepEqual(seen, expected);
    assert.equal(fungible[0]?.metadata.operationType, 'mint', 'ZERO was minted to the dev account at deploy');
    const lusd = fungible.find((tx) => tx.transfers[0].fungible_info.symbol === 'LUSD')!;
    assert.deepEqual(lusd.transfers[0].fungible_info.icon, { url: seeded.tokens.find((t) => t.symbol === 'LUSD')!.iconUrl });
    assert.equal(lusd.transfers[0].value, Number(lusd.transfers[0].quantity.numeric));

    const [setName, ...others] = all.filter((tx) => tx.transfers.length === 0);
    assert.equal(others.length, 0, 'one transaction without transfers: setting the primary name');
    assert.equal(setName?.metadata.operationType, 'execute');
    assert.equal(setName?.metadata.sentFrom, DEV);

    // Bob got spam token 2 in the same airdrop: his history has it, flagged too.
    const bob = await history(`0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC`);
    const bobSpam = bob.flatMap((tx) => tx.transfers).filter((t: Json) => t.nft_info);
    assert.deepEqual(bobSpam.map((t: Json) => [t.nft_info.name, t.nft_info.flags.is_spam]), [['Free Mint Prize #2', true]]);
    assert.equal(ROLES.bob, 2);
  });

  it('identity: account #0 is dev.eth with its avatar; an account without a name has none', async () => {
    const dev = seeded.ens.names.find((n) => n.name === 'dev.eth');
    assert.ok(dev?.avatar);
    assert.deepEqual(await get(`/v1/identity/${DEV}`, { sender: DEV }), { name: 'dev.eth', avatar: dev.avatar });
    assert.deepEqual(await get(`/v1/identity/${DEV.toLowerCase()}`), { name: 'dev.eth', avatar: dev.avatar });
    assert.deepEqual(await get(`/v1/identity/${NOBODY}`), { name: null, avatar: null });
  });

  it('profile: a name resolves to its address (coin type 60); an unknown name is a 404 with a reason', async () => {
    const alice = seeded.ens.names.find((n) => n.name === 'alice.eth')!;
    const body = await get('/v1/profile/account/alice.eth', { apiVersion: '2' });
    assert.equal(body.name, 'alice.eth');
    assert.equal((body.addresses as Record<string, { address: string }>)['60']!.address, alice.address);
    const res = await api.app.request(`/v1/profile/account/nobody.eth?${new URLSearchParams({ ...COMMON })}`);
    assert.equal(res.status, 404);
    assert.deepEqual(((await res.json()) as { reasons: unknown[] }).reasons, [{ name: 'name', description: 'nobody.eth is not registered' }]);
  });

  it('a swap through the Uniswap V2 router shows as a trade: ETH out, LTK in', async () => {
    const router = parseAbi(['function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])']);
    const data = encodeFunctionData({ abi: router, functionName: 'swapExactETHForTokens', args: [0n, [seeded.uniswapV2.weth, tokenAddress('LTK') as Hex], DEV, 2n ** 255n] });
    const { hash, blockNumber } = await send({ to: seeded.uniswapV2.router, value: parseEther('0.1'), data });
    await api.indexer.waitForBlock(31337, blockNumber);
    const [latest] = (await get(`/v1/account/${DEV}/history`, { chainId: CHAIN })).data;
    assert.equal(latest.metadata.hash, hash);
    assert.equal(latest.metadata.operationType, 'trade');
    assert.deepEqual(latest.transfers.map((t: Json) => [t.direction, t.fungible_info.symbol]), [['out', 'ETH'], ['in', 'LTK']]);
    assert.equal(latest.transfers[0].quantity.numeric, '0.1');
  });

  it('a token the index saw arrive (WETH, wrapped by the account) joins the balances', async () => {
    const { blockNumber } = await send({ to: seeded.uniswapV2.weth, value: parseEther('0.5'), data: '0xd0e30db0' });
    await api.indexer.waitForBlock(31337, blockNumber);
    const { balances } = await get(`/v1/account/${DEV}/balance`, { chainId: CHAIN });
    const weth = balances.find((b: Json) => b.address === `${CHAIN}:${getAddress(seeded.uniswapV2.weth)}`);
    assert.ok(weth, JSON.stringify(balances.map((b: Json) => b.symbol)));
    assert.equal(weth.symbol, 'WETH');
    assert.deepEqual(weth.quantity, { decimals: '18', numeric: '0.5' });
    near(weth.price, DESIGNED_PRICES_USD.ETH, 'WETH price');
    const [wrap] = (await get(`/v1/account/${DEV}/history`, { chainId: CHAIN })).data;
    assert.deepEqual(wrap.transfers.map((t: Json) => [t.direction, t.quantity.numeric, t.fungible_info.symbol]), [['out', '0.5', 'ETH'], ['in', '0.5', 'WETH']]);
  });
});
