// The convert (swap) endpoints of the wallet data API (hosted-api.md §1.1 rows 5–10) on a seeded anvil with
// its Uniswap V2 pools: quotes are the router's getAmountsOut, built transactions execute and deliver at
// least their minimum, approvals are exact, and every error has its exact body.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPublicClient, decodeFunctionData, encodeFunctionData, erc20Abi, getAddress, http, maxUint256, parseAbi, parseEther, parseUnits, type Address, type Hex, type PublicClient } from 'viem';
import { startAnvil, type Anvil } from '../../server/anvil.js';
import { createWalletApi, type WalletApi } from '../../server/api/app.js';
import { routerAbi } from '../../server/api/convert/pools.js';
import { STATIC_SWAP_GAS } from '../../server/api/convert/build.js';
import { NATIVE_ICON_URL } from '../../server/api/icons.js';
import { npmArtifact } from '../../server/chain/clients.js';
import { seedLocalChain } from '../../server/chain/seed.js';
import type { SeededChain } from '../../server/chain/types.js';
import { rpcCall } from '../../server/json-rpc.js';

const COMMON = { projectId: 'test-project', st: 'appkit', sv: 'html-wagmi-test' };
const DEV = getAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
/** Account #4: nothing in the seed touches it (10000 ETH, no tokens). */
const NOBODY = getAddress('0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65');
/** Account #5: moves the price between a quote and its swap. */
const MOVER = getAddress('0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc');
const CHAIN = 'eip155:31337';
const NATIVE = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`;
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const SOL = `${SOLANA}:So11111111111111111111111111111111111111111`;
const SOL_USER = `${SOLANA}:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM`;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const error = (name: string, description: string) => ({ status: 'ERROR', reasons: [{ name, description }] });
/** The router call's arguments, loosely typed for destructuring. */
const argsOf = (data: Hex): readonly any[] => decodeFunctionData({ abi: routerAbi, data }).args; // eslint-disable-line @typescript-eslint/no-explicit-any
const transfer = (to: Address, amount: bigint): Hex => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });

describe('wallet API convert endpoints on a seeded chain', () => {
  let anvil: Anvil;
  let seeded: SeededChain;
  let api: WalletApi;
  let client: PublicClient;
  let LUSD: Address;
  let LTK: Address;
  let ZERO: Address;
  let router: Address;
  let weth: Address;

  const request = async (path: string, params: Record<string, string>): Promise<{ status: number; body: Json }> => {
    const res = await api.app.request(`${path}?${new URLSearchParams({ ...params, ...COMMON })}`);
    return { status: res.status, body: (await res.json()) as Json };
  };
  const get = async (path: string, params: Record<string, string>): Promise<Json> => {
    const { status, body } = await request(path, params);
    assert.equal(status, 200, `${path}: ${status} ${JSON.stringify(body)}`);
    return body;
  };
  const post = async (body: unknown): Promise<{ status: number; body: Json }> => {
    const res = await api.app.request('/v1/convert/build-transaction', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const build = async (body: Json): Promise<Json> => {
    const res = await post({ projectId: 'test-project', eip155: { slippage: 1 }, ...body });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body;
  };
  /** Sends from an unlocked anvil account; returns the receipt (status checked by the caller). */
  const send = async (from: Address, tx: { to?: string; data?: Hex; value?: bigint; gas?: bigint }) => {
    const hex = (n: bigint) => `0x${n.toString(16)}`;
    const hash = await rpcCall<Hex>(anvil.rpcUrl, 'eth_sendTransaction', [
      { from, to: tx.to, data: tx.data, value: hex(tx.value ?? 0n), ...(tx.gas !== undefined && { gas: hex(tx.gas) }) },
    ]);
    return client.waitForTransactionReceipt({ hash });
  };
  const plain = (caip10: string): Address => getAddress(caip10.slice(caip10.lastIndexOf(':') + 1));
  const caip = (address: Address) => `${CHAIN}:${address}`;
  const balanceOf = (token: Address, who: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
  const amountsOut = async (amount: bigint, path: Address[]): Promise<bigint | undefined> => {
    try {
      const amounts = await client.readContract({ address: router, abi: routerAbi, functionName: 'getAmountsOut', args: [amount, path] });
      return amounts[amounts.length - 1];
    } catch {
      return undefined;
    }
  };

  before(async () => {
    anvil = await startAnvil({ chainId: 31337 });
    seeded = await seedLocalChain(anvil.rpcUrl, 31337, { log: () => undefined });
    api = await createWalletApi({ chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl, seeded }], dbPath: ':memory:' });
    client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
    const bySymbol = (symbol: string) => seeded.tokens.find((t) => t.symbol === symbol)!.address;
    [LUSD, LTK, ZERO] = [bySymbol('LUSD'), bySymbol('LTK'), bySymbol('ZERO')];
    ({ router, weth } = seeded.uniswapV2);
  });
  after(async () => {
    await api?.close();
    await anvil?.stop();
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
      assert.deepEqual(await res.json(), error('to', `insufficient liquidity: no pool path from LUSD to WETH on ${CHAIN}`));
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

  it('gas-price: the chain’s eth_gasPrice, 1.25× and 1.5× of it; an unsupported network gets the SPEC §8 message', async () => {
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

  it('build-approve: approve(router, amount) on the from token, exactly the amount; without one, the user’s balance', async () => {
    const amount = parseUnits('123.456789', 6);
    const { tx } = await get('/v1/convert/build-approve', { userAddress: caip(DEV), from: caip(LUSD), to: NATIVE, amount: amount.toString() });
    assert.equal(tx.from, caip(LUSD), 'the reference client sends the approval to tx.from');
    assert.equal(tx.to, caip(LUSD));
    assert.equal(tx.value, '0');
    assert.equal(typeof tx.eip155.gas, 'number');
    assert.equal(tx.eip155.gasPrice, (await client.getGasPrice()).toString());
    assert.deepEqual(decodeFunctionData({ abi: erc20Abi, data: tx.data }), { functionName: 'approve', args: [router, amount] });

    const before = await get('/v1/convert/allowance', { tokenAddress: caip(LUSD), userAddress: caip(DEV) });
    assert.equal(before.allowance, '0');
    const receipt = await send(DEV, { to: plain(tx.from), data: tx.data, gas: BigInt(tx.eip155.gas) });
    assert.equal(receipt.status, 'success');
    assert.ok(receipt.gasUsed <= BigInt(tx.eip155.gas));
    assert.deepEqual(await get('/v1/convert/allowance', { tokenAddress: caip(LUSD), userAddress: caip(DEV) }), { allowance: amount.toString() });

    const whole = await get('/v1/convert/build-approve', { userAddress: caip(DEV), from: caip(LTK), to: caip(LUSD) });
    assert.deepEqual(decodeFunctionData({ abi: erc20Abi, data: whole.tx.data }).args, [router, await balanceOf(LTK, DEV)]);
  });

  it('build-approve: native ETH, no amount and no user, an empty balance, an unsupported network: exact 400s', async () => {
    const a = (params: Record<string, string>) => request('/v1/convert/build-approve', { userAddress: caip(DEV), from: caip(LUSD), to: NATIVE, ...params });
    assert.deepEqual(await a({ from: NATIVE, to: caip(LUSD) }), { status: 400, body: error('from', 'ETH is the native currency: swapping it needs no approval') });
    assert.deepEqual(await request('/v1/convert/build-approve', { from: caip(LUSD), to: NATIVE }), {
      status: 400,
      body: error('amount', 'amount is required when userAddress is not given'),
    });
    assert.deepEqual(await a({ userAddress: caip(NOBODY) }), { status: 400, body: error('userAddress', `${NOBODY} holds no LUSD to approve`) });
    assert.deepEqual(await a({ from: `eip155:1:${LUSD}`, to: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', userAddress: `eip155:1:${DEV}` }), {
      status: 400,
      body: error('from', 'Network not supported for Swaps'),
    });
    assert.deepEqual(await a({ amount: '-1' }), { status: 400, body: error('amount', 'amount must be a whole number of base units in decimal digits (no sign, point or exponent)') });
  });

  it('build-transaction ETH → LTK: swapExactETHForTokens with the 1 % bound, executes and delivers the quote', async () => {
    const amount = parseEther('0.5');
    const { quotes } = await get('/v1/convert/quotes', { amount: amount.toString(), userAddress: DEV, from: NATIVE, to: caip(LTK) });
    const quoted = BigInt(quotes[0].toAmount);
    const { tx } = await build({ amount: amount.toString(), from: NATIVE, to: caip(LTK), userAddress: caip(DEV) });
    assert.equal(tx.from, caip(DEV));
    assert.equal(tx.to, caip(router));
    assert.equal(tx.amount, quoted.toString());
    const block = await client.getBlock();
    const call = decodeFunctionData({ abi: routerAbi, data: tx.data });
    assert.equal(call.functionName, 'swapExactETHForTokens');
    const [amountOutMin, path, recipient, deadline] = call.args as [bigint, Address[], Address, bigint];
    assert.equal(amountOutMin, (quoted * 9_900n) / 10_000n);
    assert.deepEqual(path, [weth, LTK]);
    assert.equal(recipient, DEV);
    assert.equal(deadline, block.timestamp + 1200n);

    const ltkBefore = await balanceOf(LTK, DEV);
    const receipt = await send(DEV, { to: plain(tx.to), data: tx.data, value: amount, gas: BigInt(tx.eip155.gas) });
    assert.equal(receipt.status, 'success');
    const received = (await balanceOf(LTK, DEV)) - ltkBefore;
    assert.equal(received, quoted, 'nothing moved the pool in between: exactly the quote');
    assert.ok(received >= amountOutMin);
  });

  it('build-transaction LUSD → ETH: refused before the approval, then approve and swap deliver at least the minimum', async () => {
    const amount = parseUnits('300', 6);
    const body = { amount: amount.toString(), from: caip(LUSD), to: NATIVE, userAddress: caip(DEV) };
    const allowance = (await get('/v1/convert/allowance', { tokenAddress: caip(LUSD), userAddress: caip(DEV) })).allowance;
    assert.deepEqual(await post({ projectId: 'p', eip155: { slippage: 1 }, ...body }), {
      status: 400,
      body: error('amount', `Not enough allowance. Amount: ${amount}. Allowance: ${allowance}. Approve the router first (/v1/convert/build-approve).`),
    });

    const approve = await get('/v1/convert/build-approve', { userAddress: caip(DEV), from: caip(LUSD), to: NATIVE, amount: amount.toString() });
    assert.equal((await send(DEV, { to: plain(approve.tx.from), data: approve.tx.data, gas: BigInt(approve.tx.eip155.gas) })).status, 'success');
    assert.deepEqual(await get('/v1/convert/allowance', { tokenAddress: caip(LUSD), userAddress: caip(DEV) }), { allowance: amount.toString() });

    const { tx } = await build({ ...body, eip155: { slippage: 0.5 } });
    const call = decodeFunctionData({ abi: routerAbi, data: tx.data });
    assert.equal(call.functionName, 'swapExactTokensForETH');
    const [amountIn, amountOutMin, path, recipient] = call.args as [bigint, bigint, Address[], Address, bigint];
    assert.deepEqual([amountIn, amountOutMin, path, recipient], [amount, (BigInt(tx.amount) * 9_950n) / 10_000n, [LUSD, weth], DEV]);

    const [ethBefore, lusdBefore] = [await client.getBalance({ address: DEV }), await balanceOf(LUSD, DEV)];
    const receipt = await send(DEV, { to: plain(tx.to), data: tx.data, gas: BigInt(tx.eip155.gas) });
    assert.equal(receipt.status, 'success');
    const gasCost = receipt.gasUsed * receipt.effectiveGasPrice;
    const ethGained = (await client.getBalance({ address: DEV })) - ethBefore + gasCost;
    assert.equal(ethGained, BigInt(tx.amount));
    assert.ok(ethGained >= amountOutMin);
    assert.equal(lusdBefore - (await balanceOf(LUSD, DEV)), amount);
    assert.ok(receipt.gasUsed <= BigInt(tx.eip155.gas), 'the estimate (plus 10 %) covers the swap');
  });

  it('build-transaction: the bound holds when the price moves: within slippage it delivers the minimum or more, past it the router reverts', async () => {
    const amount = parseEther('1');
    const body = { amount: amount.toString(), from: NATIVE, to: caip(LTK), userAddress: caip(DEV) };
    const moveEthToLtk = async (eth: string) => {
      const { tx } = await build({ amount: parseEther(eth).toString(), from: NATIVE, to: caip(LTK), userAddress: caip(MOVER) });
      assert.equal((await send(MOVER, { to: plain(tx.to), data: tx.data, value: parseEther(eth), gas: BigInt(tx.eip155.gas) })).status, 'success');
    };

    // A small move (0.1 ETH ahead of us in a 100 ETH pool, ~0.2 %): within 1 %.
    const within = await build({ ...body, eip155: { slippage: 1 } });
    const minWithin = argsOf(within.tx.data)[0] as bigint;
    await moveEthToLtk('0.1');
    const before = await balanceOf(LTK, DEV);
    const ok = await send(DEV, { to: plain(within.tx.to), data: within.tx.data, value: amount, gas: BigInt(within.tx.eip155.gas) });
    assert.equal(ok.status, 'success');
    const got = (await balanceOf(LTK, DEV)) - before;
    assert.ok(got >= minWithin && got < BigInt(within.tx.amount), `${got} between the minimum ${minWithin} and the stale quote ${within.tx.amount}`);

    // A big move (5 ETH ahead, ~10 %): past 1 %, so the swap reverts and nothing is spent but gas.
    const past = await build({ ...body, eip155: { slippage: 1 }, disableEstimate: true });
    await moveEthToLtk('5');
    const ltkBefore = await balanceOf(LTK, DEV);
    const failed = await send(DEV, { to: plain(past.tx.to), data: past.tx.data, value: amount, gas: BigInt(past.tx.eip155.gas) });
    assert.equal(failed.status, 'reverted');
    assert.equal(await balanceOf(LTK, DEV), ltkBefore);
  });

  it('build-transaction with disableEstimate: a static gas limit per hop that covers the swap, two hops included', async () => {
    // LUSD → LTK for a fresh holder (first-time LTK balance slot): whichever path wins, the static limit holds.
    const amount = parseUnits('50', 6);
    assert.equal((await send(DEV, { to: LUSD, data: transfer(NOBODY, amount) })).status, 'success');
    const approve = await get('/v1/convert/build-approve', { userAddress: caip(NOBODY), from: caip(LUSD), to: caip(LTK), amount: amount.toString() });
    assert.equal((await send(NOBODY, { to: plain(approve.tx.from), data: approve.tx.data })).status, 'success');
    const { tx } = await build({ amount: amount.toString(), from: caip(LUSD), to: caip(LTK), userAddress: caip(NOBODY), disableEstimate: true });
    const [, , path] = argsOf(tx.data);
    assert.equal(tx.eip155.gas, STATIC_SWAP_GAS(path.length - 1).toString());
    const receipt = await send(NOBODY, { to: plain(tx.to), data: tx.data, gas: BigInt(tx.eip155.gas) });
    assert.equal(receipt.status, 'success');
    assert.ok(receipt.gasUsed < BigInt(tx.eip155.gas), `${receipt.gasUsed} < ${tx.eip155.gas}`);
    assert.ok((await balanceOf(LTK, NOBODY)) >= (argsOf(tx.data)[1] as bigint));

    // The two-hop path (LUSD → WETH → LTK) to a holder with no LTK yet (the dearest case) stays under its limit too.
    const fresh = getAddress('0x976EA74026E726554dB657fA54763abd0C3a0aa9'); // account #6
    const approveOne = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, parseUnits('1', 6)] });
    assert.equal((await send(DEV, { to: LUSD, data: approveOne })).status, 'success');
    const viaWeth = await client.estimateGas({
      account: DEV,
      to: router,
      data: encodeFunctionData({ abi: routerAbi, functionName: 'swapExactTokensForTokens', args: [parseUnits('1', 6), 0n, [LUSD, weth, LTK], fresh, maxUint256] }),
    });
    assert.ok(viaWeth < STATIC_SWAP_GAS(2), `${viaWeth} < ${STATIC_SWAP_GAS(2)}`);
  });

  it('build-transaction: exact 400s for a bad body, no slippage, slippage out of range, an unknown project-less body, too little balance, an unsupported network', async () => {
    const base = { projectId: 'p', amount: '1000000', from: caip(LUSD), to: NATIVE, userAddress: caip(NOBODY), eip155: { slippage: 1 } };
    assert.deepEqual(await post('{not json'), {
      status: 400,
      body: error('body', 'body must be JSON: { amount, eip155: { slippage }, projectId, from, to, userAddress, disableEstimate }'),
    });
    const { eip155: _slippage, ...noSlippage } = base;
    assert.deepEqual(await post(noSlippage), {
      status: 400,
      body: error('eip155', 'eip155.slippage is required: slippage parameter is necessary for this type of conversion'),
    });
    assert.deepEqual(await post({ ...base, eip155: { slippage: 60 } }), { status: 400, body: error('eip155', 'eip155.slippage must be between 0 and 50 (percent)') });
    const { projectId: _project, ...noProject } = base;
    assert.deepEqual(await post(noProject), { status: 400, body: error('projectId', 'projectId is required') });
    assert.deepEqual(await post({ ...base, amount: '9000000000' }), {
      status: 400,
      body: error('amount', `Not enough LUSD balance. Amount: 9000000000. Balance: ${await balanceOf(LUSD, NOBODY)}.`),
    });
    assert.deepEqual(await post({ ...base, from: `eip155:1:${LUSD}`, to: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', userAddress: `eip155:1:${NOBODY}` }), {
      status: 400,
      body: error('from', 'Network not supported for Swaps'),
    });
    assert.deepEqual(await post({ ...base, userAddress: `eip155:31338:${NOBODY}` }), {
      status: 400,
      body: error('from', '`from`, `to` and `userAddress` chain IDs must have the same value'),
    });
    assert.deepEqual(await post({ ...base, to: caip(LUSD) }), { status: 400, body: error('to', 'from and to are the same token (LUSD): choose two different tokens') });
  });
});
