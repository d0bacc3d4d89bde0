import { expect } from '@esm-bundle/chai';
import type { Caip2 } from '../../../src/core/caip.js';
import { clearWalletApiCaches, getBalances, getHistory, zeroDecimalTokens } from '../../../src/services/wallet-api.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import {
  DEVNET, OWNER, OWNER_OTHER_CASE, PEER, SOLANA_CHAIN, USDS_MINT, solBalance, solTransfer, solanaTx, spamTransfer, splBalance, splTransfer,
} from '../support/solana-wire.js';

const api = { apiUrl: 'http://api.test', projectId: 'p1' };
const CHAIN = SOLANA_CHAIN as Caip2;

describe('services/wallet-api: solana: chain ids', () => {
  let net: FakeFetch;
  beforeEach(() => {
    clearWalletApiCaches();
    net = installFakeFetch();
    net.route('/v1/supported-chains', () => ({ body: { http: [CHAIN, DEVNET], ws: [] } }));
  });
  afterEach(() => net.restore());

  it("balances: the base58 address as is in the path, the active chain's SOL and SPL rows only, 0-decimal tokens dropped", async () => {
    net.route(`/v1/account/${OWNER}/balance`, () => ({ body: { balances: [
      solBalance('12.5'), splBalance('USDS', '6', '2500', USDS_MINT), splBalance('BADGE', '0', '3', PEER), solBalance('1', DEVNET),
    ] } }));
    const balances = await getBalances(api, OWNER, CHAIN);
    expect(balances.map((b) => `${b.symbol} ${b.quantity.numeric}`)).to.deep.equal(['SOL 12.5', 'USDS 2500']);
    expect(net.calls.find((u) => u.pathname.endsWith('/balance'))!.searchParams.get('chainId')).to.equal(CHAIN);
    expect(zeroDecimalTokens(api, OWNER, CHAIN)).to.deep.equal([{ name: 'Local BADGE', symbol: 'BADGE' }]);
  });

  it('two base58 addresses that differ only in case are two accounts (no shared cache)', async () => {
    net.route(`/v1/account/${OWNER}/balance`, () => ({ body: { balances: [solBalance('1')] } }));
    net.route(`/v1/account/${OWNER_OTHER_CASE}/balance`, () => ({ body: { balances: [solBalance('2')] } }));
    expect((await getBalances(api, OWNER, CHAIN))[0]!.quantity.numeric).to.equal('1');
    expect((await getBalances(api, OWNER_OTHER_CASE, CHAIN))[0]!.quantity.numeric).to.equal('2');
    net.route(`/v1/account/${OWNER}/history`, () => ({ body: { data: [solanaTx('a', { from: PEER, to: OWNER, transfers: [solTransfer('in', '1')] })], next: null } }));
    net.route(`/v1/account/${OWNER_OTHER_CASE}/history`, () => ({ body: { data: [], next: null } }));
    expect((await getHistory(api, OWNER, CHAIN)).data).to.have.length(1);
    expect((await getHistory(api, OWNER_OTHER_CASE, CHAIN)).data).to.have.length(0);
  });

  it("history: the active chain's transactions only, a spam-only one dropped, the cursor kept", async () => {
    net.route(`/v1/account/${OWNER}/history`, () => ({ body: { data: [
      solanaTx('sol-in', { from: PEER, to: OWNER, transfers: [solTransfer('in', '1.5')] }),
      solanaTx('spam', { from: PEER, to: OWNER, transfers: [spamTransfer] }),
      solanaTx('usds-out', { from: OWNER, to: PEER, transfers: [splTransfer('USDS', 'out', '25')] }),
      solanaTx('devnet', { from: PEER, to: OWNER, transfers: [solTransfer('in', '9')], chain: DEVNET }),
    ], next: 'page-2' } }));
    const page = await getHistory(api, OWNER, CHAIN);
    expect(page.data.map((tx) => tx.id)).to.deep.equal(['sol-in', 'usds-out']);
    expect(page.next).to.equal('page-2');
  });
});
