import { refreshNativeBalance } from './balance.js';
import { refreshPortfolio } from './portfolio.js';

/**
 * After a transaction or a purchase: the native balance and the token balances read again, past their caches
 * (`tokens`: the CAIP-10 ids it moved, which the wallet data API is asked to update first).
 */
export function refreshBalances(tokens?: string[]): void {
  void refreshNativeBalance();
  void refreshPortfolio(tokens);
}
