// The convert endpoints that read (tokens, quotes, gas-price, allowance) on a seeded anvil with its Uniswap V2
// pools: quotes are the router's getAmountsOut over the best path, and every error has its exact body.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { encodeFunctionData, erc20Abi, getAddress, maxUint256, parseAbi, parseEther, parseUnits, type Address, type PublicClient } from 'viem';
import { createWalletApi } from '../../server/api/app.js';
import { NATIVE_ICON_URL } from '../../server/api/icons.js';
import { npmArtifact } from '../../server/chain/clients.js';
import type { SeededChain } from '../../server/chain/types.js';
import type { Anvil } from '../../devstack/anvil.js';
import { CHAIN, COMMON, DEV, NATIVE, NOBODY, SOL, SOL_USER, SOLANA, amountsOut, caip, error, get, post, request, reserveOf, send, useConvertChain, type Json } from './convert-support.js';

describe('wallet API convert endpoints: tokens, quotes, gas price, allowance', () => {
  const chain = useConvertChain();
  let anvil: Anvil;
  let seeded: SeededChain;
  let client: PublicClient;
  let LUSD: Address;
  let LTK: Address;
  let ZERO: Address;
  let router: Address;
  let weth: Address;
  before(() => {
    ({ anvil, seeded, client, LUSD, LTK, ZERO, router, weth } = chain);
  });

  it('tokens: ETH as 0xeeee…eeee, then the pools’ ERC-20 tokens with decimals and logos; no WETH, no pool-less ZERO', async () => {
    const { tokens } = await get('/v1/convert/tokens', { chainId: CHAIN });
    const token = (symbol: string) => seeded.tokens.find((t) => t.symbol === symbol)!;
    assert.deepEqual(tokens, [
      { name: 'Ether', symbol: 'ETH', address: NATIVE, decimals: 18, logoUri: NATIVE_ICON_URL, eip2612: false },
      { name: 'Local USD', symbol: 'LUSD', address: caip(LUSD), decimals: 6, logoUri: token('LUSD').iconUrl, eip2612: false },
      { name: 'Local Token', symbol: 'LTK', address: caip(LTK), decimals: 18, logoUri: token('LTK').iconUrl, eip2612: false },
    ]);
  });

  it('tokens: the address filter keeps one token', async () => {
    assert.deepEqual((await get('/v1/convert/tokens', { chainId: CHAIN, address: LTK.toLowerCase() })).tokens.map((t: Json) => t.symbol), ['LTK']);
    assert.deepEqual((await get('/v1/convert/tokens', { chainId: CHAIN, address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' })).tokens.map((t: Json) => t.symbol), ['ETH']);
    assert.deepEqual(await get('/v1/convert/tokens', { chainId: CHAIN, address: ZERO }), { tokens: [] });
  });

  it('tokens: an unsupported network has none; a missing or malformed chainId is a 400 naming it', async () => {
    assert.deepEqual(await get('/v1/convert/tokens', { chainId: 'eip155:1' }), { tokens: [] });
    assert.deepEqual(await get('/v1/convert/tokens', { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }), { tokens: [] });
    assert.deepEqual(await request('/v1/convert/tokens', {}), { status: 400, body: error('chainId', 'chainId is required') });
    assert.deepEqual(await request('/v1/convert/tokens', { chainId: '31337' }), { status: 400, body: error('chainId', 'chainId must be a CAIP-2 chain id such as eip155:1') });
  });

  it('quotes equal the router’s getAmountsOut over the best of the direct and via-WETH paths', async () => {
    const cases: [string, string, bigint, Address[][]][] = [
      [NATIVE, caip(LTK), parseEther('1'), [[weth, LTK]]],
      [caip(LUSD), NATIVE, parseUnits('500', 6), [[LUSD, weth]]],
      [caip(LUSD), caip(LTK), parseUnits('1000', 6), [[LUSD, LTK], [LUSD, weth, LTK]]],
      [caip(LTK), caip(LUSD), parseEther('40000'), [[LTK, LUSD], [LTK, weth, LUSD]]],
    ];
    for (const [from, to, amount, paths] of cases) {
      const outs = (await Promise.all(paths.map((path) => amountsOut(amount, path)))).filter((o): o is bigint => o !== undefined);
      const best = outs.reduce((a, b) => (b > a ? b : a));
      const body = await get('/v1/convert/quotes', { amount: amount.toString(), userAddress: DEV, from, to, gasPrice: '1000000000' });
      assert.deepEqual(body, { quotes: [{ id: null, fromAmount: amount.toString(), fromAccount: from, toAmount: best.toString(), toAccount: to }] }, `${from} → ${to}`);
    }
    // A big LTK → LUSD trade goes through WETH when the direct pool gives less: both paths were in play.
    const direct = (await amountsOut(parseEther('40000'), [LTK, LUSD]))!;
    const viaWeth = (await amountsOut(parseEther('40000'), [LTK, weth, LUSD]))!;
    assert.notEqual(direct, viaWeth);
  });

  it('quotes: the same token on both sides, a token the pools do not trade, bad amounts, mixed chains: 400s naming them', async () => {
    const q = (params: Record<string, string>) => request('/v1/convert/quotes', { amount: '1000000', userAddress: DEV, from: caip(LUSD), to: NATIVE, ...params });
    assert.deepEqual(await q({ to: caip(LUSD) }), { status: 400, body: error('to', 'from and to are the same token (LUSD): choose two different tokens') });
    assert.deepEqual(await q({ from: caip(ZERO) }), {
      status: 400,
      body: error('from', `${ZERO} is not a token the pools trade on ${CHAIN} (see /v1/convert/tokens)`),
    });
    assert.deepEqual(await q({ amount: '1.5' }), { status: 400, body: error('amount', 'amount must be a whole number of base units in decimal digits (no sign, point or exponent)') });
    assert.deepEqual(await q({ amount: '0' }), { status: 400, body: error('amount', 'amount must be greater than 0') });
    assert.deepEqual(await q({ amount: (2n ** 256n).toString() }), { status: 400, body: error('amount', 'amount must fit in 256 bits') });
    assert.deepEqual(await q({ to: `eip155:31338:${LTK}` }), { status: 400, body: error('from', '`from` and `to` chain IDs must have the same value') });
    assert.deepEqual(await q({ from: LUSD }), {
      status: 400,
      body: error('from', 'from must be a CAIP-10 id such as eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'),
    });
    assert.deepEqual(await request('/v1/convert/quotes', { amount: '1' }), {
      status: 400,
      body: { status: 'ERROR', reasons: [{ name: 'from', description: 'from is required' }, { name: 'to', description: 'to is required' }] },
    });
    // 1 base unit of LTK (1e-18 LTK) buys no LUSD at all.
    assert.deepEqual(await q({ amount: '1', from: caip(LTK), to: caip(LUSD) }), { status: 400, body: error('amount', 'amount is too small: 1 base units of LTK buy no LUSD') });
  });

  it('quotes: more than a pool holds answers the hosted "insufficient liquidity" 400, for the quote and the build', async () => {
    const { reserve: ethInPool } = await reserveOf(weth, LTK);
    const fits = await request('/v1/convert/quotes', { amount: ethInPool.toString(), from: NATIVE, to: caip(LTK) });
    assert.equal(fits.status, 200, 'exactly what the pool holds still fills');
    const tooMuch = (ethInPool + 1n).toString();
    const expected = error('amount', `insufficient liquidity: the pools from ETH to LTK on ${CHAIN} cannot fill ${tooMuch} base units`);
    assert.deepEqual(await request('/v1/convert/quotes', { amount: tooMuch, from: NATIVE, to: caip(LTK) }), { status: 400, body: expected });
    assert.deepEqual(await post({ projectId: 'p', eip155: { slippage: 1 }, amount: tooMuch, from: NATIVE, to: caip(LTK), userAddress: caip(DEV) }), { status: 400, body: expected });
  });

  it('quotes: a pool without liquidity answers the hosted "insufficient liquidity" 400', async () => {
    // A fresh 18-decimal token (a second WETH9) with an empty pool against LUSD, served by a second API instance.
    const deployed = await send(DEV, { data: npmArtifact('@uniswap/v2-periphery/build/WETH9.json').bytecode });
    const token = getAddress(deployed.contractAddress!);
    const factoryAbi = parseAbi(['function createPair(address, address) returns (address)', 'function getPair(address, address) view returns (address)']);
    const { factory } = seeded.uniswapV2;
    assert.equal((await send(DEV, { to: factory, data: encodeFunctionData({ abi: factoryAbi, functionName: 'createPair', args: [token, LUSD] }) })).status, 'success');
    const empty = await client.readContract({ address: factory, abi: factoryAbi, functionName: 'getPair', args: [token, LUSD] });
    const withEmpty = { ...seeded, uniswapV2: { ...seeded.uniswapV2, pairs: [...seeded.uniswapV2.pairs, empty] } };
    const other = await createWalletApi({ chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl, seeded: withEmpty }], dbPath: ':memory:' });
    try {
      const res = await other.app.request(`/v1/convert/quotes?${new URLSearchParams({ amount: '1000000', from: caip(LUSD), to: caip(token), ...COMMON })}`);
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), error('amount', `insufficient liquidity: the pools from LUSD to WETH on ${CHAIN} cannot fill 1000000 base units`));
    } finally {
      await other.close();
    }
  });

  it('an unsupported network (another EVM chain, or Solana) answers as the hosted service: no quotes, allowance 0, no swaps', async () => {
    const body = await get('/v1/convert/quotes', { amount: '1000', userAddress: DEV, from: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', to: `eip155:1:${LUSD}` });
    assert.deepEqual(body, { quotes: [] });
    assert.deepEqual(await get('/v1/convert/quotes', { amount: '1000', userAddress: SOL_USER, from: SOL, to: `${SOLANA}:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v` }), { quotes: [] });
    assert.deepEqual(await get('/v1/convert/allowance', { tokenAddress: SOL, userAddress: SOL_USER }), { allowance: '0' });
    assert.deepEqual(await request('/v1/convert/build-approve', { from: SOL, to: SOL, userAddress: SOL_USER }), { status: 400, body: error('from', 'Network not supported for Swaps') });
    assert.deepEqual(await post({ projectId: 'p', amount: '1', eip155: { slippage: 1 }, from: SOL, to: SOL, userAddress: SOL_USER }), {
      status: 400,
      body: error('from', 'Network not supported for Swaps'),
    });
    assert.deepEqual(await request('/v1/convert/quotes', { amount: '1', from: SOL, to: caip(LUSD) }), { status: 400, body: error('from', '`from` and `to` chain IDs must have the same value') });
    assert.deepEqual(await request('/v1/convert/quotes', { amount: '1', from: 'eip155:31337:nothex', to: caip(LUSD) }), {
      status: 400,
      body: error('from', 'from: an eip155 id must end in an EVM address'),
    });
  });

  it('gas-price: the chain’s eth_gasPrice, 1.25× and 1.5× of it; an unsupported network gets the docs/specification.md#errors message', async () => {
    const body = await get('/v1/convert/gas-price', { chainId: CHAIN });
    const price = await client.getGasPrice();
    assert.deepEqual(body, { standard: price.toString(), fast: ((price * 125n + 99n) / 100n).toString(), instant: ((price * 150n + 99n) / 100n).toString() });
    assert.deepEqual(await request('/v1/convert/gas-price', { chainId: 'eip155:1' }), { status: 400, body: error('chainId', 'Network not supported for Gas Price') });
    assert.deepEqual(await request('/v1/convert/gas-price', { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }), {
      status: 400,
      body: error('chainId', 'Network not supported for Gas Price'),
    });
    assert.deepEqual(await request('/v1/convert/gas-price', {}), { status: 400, body: error('chainId', 'chainId is required') });
  });

  it('allowance: the router’s ERC-20 allowance; native ETH needs none; unsupported network 0; bad ids 400', async () => {
    const onChain = await client.readContract({ address: LTK, abi: erc20Abi, functionName: 'allowance', args: [NOBODY, router] });
    assert.deepEqual(await get('/v1/convert/allowance', { tokenAddress: caip(LTK), userAddress: caip(NOBODY) }), { allowance: onChain.toString() });
    assert.deepEqual(await get('/v1/convert/allowance', { tokenAddress: NATIVE, userAddress: caip(DEV) }), { allowance: maxUint256.toString() });
    assert.deepEqual(await get('/v1/convert/allowance', { tokenAddress: `eip155:1:${LTK}`, userAddress: `eip155:1:${DEV}` }), { allowance: '0' });
    assert.deepEqual(await request('/v1/convert/allowance', { tokenAddress: caip(NOBODY), userAddress: caip(DEV) }), {
      status: 400,
      body: error('tokenAddress', `${NOBODY} is not an ERC-20 token on ${CHAIN}`),
    });
    assert.deepEqual(await request('/v1/convert/allowance', { tokenAddress: caip(LTK), userAddress: `eip155:31338:${DEV}` }), {
      status: 400,
      body: error('tokenAddress', '`tokenAddress` and `userAddress` chain IDs must have the same value'),
    });
    assert.deepEqual(await request('/v1/convert/allowance', { tokenAddress: caip(LTK), userAddress: 'nobody' }), {
      status: 400,
      body: error('userAddress', 'userAddress must be an EVM address or a CAIP-10 account id'),
    });
  });

  it('the widget on another origin may call them: GETs with Content-Type and the JSON POST pass the CORS preflight', async () => {
    for (const [method, path] of [['GET', '/v1/convert/quotes'], ['POST', '/v1/convert/build-transaction']]) {
      const res = await chain.api.app.request(path!, {
        method: 'OPTIONS',
        headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': method!, 'Access-Control-Request-Headers': 'content-type' },
      });
      assert.equal(res.status, 204, path);
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.match(res.headers.get('access-control-allow-methods') ?? '', new RegExp(method!));
      assert.match(res.headers.get('access-control-allow-headers') ?? '', /content-type/i);
    }
  });
});
