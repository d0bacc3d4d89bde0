import type { WalletConnectModalElement } from '../../../src/index.js';
import { clearWalletApiCaches } from '../../../src/services/wallet-api.js';
import { resetPortfolioRetryBlock } from '../../../src/stores/portfolio.js';
import { type FakeFetch, installFakeFetch } from '../../unit/support/fake-fetch.js';
import { ALICE, announceWallet, createFakeProvider, walletInfo } from '../../unit/support/fake-wallet.js';
import { loadAxe } from './axe.js';
import { dialogOf, cleanup, mount, openAndRender, waitFor, walletButtons } from './element.js';

export interface AccountFixtureOptions {
  /** The EIP-6963 wallet that announces itself with ALICE on chain 1. */
  wallet: { rdns: string; name: string };
  /** CAIP-2 ids, the element's `networks` and the API's supported chains. */
  chains: string[];
  /** What the fake wallet data API answers for ALICE's balance. */
  balances: unknown[];
  features: string;
}

export interface AccountFixture {
  el: WalletConnectModalElement;
  net: FakeFetch;
}

/**
 * Registers a suite's hooks for the Account view against a fake wallet data API (supported chains, an empty
 * identity and `balances` for ALICE) with one announced wallet: a fresh element per test, handed to `use`, and
 * everything undone after it. Returns `connectAndOpen`: connect that wallet, then open the Account view.
 */
export function useAccountFixture(options: AccountFixtureOptions, use: (fixture: AccountFixture) => void): { connectAndOpen(): Promise<void> } {
  let fixture: AccountFixture;
  let stopAnnouncing: () => void;
  before(() => loadAxe());
  beforeEach(() => {
    clearWalletApiCaches();
    resetPortfolioRetryBlock();
    const net = installFakeFetch();
    net.route('/v1/supported-chains', () => ({ body: { http: options.chains } }));
    net.route(`/v1/identity/${ALICE}`, () => ({ body: { name: null, avatar: null } }));
    net.route(`/v1/account/${ALICE}/balance`, () => ({ body: { balances: options.balances } }));
    stopAnnouncing = announceWallet(walletInfo(options.wallet.rdns, options.wallet.name), createFakeProvider({ accounts: [ALICE], chainId: '0x1' }));
    const el = mount({ networks: options.chains.join(','), 'api-url': 'http://api.test', 'project-id': 'p1', features: options.features });
    fixture = { el, net };
    use(fixture);
  });
  afterEach(async () => {
    await fixture.el.disconnect();
    await cleanup();
    stopAnnouncing();
    fixture.net.restore();
  });
  return {
    async connectAndOpen() {
      const { el } = fixture;
      await openAndRender(el);
      (await waitFor(() => walletButtons(el)[0], 'the wallet')).click();
      await waitFor(() => el.state.status === 'connected' && !dialogOf(el).open, 'connected');
      await openAndRender(el);
    },
  };
}
