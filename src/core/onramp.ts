/**
 * Buy with card: the on-ramp options' shapes (docs/wire-formats.md#wallet-data-api), the built-in
 * defaults used when the options call fails (docs/specification.md#data), and the pure rules of the buy form: fiat
 * amounts as exact cents, the payment-method limits, which currencies fit the connected network.
 */
import type { Caip2 } from './caip.js';

export interface OnRampNetwork {
  name: string;
  display_name: string;
  chain_id: string;
  contract_address: string;
}
export interface PurchaseCurrency {
  id: string;
  name: string;
  symbol: string;
  networks: OnRampNetwork[];
}
export interface PaymentMethodLimit {
  id: string;
  min: string;
  max: string;
}
export interface PaymentCurrency {
  id: string;
  payment_method_limits: PaymentMethodLimit[];
}
export interface OnRampOptions {
  paymentCurrencies: PaymentCurrency[];
  purchaseCurrencies: PurchaseCurrency[];
}
export interface Money {
  amount: string;
  currency: string;
}
export interface OnRampQuote {
  paymentTotal: Money;
  paymentSubtotal: Money;
  purchaseAmount: Money;
  networkFee: Money;
  coinbaseFee?: Money | undefined;
  quoteId: string;
}

/** docs/specification.md#constants: card 10.00–7500.00 and bank account 10.00–25000.00, for USD and EUR. */
const DEFAULT_LIMITS: PaymentMethodLimit[] = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
];

/** The USDC contracts the hosted fallback lists (docs/wire-formats.md#constants) on Ethereum and Polygon. */
const DEFAULT_NETWORKS = (contracts: [string, string]): OnRampNetwork[] => [
  { name: 'ethereum-mainnet', display_name: 'Ethereum', chain_id: '1', contract_address: contracts[0] },
  { name: 'polygon-mainnet', display_name: 'Polygon', chain_id: '137', contract_address: contracts[1] },
];
const USDC: [string, string] = ['0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', '0x2791bca1f2de4661ed88a30c99a7a9449aa84174'];
const NATIVE_EVM = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/**
 * docs/specification.md#data: USDC and ETH on Ethereum and Polygon; USD and EUR. (The hosted fallback gives ETH the
 * USDC contracts too, a copy-and-paste slip; ETH keeps the id and is the native coin here.)
 */
export const DEFAULT_ONRAMP_OPTIONS: OnRampOptions = {
  paymentCurrencies: ['USD', 'EUR'].map((id) => ({ id, payment_method_limits: DEFAULT_LIMITS })),
  purchaseCurrencies: [
    { id: '2b92315d-eab7-5bef-84fa-089a131333f5', name: 'USD Coin', symbol: 'USDC', networks: DEFAULT_NETWORKS(USDC) },
    { id: '2b92315d-eab7-5bef-84fa-089a131333f5', name: 'Ether', symbol: 'ETH', networks: DEFAULT_NETWORKS([NATIVE_EVM, NATIVE_EVM]) },
  ],
};

/** The payment methods the form offers, in order, with their message ids. */
export const PAYMENT_METHODS = ['card', 'ach_bank_account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A fiat amount typed by the visitor, as cents; undefined unless a plain number with at most 2 decimals. */
export function parseCents(text: string): bigint | undefined {
  const match = /^(\d{1,9})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  return match ? BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0')) : undefined;
}

/** Cents as `1234.50`. */
export const formatCents = (cents: bigint): string => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

export type AmountCheck = { ok: true; cents: bigint } | { ok: false; reason: 'empty' | 'invalid' } | { ok: false; reason: 'min' | 'max'; limit: string };

/** Checks the amount against the method's limits for the currency (a missing limit row allows any amount). */
export function checkAmount(text: string, currency: PaymentCurrency | undefined, method: string): AmountCheck {
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  const cents = parseCents(text);
  if (cents === undefined || cents === 0n) return { ok: false, reason: 'invalid' };
  const limit = currency?.payment_method_limits.find((l) => l.id === method);
  const min = limit ? parseCents(limit.min) : undefined;
  const max = limit ? parseCents(limit.max) : undefined;
  if (min !== undefined && cents < min) return { ok: false, reason: 'min', limit: formatCents(min) };
  if (max !== undefined && cents > max) return { ok: false, reason: 'max', limit: formatCents(max) };
  return { ok: true, cents };
}

/** The network of `currency` that is the connected chain, by its CAIP-2 reference (`31337`, a Solana genesis hash prefix). */
export function networkFor(currency: PurchaseCurrency, chainId: Caip2): OnRampNetwork | undefined {
  const reference = chainId.slice(chainId.indexOf(':') + 1);
  return currency.networks.find((network) => network.chain_id === reference);
}

/**
 * The currencies the visitor can buy to the connected account: those sold on its network, and only those (the
 * built-in defaults name Ethereum and Polygon: on another network nothing is offered, and the form says so, rather
 * than a purchase on a network the visitor is not on).
 */
export function currenciesFor(options: OnRampOptions, chainId: Caip2): { currency: PurchaseCurrency; network: OnRampNetwork }[] {
  return options.purchaseCurrencies.flatMap((currency) => {
    const network = networkFor(currency, chainId);
    return network ? [{ currency, network }] : [];
  });
}
