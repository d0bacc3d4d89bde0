/**
 * What the sandbox on-ramp provider sells and takes: the purchase currencies (the local chains' native coins
 * and stablecoins), the fiat currencies with their payment-method limits (docs/specification.md#constants), the fee, and the
 * documented test cards. The wire shapes are the hosted API's `GET /v1/onramp/options` (docs/wire-formats.md#wallet-data-api
 * row 17).
 */

/** One asset on one network that the sandbox can pay out. */
export interface SandboxAsset {
  symbol: string;
  name: string;
  decimals: number;
  /** CAIP-2 id of the network, `eip155:31337` or `solana:<genesis hash prefix>`. */
  chainId: string;
  /** The ERC-20 contract or SPL mint; undefined for the chain's native coin. */
  token: string | undefined;
  /** The network's name in options, quotes and URLs (`local-31337`, `solana-local`). */
  network: string;
  displayName: string;
}

/** `payment_method_limits` ids, as the hosted service names them. */
export type PaymentMethod = 'card' | 'ach_bank_account';

/** docs/specification.md#constants: card 10.00–7500.00, bank account 10.00–25000.00, for USD and EUR. In cents. */
export const METHOD_LIMITS: Record<PaymentMethod, { min: bigint; max: bigint }> = {
  card: { min: 1_000n, max: 750_000n },
  ach_bank_account: { min: 1_000n, max: 2_500_000n },
};

/** Fiat currencies and what one unit is worth in USD, as an exact fraction (a fixed sandbox rate). */
export const FIAT_USD_RATE: Record<string, { n: bigint; d: bigint }> = {
  USD: { n: 1n, d: 1n },
  EUR: { n: 108n, d: 100n },
};

/** The provider's fee: 1.5 % of the payment, rounded up to the cent. */
export const FEE_BASIS_POINTS = 150n;
/** The network fee the provider passes on, in cents of the payment currency. */
export const NETWORK_FEE_CENTS = 25n;
/** Payouts are rounded down to at most this many decimals, so a receipt reads cleanly. */
export const PAYOUT_DECIMALS = 6;

export const PROVIDER = { name: 'Sandbox Pay', fee: '1.5%' } as const;

/** Test cards (documented in docs/buy.md and on the payment page). */
export const TEST_CARDS = { success: '4242424242424242', decline: '4000000000000002' } as const;

/** The native-coin placeholder addresses of the hosted API (docs/wire-formats.md#constants). */
export const EVM_NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
export const SOLANA_NATIVE = 'So11111111111111111111111111111111111111111';

const cents = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;

/** `GET /v1/onramp/options` for these assets. */
export function onRampOptions(assets: readonly SandboxAsset[]) {
  const bySymbol = new Map<string, SandboxAsset[]>();
  for (const asset of assets) bySymbol.set(asset.symbol, [...(bySymbol.get(asset.symbol) ?? []), asset]);
  return {
    // Our addition: who the provider is, for the widget's provider list (the hosted answer has no such field).
    provider: { name: PROVIDER.name, fee: PROVIDER.fee },
    paymentCurrencies: Object.keys(FIAT_USD_RATE).map((id) => ({
      id,
      payment_method_limits: (Object.keys(METHOD_LIMITS) as PaymentMethod[]).map((method) => ({ id: method, min: cents(METHOD_LIMITS[method].min), max: cents(METHOD_LIMITS[method].max) })),
    })),
    purchaseCurrencies: [...bySymbol].map(([symbol, list]) => ({
      id: `sandbox-${symbol.toLowerCase()}`,
      name: list[0]!.name,
      symbol,
      networks: list.map((asset) => ({
        name: asset.network,
        display_name: asset.displayName,
        chain_id: asset.chainId.slice(asset.chainId.indexOf(':') + 1),
        contract_address: asset.token ?? (asset.chainId.startsWith('solana:') ? SOLANA_NATIVE : EVM_NATIVE),
      })),
    })),
  };
}

export { cents as formatCents };
