import * as z from 'zod/mini';
import type { Caip2 } from '../core/caip.js';
import type { OnRampOptions, OnRampQuote, PaymentCurrency, PurchaseCurrency } from '../core/onramp.js';
import { requestJson } from './http.js';
import { NO_PROJECT_ID, serviceUrl } from './service-url.js';
import type { WalletApiConfig } from './wallet-api.js';

/**
 * The on-ramp calls of the wallet data API (docs/wire-formats.md#wallet-data-api) and the price lookup
 * (row 11) behind the labelled estimate. Only zod/mini functions the entry already uses (see
 * wallet-api-schemas.ts), so this chunk adds nothing to the entry file.
 */
const text = z.string();
const money = z.object({ amount: z.string().check(z.regex(/^\d{1,40}(\.\d{1,40})?$/)), currency: text });
const networkSchema = z.object({ name: text, display_name: text, chain_id: text, contract_address: text });
const optionsSchema = z.object({
  paymentCurrencies: z.array(z.object({ id: text, payment_method_limits: z.array(z.object({ id: text, min: text, max: text })) })),
  purchaseCurrencies: z.array(z.object({ id: text, name: text, symbol: text, networks: z.array(networkSchema) })),
  /** Our service's addition: the provider's name and fee. */
  provider: z.optional(z.object({ name: text, fee: z.optional(text) })),
});
const quoteSchema = z.object({ paymentTotal: money, paymentSubtotal: money, purchaseAmount: money, networkFee: money, coinbaseFee: z.optional(money), quoteId: text });
const urlSchema = z.object({ url: text });
const priceSchema = z.object({ fungibles: z.array(z.object({ address: text, symbol: text, price: z.number() })) });

export type ServiceOptions = OnRampOptions & { provider?: { name: string; fee?: string | undefined } | undefined };

const post = <T>(config: WalletApiConfig, path: string, schema: z.ZodMiniType<T>, body: unknown) =>
  requestJson(serviceUrl({ url: config.apiUrl, projectId: config.projectId }, path), schema, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

export const getOnRampOptions = (config: WalletApiConfig): Promise<ServiceOptions> =>
  requestJson(serviceUrl({ url: config.apiUrl, projectId: config.projectId }, '/v1/onramp/options'), optionsSchema);

/** `network` is the network's name (the hosted client sends the currency symbol there; both are strings). */
export const getOnRampQuote = (config: WalletApiConfig, input: { purchaseCurrency: PurchaseCurrency; paymentCurrency: PaymentCurrency; amount: string; network: string }): Promise<OnRampQuote> =>
  post(config, '/v1/onramp/quote', quoteSchema, input);

/** The provider's payment page for this purchase; only an http(s) URL is ever opened. */
export async function getOnRampUrl(
  config: WalletApiConfig,
  input: { address: string; network: string; symbol: string; fiatAmount: string; fiat: string; cryptoAmount: string | undefined },
): Promise<string> {
  const { url } = await post(config, '/v1/generators/onrampurl', urlSchema, {
    destinationWallets: [{ address: input.address, blockchains: [input.network], assets: [input.symbol] }],
    defaultNetwork: input.network,
    partnerUserId: input.address,
    defaultExperience: 'buy',
    presetFiatAmount: Number(input.fiatAmount),
    ...(input.cryptoAmount ? { presetCryptoAmount: Number(input.cryptoAmount) } : {}),
    paymentCurrency: input.fiat,
  });
  if (!/^https?:\/\//i.test(url)) throw new Error('the provider URL is not an http(s) URL');
  return url;
}

/** The USD price of one token (CAIP-10 id) from `/v1/fungible/price`, or undefined when the service has none. */
export async function getUsdPrice(config: WalletApiConfig, chainId: Caip2, address: string, symbol: string): Promise<number | undefined> {
  const { fungibles } = await post(config, '/v1/fungible/price', priceSchema, { currency: 'usd', addresses: [`${chainId}:${address}`], projectId: config.projectId ?? NO_PROJECT_ID });
  // The hosted client matches by symbol, not address (docs/wire-formats.md#wallet-data-api).
  const price = fungibles.find((f) => f.symbol.toUpperCase() === symbol.toUpperCase())?.price;
  return price !== undefined && price > 0 ? price : undefined;
}
