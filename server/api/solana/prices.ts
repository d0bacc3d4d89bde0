// USD prices on the Solana chains: a configured table entry, else the seeded stablecoin (1), else the EVM
// chains' price (pools or table) of a seeded EVM token with the same symbol, else 0.
import type { ChainRegistry } from '../chains.js';
import { type Ratio, ONE, ZERO, fromNumber } from '../exact.js';
import type { PriceOracle } from '../prices.js';
import type { ApiSolanaChain } from './chain.js';

/** Keys: `native:<solana caip2>` for SOL, `<solana caip2>:<mint>` for a token. */
export type SolanaPriceTable = Record<string, number>;

export const isSolanaPriceKey = (key: string): boolean => key.startsWith('solana:') || key.startsWith('native:solana:');

export class SolanaPrices {
  private readonly table = new Map<string, Ratio>();

  constructor(
    table: SolanaPriceTable,
    private readonly evmChains: ChainRegistry,
    private readonly evmPrices: PriceOracle,
  ) {
    for (const [key, price] of Object.entries(table)) {
      if (!isSolanaPriceKey(key) || !Number.isFinite(price) || price < 0) throw new Error(`wallet API: bad priceTable entry ${key}: ${price}`);
      this.table.set(key, fromNumber(price));
    }
  }

  /** The price of SOL (`mint` undefined) or of a token, exactly; `symbol` finds the EVM twin. */
  async exactPrice(chain: ApiSolanaChain, mint: string | undefined, symbol: string): Promise<Ratio> {
    const listed = this.table.get(mint ? `${chain.chainId}:${mint}` : `native:${chain.chainId}`);
    if (listed) return listed;
    if (mint && mint === chain.seeded?.usdToken) return ONE;
    for (const evm of this.evmChains.all()) {
      const twin = evm.seeded?.tokens.find((token) => token.symbol === symbol);
      if (twin) {
        const price = await this.evmPrices.exactPriceOf(evm.chainId, twin.address).catch(() => ZERO);
        if (price.n !== 0n) return price;
      }
    }
    return ZERO;
  }
}
