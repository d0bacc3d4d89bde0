// The convert endpoints that build (build-approve, build-transaction) on a seeded anvil: approvals are exact,
// built swaps execute and deliver at least their minimum, and every error has its exact body.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { decodeFunctionData, encodeFunctionData, erc20Abi, getAddress, maxUint256, parseEther, parseUnits, type Address, type PublicClient } from 'viem';
import { STATIC_SWAP_GAS } from '../../server/api/convert/build.js';
import { routerAbi } from '../../server/api/convert/pools.js';
import { DEV, MOVER, NATIVE, NOBODY, argsOf, balanceOf, build, caip, error, get, plain, post, request, send, transfer, useConvertChain } from './convert-support.js';

describe('wallet API convert endpoints: build-approve and build-transaction', () => {
  const chain = useConvertChain();
  let client: PublicClient;
  let LUSD: Address;
  let LTK: Address;
  let router: Address;
  let weth: Address;
  before(() => {
    ({ client, LUSD, LTK, router, weth } = chain);
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
