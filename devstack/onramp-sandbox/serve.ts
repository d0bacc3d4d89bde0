import { listen } from '../../server/listen.js';
import type { SeededChain } from '../../server/chain/types.js';
import type { SeededSolana } from '../../server/solana/types.js';
import { createSandboxApp } from './app.js';
import type { SandboxAsset } from './catalog.js';
import { createPayout } from './payout.js';
import type { ExactPrice } from './quote.js';

export interface OnRampSandboxOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** The seeded EVM chains: ETH and LUSD are sold on each. */
  evm: readonly { chainId: number; rpcUrl: string; seeded: SeededChain | undefined }[];
  /** The local Solana chain: SOL and USDS are sold on it. */
  solana?: { chainId: string; rpcUrl: string; wsUrl: string; seeded: SeededSolana | undefined };
  /** The wallet data API whose `/v1/fungible/price` prices the assets (read at quote time). */
  priceApiUrl: () => string;
}

export interface OnRampSandbox {
  /** The provider's origin, e.g. http://127.0.0.1:8550/ (payment pages at pay/<order>). */
  url: string;
  assets: readonly SandboxAsset[];
  stop(): Promise<void>;
}

/** What the sandbox sells on the stack's chains. */
export function sandboxAssets({ evm, solana }: Pick<OnRampSandboxOptions, 'evm' | 'solana'>): SandboxAsset[] {
  const assets: SandboxAsset[] = [];
  for (const { chainId, seeded } of evm) {
    const network = `local-${chainId}`;
    const displayName = `Localhost ${chainId}`;
    assets.push({ symbol: 'ETH', name: 'Ether', decimals: 18, chainId: `eip155:${chainId}`, token: undefined, network, displayName });
    const usd = seeded?.tokens.find((token) => token.address === seeded.usdToken);
    if (usd) assets.push({ symbol: usd.symbol, name: usd.name, decimals: usd.decimals, chainId: `eip155:${chainId}`, token: usd.address, network, displayName });
  }
  if (solana) {
    const base = { chainId: solana.chainId, network: 'solana-local', displayName: 'Solana Local' };
    assets.push({ symbol: 'SOL', name: 'Solana', decimals: 9, token: undefined, ...base });
    const usd = solana.seeded?.tokens.find((token) => token.mint === solana.seeded?.usdToken);
    if (usd) assets.push({ symbol: usd.symbol, name: usd.name, decimals: usd.decimals, token: usd.mint, ...base });
  }
  return assets;
}

/** A JSON number as the exact decimal fraction it prints as. */
export function exactOf(value: number): ExactPrice {
  const [digits = '0', exponent = '0'] = value.toExponential().split('e');
  const [whole = '0', fraction = ''] = digits.split('.');
  const power = Number(exponent) - fraction.length;
  const n = BigInt(`${whole}${fraction}`);
  return power >= 0 ? { n: n * 10n ** BigInt(power), d: 1n } : { n, d: 10n ** BigInt(-power) };
}

/** Prices from the wallet data API, as the hosted service's price endpoint answers them. */
export function apiPrices(apiUrl: () => string): (asset: SandboxAsset) => Promise<ExactPrice> {
  return async (asset) => {
    const native = asset.chainId.startsWith('solana:') ? 'So11111111111111111111111111111111111111111' : '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
    const id = `${asset.chainId}:${asset.token ?? native}`;
    const response = await fetch(new URL('v1/fungible/price', apiUrl()), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ currency: 'usd', addresses: [id], projectId: 'onramp-sandbox' }),
    });
    if (!response.ok) throw new Error(`price lookup for ${id}: HTTP ${response.status}`);
    const { fungibles } = (await response.json()) as { fungibles: { address: string; price: number }[] };
    const price = fungibles.find((f) => f.address.toLowerCase() === id.toLowerCase())?.price;
    return exactOf(price ?? 0);
  };
}

/** Starts the sandbox provider on its own origin (not the demo page's). */
export async function startOnRampSandbox({ host = '127.0.0.1', port = 0, evm, solana, priceApiUrl }: OnRampSandboxOptions): Promise<OnRampSandbox> {
  const assets = sandboxAssets({ evm, solana });
  let url = '';
  const { app } = createSandboxApp({
    assets,
    prices: apiPrices(priceApiUrl),
    payout: createPayout({ evm, ...(solana ? { solana } : {}) }),
    baseUrl: () => url,
  });
  const server = await listen(app.fetch, { host, port, service: 'on-ramp sandbox', hostCheck: {} });
  url = server.url;
  return { url, assets, stop: () => server.stop() };
}
