import { expect } from '@esm-bundle/chai';
import type { Caip2 } from '../../../src/core/caip.js';
import { createEmailCaptureApi } from '../../../src/services/email-capture-api.js';
import { getWallets } from '../../../src/services/directory.js';
import { isNameRegistered, registerName } from '../../../src/services/names-api.js';
import { getOnRampOptions, getOnRampQuote } from '../../../src/services/onramp-api.js';
import { getSmartSessions, revokeSmartSession } from '../../../src/services/sessions-api.js';
import { createSiwxApi } from '../../../src/services/siwx-api.js';
import { clearSwapApiCaches, getSwapQuote, getSwapTokens } from '../../../src/services/swap-api.js';
import { clearWalletApiCaches, getBalances, getHistory, getIdentity } from '../../../src/services/wallet-api.js';
import { installClock } from '../support/clock.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { until } from '../support/until.js';

const realSetTimeout = globalThis.setTimeout;

const api = { apiUrl: 'http://api.test/', projectId: 'p1' };
const CHAIN = 'eip155:31337' as Caip2;
const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ETH = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`;
const LUSD = `${CHAIN}:0x5FbDB2315678afecb367f032d93F642f64180aa3`;

/**
 * Every call to every service ends: a server that accepts the request and never answers is given up after the call's
 * time limit (15 s; a swap quote 10 s), and the call fails as an unreachable service does (SERVICE_UNAVAILABLE), which
 * each view already says in place. Before, nothing aborted: "Getting a quote…" stayed forever.
 */
describe('services: a hanging server is given up (fake clock)', () => {
  let net: FakeFetch;
  let clock: ReturnType<typeof installClock>;
  const hang = () => new Promise<never>(() => {});
  beforeEach(() => {
    clearWalletApiCaches();
    clearSwapApiCaches();
    net = installFakeFetch();
    net.route('/v1/supported-chains', () => ({ body: { http: [CHAIN], ws: [] } }));
    clock = installClock();
  });
  afterEach(() => {
    clock.restore();
    net.restore();
  });

  /** Runs `call` against `path` hanging; checks it is still pending just before `limitMs` and failed just after. */
  async function givenUp(paths: string[], call: () => Promise<unknown>, limitMs: number): Promise<{ code?: string; details?: string }> {
    for (const path of paths) net.route(path, hang);
    let outcome: { code?: string; details?: string } | undefined;
    const settled = call().then(() => ({ code: 'RESOLVED' }), (error: { code?: string; details?: string }) => error);
    void settled.then((error) => { outcome = error; });
    // Let the call reach the hanging request (a supported-chains read may come first).
    await until(() => net.calls.some((url) => paths.includes(url.pathname)), `asked ${paths.join(', ')}`);
    clock.tick(limitMs - 1);
    await new Promise((resolve) => realSetTimeout(resolve, 20));
    expect(outcome, 'still waiting just before the limit').to.equal(undefined);
    clock.tick(1);
    await until(() => outcome !== undefined, 'the call to end once its time limit passed');
    return settled;
  }

  const cases: [string, string[], () => Promise<unknown>, number][] = [
    ['wallet data API: balances', ['/v1/account/' + USER + '/balance'], () => getBalances(api, USER, CHAIN), 15_000],
    ['wallet data API: history', ['/v1/account/' + USER + '/history'], () => getHistory(api, USER, CHAIN), 15_000],
    ['wallet data API: identity', ['/v1/identity/' + USER], () => getIdentity(api, USER), 15_000],
    ['swaps: tokens', ['/v1/convert/tokens'], () => getSwapTokens(api, CHAIN), 15_000],
    ['swaps: a quote (10 s)', ['/v1/convert/quotes'], () => getSwapQuote(api, { from: ETH, to: LUSD, amount: 1n, userAddress: USER, gasPrice: undefined }), 10_000],
    ['buy: options', ['/v1/onramp/options'], () => getOnRampOptions(api), 15_000],
    ['buy: a quote', ['/v1/onramp/quote'], () => getOnRampQuote(api, { purchaseCurrency: { id: 'x' } as never, paymentCurrency: { id: 'USD' } as never, amount: '10', network: 'ethereum' }), 15_000],
    ['names: a check', ['/v1/profile/account/dave.reown.id'], () => isNameRegistered(api, 'dave.reown.id'), 15_000],
    ['names: a registration', ['/v1/profile/account'], () => registerName(api, 'dave.reown.id', { coin_type: 1, address: USER, message: '{}', signature: '0x' }), 15_000],
    ['smart sessions: the list', [`/v1/sessions/${CHAIN}:${USER}`], () => getSmartSessions(api, `${CHAIN}:${USER}`), 15_000],
    ['smart sessions: a revocation', [`/v1/sessions/${CHAIN}:${USER}/revoke`], () => revokeSmartSession(api, `${CHAIN}:${USER}`, { pci: 'x', signature: '0x' }), 15_000],
    ['directory: a page of wallets', ['/dir/getWallets'], () => getWallets({ directoryUrl: 'http://dir.test/dir/', projectId: 'p1' }, { page: 1, entries: 40 }), 15_000],
    ['sign-in: the nonce', ['/api/auth/csrf'], () => createSiwxApi('http://site.test/api/auth').getNonce(), 15_000],
    ['sign-in: the session', ['/api/auth/session'], () => createSiwxApi('http://site.test/api/auth').getSession('eip155:1'), 15_000],
  ];
  for (const [name, paths, call, limit] of cases) {
    it(`${name}: SERVICE_UNAVAILABLE after ${limit / 1000} s, not before`, async () => {
      const error = await givenUp(paths, call, limit);
      expect(error.code).to.equal('SERVICE_UNAVAILABLE');
      expect(error.details).to.match(new RegExp(`no answer within ${limit / 1000} s$`));
    });
  }

  it('sign-in data capture: a hanging POST otp reads as the network failing (its view says so)', async () => {
    const error = await givenUp(['/api/auth/otp'], () => createEmailCaptureApi('http://site.test/api/auth').start('a@b.co'), 15_000);
    expect(error).to.be.instanceOf(Error);
    expect((error as unknown as Error).message).to.equal('Something went wrong. Try again.');
  });
});
