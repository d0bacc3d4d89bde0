/**
 * The "Swap" section of `npm run bench`: against the real local stack (devstack/stack.ts), the latency of the
 * wallet data API's convert endpoints from Node — a quote over one pool (ETH → LTK), a quote that weighs the
 * direct and the via-WETH path (LUSD → LTK), the token list, a built swap transaction and an on-ramp quote — each as the median
 * and p90 of sequential calls after a warm-up.
 */
import { parseEther, parseUnits } from 'viem';
import type { Stack } from '../devstack/stack.js';
import { withStack } from './demo-page.js';
import { ms, percentile, type Stats, stats, table } from './format.js';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CHAIN = 'eip155:31337';
const NATIVE = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`;
const COMMON = { projectId: 'bench', st: 'bench', sv: 'bench' };
const WARMUP = 5;
/** The brief asks for at least 50 calls per figure. */
export const SWAP_API_CALLS = 60;

export interface SwapLatency extends Stats {
  label: string;
  p90: number;
}

export interface SwapFigures {
  calls: number;
  api: SwapLatency[];
}

/** `WARMUP` calls, then `SWAP_API_CALLS` sequential timed ones (headers and body); any non-2xx stops the bench. */
async function timeCalls(label: string, call: () => Promise<Response>): Promise<SwapLatency> {
  const once = async () => {
    const start = performance.now();
    const response = await call();
    const body = await response.text();
    const elapsed = performance.now() - start;
    if (!response.ok) throw new Error(`${label} answered ${response.status}: ${body.slice(0, 300)}`);
    return elapsed;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < SWAP_API_CALLS; i++) times.push(await once());
  return { label, ...stats(times), p90: percentile(times, 90) };
}

async function tokenAddress(stack: Stack, symbol: string): Promise<string> {
  const url = new URL(`v1/convert/tokens?${new URLSearchParams({ chainId: CHAIN, ...COMMON })}`, stack.apiUrl);
  const { tokens } = (await (await fetch(url)).json()) as { tokens: { symbol: string; address: string }[] };
  const token = tokens.find((t) => t.symbol === symbol);
  if (!token) throw new Error(`/v1/convert/tokens has no ${symbol}`);
  return token.address;
}

/** Measures the convert endpoints on a running stack and prints the table. */
export async function measureSwapApi(stack: Stack): Promise<SwapFigures> {
  const [ltk, lusd] = [await tokenAddress(stack, 'LTK'), await tokenAddress(stack, 'LUSD')];
  const get = (path: string, params: Record<string, string>) => () => fetch(new URL(`${path}?${new URLSearchParams({ ...params, ...COMMON })}`, stack.apiUrl));
  const api = [
    await timeCalls('quote ETH → LTK (one pool)', get('v1/convert/quotes', { amount: parseEther('1').toString(), userAddress: ACCOUNT, from: NATIVE, to: ltk })),
    await timeCalls('quote LUSD → LTK (direct vs via WETH)', get('v1/convert/quotes', { amount: parseUnits('100', 6).toString(), userAddress: ACCOUNT, from: lusd, to: ltk })),
    await timeCalls('tokens', get('v1/convert/tokens', { chainId: CHAIN })),
    await timeCalls('build-transaction ETH → LTK (with eth_estimateGas)', () =>
      fetch(new URL('v1/convert/build-transaction', stack.apiUrl), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ projectId: 'bench', amount: parseEther('1').toString(), eip155: { slippage: 1 }, from: NATIVE, to: ltk, userAddress: `${CHAIN}:${ACCOUNT}` }),
      }),
    ),
    // Buy with card: the API forwards the quote to the sandbox provider, which prices it with the API's prices.
    await timeCalls('on-ramp quote 100 USD → ETH (API → sandbox provider)', () =>
      fetch(new URL(`v1/onramp/quote?${new URLSearchParams(COMMON)}`, stack.apiUrl), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'local-31337' }),
      }),
    ),
  ];
  console.log(`\nSwap and on-ramp API (local stack; ${SWAP_API_CALLS} sequential calls after ${WARMUP} warm-up)\n`);
  console.log(table(['metric', 'median', 'p90', 'min', 'max'], api.map((a) => [`API ${a.label}`, ms(a.median), ms(a.p90), ms(a.min), ms(a.max)])));
  return { calls: SWAP_API_CALLS, api };
}

/** Starts the stack, measures, stops it (also on error). */
export function swapSection(): Promise<SwapFigures> {
  return withStack('anvil ×2, seed, wallet data API, demo server', {}, (stack) => measureSwapApi(stack));
}
