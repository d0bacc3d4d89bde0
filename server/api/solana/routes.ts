// The Solana side of the account routes: the EVM handlers in ../routes.ts hand a request over here when its
// chainId is a served solana: chain.
import type { Context } from 'hono';
import { z } from 'zod';
import { ApiError } from '../errors.js';
import type { Balance } from '../balances.js';
import type { HistoryPage } from '../history.js';
import { balanceQuerySchema, historyQuerySchema, parseInputs } from '../params.js';
import { toNumber } from '../exact.js';
import type { IndexStore } from '../store.js';
import { getSolanaBalances } from './balances.js';
import { SOL, SOL_NATIVE_ADDRESS, isSolanaAddress, type ApiSolanaChain, type SolanaChains } from './chain.js';
import { getSolanaHistory } from './history.js';
import type { SolanaPrices } from './prices.js';
import { SOL_ICON_URL, splTokenInfo } from './tokens.js';

const addressSchema = z.object({
  address: z.string({ error: 'address is required' }).refine(isSolanaAddress, 'address must be a Solana address: base58 of 32 bytes'),
});

export { isSolanaAddress };

export class SolanaApi {
  constructor(
    readonly chains: SolanaChains,
    private readonly store: IndexStore,
    private readonly prices: SolanaPrices,
  ) {}

  chain(chainId: string | undefined): ApiSolanaChain | undefined {
    return chainId?.startsWith('solana:') ? this.chains.get(chainId) : undefined;
  }

  async balances(c: Context, chain: ApiSolanaChain): Promise<{ balances: Balance[] }> {
    const [{ address }] = parseInputs([
      [addressSchema, { address: c.req.param('address') }, 'address'],
      [balanceQuerySchema, c.req.query(), 'query'],
    ]);
    try {
      return { balances: await getSolanaBalances(chain, address, this.prices) };
    } catch (err) {
      console.warn(`[wallet-api] solana balance: ${err instanceof Error ? err.message : String(err)}`);
      throw new ApiError(502, [{ name: 'balance', description: 'the chain did not answer the balance lookup' }]);
    }
  }

  history(c: Context, chain: ApiSolanaChain): Promise<HistoryPage> {
    const [{ address }, query] = parseInputs([
      [addressSchema, { address: c.req.param('address') }, 'address'],
      [historyQuerySchema, c.req.query(), 'query'],
    ]);
    return getSolanaHistory(chain, address, query.cursor, this.store, this.prices);
  }

  /** POST /v1/fungible/price for a solana: CAIP-10 id (SOL's placeholder address or a mint). */
  async fungible(chain: ApiSolanaChain, id: string, address: string): Promise<{ address: string; name: string; symbol: string; iconUrl: string; price: number }> {
    if (address === SOL_NATIVE_ADDRESS) return { address: id, name: SOL.name, symbol: SOL.symbol, iconUrl: SOL_ICON_URL, price: toNumber(await this.prices.exactPrice(chain, undefined, SOL.symbol)) };
    const info = splTokenInfo(chain, address);
    return { address: id, name: info.name, symbol: info.symbol, iconUrl: info.iconUrl, price: toNumber(await this.prices.exactPrice(chain, address, info.symbol)) };
  }
}
