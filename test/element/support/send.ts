import { clearWalletApiCaches } from '../../../src/services/wallet-api.js';
import { resetPortfolioRetryBlock } from '../../../src/stores/portfolio.js';
import { $sendDraft, $sendErrors } from '../../../src/stores/send.js';
import { type FakeFetch, installFakeFetch } from '../../unit/support/fake-fetch.js';

/** A Send form with nothing in it and nothing cached, and a wallet data API (faked) that serves `chains`. */
export function freshSendForm(chains: string[]): FakeFetch {
  clearWalletApiCaches();
  resetPortfolioRetryBlock();
  $sendDraft.set({ tokenKey: undefined, amount: '', receiver: '' });
  $sendErrors.set({});
  const net = installFakeFetch();
  net.route('/v1/supported-chains', () => ({ body: { http: chains } }));
  return net;
}
