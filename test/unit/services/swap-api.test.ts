import { expect } from '@esm-bundle/chai';
import type { Caip2 } from '../../../src/core/caip.js';
import { buildSwapApprove, buildSwapTransaction, clearSwapApiCaches, getSwapAllowance, getSwapGasPrice, getSwapQuote, getSwapTokens } from '../../../src/services/swap-api.js';
import { SDK_TYPE, SDK_VERSION, clearWalletApiCaches } from '../../../src/services/wallet-api.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { rejection } from '../support/rejection.js';

const api = { apiUrl: 'http://api.test/prefix/', projectId: 'p1' };
const CHAIN = 'eip155:31337' as Caip2;
const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ETH = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`;
const LUSD = `${CHAIN}:0x5FbDB2315678afecb367f032d93F642f64180aa3`;
const ROUTER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';

describe('services/swap-api', () => {
  let net: FakeFetch;
  let supported: string[];
  beforeEach(() => {
    clearWalletApiCaches();
    clearSwapApiCaches();
    supported = [CHAIN];
    net = installFakeFetch();
    net.route('/prefix/v1/supported-chains', () => ({ body: { http: supported, ws: [] } }));
  });
  afterEach(() => net.restore());

  it('tokens: GET /v1/convert/tokens?chainId, the reference shape; other chains\' rows and impossible decimals left out; cached', async () => {
    net.route('/prefix/v1/convert/tokens', () => ({
      body: {
        tokens: [
          { name: 'Ether', symbol: 'ETH', address: ETH, decimals: 18, logoUri: 'https://x/eth.png' },
          { name: 'Local USD', symbol: 'LUSD', address: LUSD, decimals: 6, logoUri: 'javascript:alert(1)', eip2612: true },
          { name: 'Other', symbol: 'OTH', address: 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 18, logoUri: '' },
          { name: 'Huge', symbol: 'HUGE', address: `${CHAIN}:0x${'2'.repeat(40)}`, decimals: 99, logoUri: '' },
        ],
      },
    }));
    const tokens = await getSwapTokens(api, CHAIN);
    expect(tokens).to.deep.equal([
      { address: ETH, name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: 'https://x/eth.png' },
      { address: LUSD, name: 'Local USD', symbol: 'LUSD', decimals: 6, logoUri: undefined },
    ]);
    await getSwapTokens(api, CHAIN);
    const calls = net.calls.filter((u) => u.pathname.endsWith('/convert/tokens'));
    expect(calls).to.have.length(1);
    expect(Object.fromEntries(calls[0]!.searchParams)).to.deep.equal({ chainId: CHAIN, projectId: 'p1', st: SDK_TYPE, sv: SDK_VERSION });
  });

  it('quotes: amount in base units, plain userAddress, CAIP-10 from/to, gasPrice; the first quote\'s toAmount as bigint; none is undefined', async () => {
    let quotes: unknown[] = [{ id: null, fromAmount: '1000000000000000000', fromAccount: ETH, toAmount: '1234567', toAccount: LUSD }];
    net.route('/prefix/v1/convert/quotes', () => ({ body: { quotes } }));
    const request = { from: ETH, to: LUSD, amount: 10n ** 18n, userAddress: USER, gasPrice: 7n };
    expect(await getSwapQuote(api, request)).to.equal(1_234_567n);
    const call = net.calls.find((u) => u.pathname.endsWith('/convert/quotes'))!;
    expect(Object.fromEntries(call.searchParams)).to.deep.equal({ amount: '1000000000000000000', userAddress: USER, from: ETH, to: LUSD, gasPrice: '7', projectId: 'p1', st: SDK_TYPE, sv: SDK_VERSION });
    quotes = [];
    expect(await getSwapQuote(api, request)).to.equal(undefined);
    // Our service answers a pool path without liquidity with a 400 naming it: no quote, not a failure.
    net.route('/prefix/v1/convert/quotes', () => ({ status: 400, body: { reasons: [{ description: 'insufficient liquidity' }] } }));
    expect(await getSwapQuote(api, request)).to.equal(undefined);
  });

  it('the network gate: an unlisted chain has no quote, allowance 0; its tokens, gas price and builders throw docs/specification.md#errors\'s messages', async () => {
    supported = [];
    // Said, not an empty list the Swap view reads as "No tokens match".
    expect((await rejection(getSwapTokens(api, CHAIN))).shortMessage).to.equal('Network not supported for Swaps');
    expect(await getSwapQuote(api, { from: ETH, to: LUSD, amount: 1n, userAddress: USER, gasPrice: undefined })).to.equal(undefined);
    expect(await getSwapAllowance(api, LUSD, `${CHAIN}:${USER}`)).to.equal(0n);
    expect((await rejection(getSwapGasPrice(api, CHAIN))).shortMessage).to.equal('Network not supported for Gas Price');
    expect((await rejection(buildSwapApprove(api, { userAddress: `${CHAIN}:${USER}`, from: LUSD, to: ETH, amount: 1n }))).shortMessage).to.equal('Network not supported for Swaps');
    expect((await rejection(buildSwapTransaction(api, { userAddress: `${CHAIN}:${USER}`, from: LUSD, to: ETH, amount: 1n, slippage: 1, native: false }))).shortMessage).to.equal('Network not supported for Swaps');
    expect(net.calls.every((u) => u.pathname.endsWith('/supported-chains'))).to.equal(true);
  });

  it('allowance and gas price as bigint; the approve built from build-approve (gas a number), to a plain address', async () => {
    net.route('/prefix/v1/convert/allowance', () => ({ body: { allowance: '500' } }));
    net.route('/prefix/v1/convert/gas-price', () => ({ body: { standard: '1000000000', fast: '1500000000', instant: '2000000000' } }));
    // The hosted service names the approved token in tx.from and the other one in tx.to: the approval goes to tx.from.
    net.route('/prefix/v1/convert/build-approve', () => ({ body: { tx: { from: LUSD, to: ETH, data: '0x095ea7b3', value: '0', eip155: { gas: 50000, gasPrice: '1000000000' } } } }));
    expect(await getSwapAllowance(api, LUSD, `${CHAIN}:${USER}`)).to.equal(500n);
    expect(await getSwapGasPrice(api, CHAIN)).to.deep.equal({ standard: 1_000_000_000n, fast: 1_500_000_000n, instant: 2_000_000_000n });
    const approve = await buildSwapApprove(api, { userAddress: `${CHAIN}:${USER}`, from: LUSD, to: ETH, amount: 5n });
    expect(approve).to.deep.equal({ to: '0x5FbDB2315678afecb367f032d93F642f64180aa3', data: '0x095ea7b3', value: 0n, gas: 50_000n, gasPrice: 1_000_000_000n });
    const call = net.calls.find((u) => u.pathname.endsWith('/build-approve'))!;
    expect(call.searchParams.get('userAddress')).to.equal(`${CHAIN}:${USER}`);
    expect(call.searchParams.get('from')).to.equal(LUSD);
    expect(call.searchParams.get('to')).to.equal(ETH);
  });

  it('build-transaction: a POST with the reference body (slippage in percent, projectId, disableEstimate) and no query; native input sends its amount as value', async () => {
    let body: unknown;
    let query = '';
    net.route('/prefix/v1/convert/build-transaction', (url, init) => {
      body = JSON.parse(String(init?.body));
      query = url.search;
      return { body: { tx: { from: `${CHAIN}:${USER}`, to: `${CHAIN}:${ROUTER}`, data: '0x7ff36ab5', amount: '1000', eip155: { gas: '210000', gasPrice: '1' } } } };
    });
    const tx = await buildSwapTransaction(api, { userAddress: `${CHAIN}:${USER}`, from: ETH, to: LUSD, amount: 1000n, slippage: 0.5, native: true });
    expect(body).to.deep.equal({ amount: '1000', eip155: { slippage: 0.5 }, projectId: 'p1', from: ETH, to: LUSD, userAddress: `${CHAIN}:${USER}`, disableEstimate: true });
    expect(query).to.equal('');
    expect(tx).to.deep.equal({ to: ROUTER, data: '0x7ff36ab5', value: 1000n, gas: 210_000n, gasPrice: 1n });
    const token = await buildSwapTransaction(api, { userAddress: `${CHAIN}:${USER}`, from: LUSD, to: ETH, amount: 1000n, slippage: 1, native: false });
    expect(token.value).to.equal(0n);
  });

  it('a service that is down is SERVICE_UNAVAILABLE; a malformed body INVALID_RESPONSE', async () => {
    net.route('/prefix/v1/convert/quotes', () => { throw new TypeError('Failed to fetch'); });
    const down = await rejection(getSwapQuote(api, { from: ETH, to: LUSD, amount: 1n, userAddress: USER, gasPrice: undefined }));
    expect(down).to.include({ code: 'SERVICE_UNAVAILABLE' });
    net.route('/prefix/v1/convert/allowance', () => ({ body: { allowance: '-1' } }));
    expect(await rejection(getSwapAllowance(api, LUSD, `${CHAIN}:${USER}`))).to.include({ code: 'INVALID_RESPONSE' });
  });
});
