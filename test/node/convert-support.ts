// What the convert endpoint suites (test/node/convert-*.test.ts) share: one seeded anvil with the wallet data
// API over it per suite, the accounts they use, and request/send helpers.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { createPublicClient, decodeFunctionData, encodeFunctionData, erc20Abi, getAddress, http, parseAbi, type Address, type Hex, type PublicClient } from 'viem';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { createWalletApi, type WalletApi } from '../../server/api/app.js';
import { routerAbi } from '../../server/api/convert/pools.js';
import { seedLocalChain } from '../../devstack/chain/seed.js';
import type { SeededChain } from '../../server/chain/types.js';
import { rpcCall } from '../../server/json-rpc.js';

export const COMMON = { projectId: 'test-project', st: 'appkit', sv: 'html-wagmi-test' };
export const DEV = getAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
/** Account #4: nothing in the seed touches it (10000 ETH, no tokens). */
export const NOBODY = getAddress('0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65');
/** Account #5: moves the price between a quote and its swap. */
export const MOVER = getAddress('0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc');
export const CHAIN = 'eip155:31337';
export const NATIVE = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`;
export const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
export const SOL = `${SOLANA}:So11111111111111111111111111111111111111111`;
export const SOL_USER = `${SOLANA}:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM`;

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const error = (name: string, description: string) => ({ status: 'ERROR', reasons: [{ name, description }] });
/** The router call's arguments, loosely typed for destructuring. */
export const argsOf = (data: Hex): readonly any[] => decodeFunctionData({ abi: routerAbi, data }).args; // eslint-disable-line @typescript-eslint/no-explicit-any
export const transfer = (to: Address, amount: bigint): Hex => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });

export interface ConvertChain {
  anvil: Anvil;
  seeded: SeededChain;
  api: WalletApi;
  client: PublicClient;
  LUSD: Address;
  LTK: Address;
  ZERO: Address;
  router: Address;
  weth: Address;
}

let current: ConvertChain | undefined;
const s = (): ConvertChain => {
  if (!current) throw new Error('useConvertChain() has not started its chain yet');
  return current;
};

/** Starts a seeded anvil and the API over it before the suite's tests, stops both after; fills `chain`. */
export function useConvertChain(): ConvertChain {
  const chain = {} as ConvertChain;
  before(async () => {
    const anvil = await startAnvil({ chainId: 31337 });
    const seeded = await seedLocalChain(anvil.rpcUrl, 31337, { log: () => undefined });
    const api = await createWalletApi({ chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl, seeded }], dbPath: ':memory:' });
    const client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
    const bySymbol = (symbol: string) => seeded.tokens.find((t) => t.symbol === symbol)!.address;
    Object.assign(chain, { anvil, seeded, api, client, LUSD: bySymbol('LUSD'), LTK: bySymbol('LTK'), ZERO: bySymbol('ZERO'), ...seeded.uniswapV2 });
    current = chain;
  });
  after(async () => {
    current = undefined;
    await chain.api?.close();
    await chain.anvil?.stop();
  });
  return chain;
}

export const request = async (path: string, params: Record<string, string>): Promise<{ status: number; body: Json }> => {
  const res = await s().api.app.request(`${path}?${new URLSearchParams({ ...params, ...COMMON })}`);
  return { status: res.status, body: (await res.json()) as Json };
};
export const get = async (path: string, params: Record<string, string>): Promise<Json> => {
  const { status, body } = await request(path, params);
  assert.equal(status, 200, `${path}: ${status} ${JSON.stringify(body)}`);
  return body;
};
export const post = async (body: unknown): Promise<{ status: number; body: Json }> => {
  const res = await s().api.app.request('/v1/convert/build-transaction', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
};
export const build = async (body: Json): Promise<Json> => {
  const res = await post({ projectId: 'test-project', eip155: { slippage: 1 }, ...body });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
};
/** Sends from an unlocked anvil account; returns the receipt (status checked by the caller). */
export const send = async (from: Address, tx: { to?: string; data?: Hex; value?: bigint; gas?: bigint }) => {
  const hex = (n: bigint) => `0x${n.toString(16)}`;
  const hash = await rpcCall<Hex>(s().anvil.rpcUrl, 'eth_sendTransaction', [
    { from, to: tx.to, data: tx.data, value: hex(tx.value ?? 0n), ...(tx.gas !== undefined && { gas: hex(tx.gas) }) },
  ]);
  return s().client.waitForTransactionReceipt({ hash });
};
export const plain = (caip10: string): Address => getAddress(caip10.slice(caip10.lastIndexOf(':') + 1));
export const caip = (address: Address) => `${CHAIN}:${address}`;
export const balanceOf = (token: Address, who: Address) => s().client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
export const amountsOut = async (amount: bigint, path: Address[]): Promise<bigint | undefined> => {
  try {
    const amounts = await s().client.readContract({ address: s().router, abi: routerAbi, functionName: 'getAmountsOut', args: [amount, path] });
    return amounts[amounts.length - 1];
  } catch {
    return undefined;
  }
};

/** The pool of a and b, and how much of a it holds. */
export const reserveOf = async (a: Address, b: Address): Promise<{ pair: Address; reserve: bigint }> => {
  const abi = parseAbi(['function getPair(address, address) view returns (address)', 'function getReserves() view returns (uint112, uint112, uint32)']);
  const pair = await s().client.readContract({ address: s().seeded.uniswapV2.factory, abi, functionName: 'getPair', args: [a, b] });
  const [r0, r1] = await s().client.readContract({ address: pair, abi, functionName: 'getReserves' });
  return { pair, reserve: a.toLowerCase() < b.toLowerCase() ? r0 : r1 };
};

