import { erc20Abi, formatUnits, getAddress, type Address } from 'viem';
import { caip2, tokenCaip10 } from './caip.js';
import type { ApiChain } from './chains.js';
import { NATIVE_ICON_URL } from './icons.js';
import { type Ratio, ZERO, fromNumber, mul, toNumber, units } from './exact.js';
import { NATIVE, type PriceOracle } from './prices.js';
import type { IndexStore } from './store.js';
import type { TokenCatalog } from './token-metadata.js';

/** `Balance` of docs/wire-formats.md#wallet-data-api */
export interface Balance {
  name: string;
  symbol: string;
  /** CAIP-2. */
  chainId: string;
  /** CAIP-10 token id; absent for the native currency. */
  address?: string;
  /** USD: quantity × price. */
  value: number;
  price: number;
  quantity: { decimals: string; numeric: string };
  iconUrl: string;
}

/** Every chain we serve is an anvil: its currency is ether. */
export const NATIVE_CURRENCY = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const;

export interface BalanceDeps {
  store: IndexStore;
  tokens: TokenCatalog;
  prices: PriceOracle;
}

/**
 * `amount` base units of a token with `decimals`, priced: the exact decimal string, its USD value and the
 * price. The value is computed exactly (bigint) and rounded once, to 12 significant digits.
 */
export function quantify(amount: bigint, decimals: number, price: Ratio | number): { numeric: string; value: number; price: number } {
  const exactPrice = typeof price === 'number' ? fromNumber(price) : price;
  return { numeric: formatUnits(amount, decimals), value: toNumber(mul(units(amount, decimals), exactPrice)), price: toNumber(exactPrice) };
}

/**
 * The address's balances, read live from the chain: the native currency, then every ERC-20 the chain was
 * seeded with or the index has seen sent to the address. Zero balances are left out, as the hosted API
 * does. Tokens with 0 decimals are kept: the widget drops them (docs/wire-formats.md#wallet-data-api), not the API.
 */
export async function getBalances(chain: ApiChain, owner: Address, { store, tokens, prices }: BalanceDeps): Promise<Balance[]> {
  const candidates = new Set<string>([
    ...(chain.seeded?.tokens.map((token) => token.address.toLowerCase()) ?? []),
    ...(await store.fungiblesReceivedBy(chain.chainId, owner)),
  ]);
  const [native, priceMap, rows] = await Promise.all([
    chain.client.getBalance({ address: owner }),
    prices.prices(chain.chainId),
    Promise.all(
      [...candidates].map(async (token) => {
        const [info, amount] = await Promise.all([
          tokens.get(chain.chainId, token, 'erc20'),
          chain.client.readContract({ address: token as Address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }).catch(() => 0n),
        ]);
        return { token, info, amount };
      }),
    ),
  ]);

  const balances: Balance[] = [];
  const row = (amount: bigint, decimals: number, exactPrice: Ratio, meta: { name: string; symbol: string; iconUrl: string; address?: string }): Balance => {
    const { numeric, value, price } = quantify(amount, decimals, exactPrice);
    return { name: meta.name, symbol: meta.symbol, chainId: caip2(chain.chainId), ...(meta.address ? { address: meta.address } : {}), value, price, quantity: { decimals: String(decimals), numeric }, iconUrl: meta.iconUrl };
  };
  if (native > 0n) {
    balances.push(row(native, NATIVE_CURRENCY.decimals, priceMap.get(NATIVE) ?? ZERO, { ...NATIVE_CURRENCY, iconUrl: NATIVE_ICON_URL }));
  }
  for (const { token, info, amount } of rows) {
    if (amount === 0n || !info || info.kind !== 'erc20' || info.decimals === null) continue;
    balances.push(row(amount, info.decimals, priceMap.get(token) ?? ZERO, { name: info.name, symbol: info.symbol, iconUrl: info.iconUrl, address: tokenCaip10(chain.chainId, getAddress(token)) }));
  }
  // Largest holdings first; the native currency first among equals.
  return balances.sort((a, b) => b.value - a.value || Number(a.address !== undefined) - Number(b.address !== undefined) || a.symbol.localeCompare(b.symbol));
}
