// Buy with card, service half: the wallet data API's on-ramp calls (docs/wire-formats.md#wallet-data-api) in the
// reference's shapes and errors, and the sandbox provider's payment page paying out on the local chains.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { createPublicClient, erc20Abi, http, parseUnits, type Address } from 'viem';
import { createWalletApi } from '../../server/api/app.js';
import { PAGE_CSP } from '../../devstack/onramp-sandbox/pages.js';
import { startStack, type Stack } from '../../devstack/stack.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const PROJECT = 'test-project';
const COMMON = { projectId: PROJECT, st: 'wallet-connect-modal', sv: 'html-core-test' };
/** Accounts #5 and #6 of the anvil mnemonic: nothing in the seed touches them. */
const BUYER = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc' as Address;
const BUYER_2 = '0x976EA74026E726554dB657fA54763abd0C3a0aa9' as Address;

describe('on-ramp: service and sandbox provider', () => {
  let stack: Stack;
  const api = (path: string) => new URL(path, stack.apiUrl);
  const post = async (path: string, body: unknown, projectId = PROJECT): Promise<{ status: number; json: Json }> => {
    const url = api(path);
    if (projectId) url.searchParams.set('projectId', projectId);
    const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as Json };
  };
  const options = async (): Promise<Json> => {
    const res = await fetch(`${api('v1/onramp/options')}?${new URLSearchParams(COMMON)}`);
    assert.equal(res.status, 200);
    return (await res.json()) as Json;
  };
  const pay = async (url: string, number: string) => {
    const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ number, expiry: '12/34', cvc: '123' }), redirect: 'manual' });
    return { status: res.status, html: await res.text(), csp: res.headers.get('content-security-policy') };
  };
  const evm = () => createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) });

  before(async () => {
    stack = await startStack();
  });
  after(() => stack?.stop());

  it('GET /v1/onramp/options: USD and EUR with the docs/specification.md#constants limits per method; ETH and LUSD on each EVM chain, SOL and USDS on Solana', async () => {
    const body = await options();
    assert.deepEqual(body.paymentCurrencies, ['USD', 'EUR'].map((id) => ({ id, payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'ach_bank_account', min: '10.00', max: '25000.00' }] })));
    const bySymbol = Object.fromEntries((body.purchaseCurrencies as Json[]).map((c) => [c.symbol, c]));
    assert.deepEqual(Object.keys(bySymbol), ['ETH', 'LUSD', 'SOL', 'USDS']);
    assert.deepEqual(bySymbol.ETH.networks, [
      { name: 'local-31337', display_name: 'Localhost 31337', chain_id: '31337', contract_address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' },
      { name: 'local-31338', display_name: 'Localhost 31338', chain_id: '31338', contract_address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' },
    ]);
    assert.equal(bySymbol.LUSD.networks[0].contract_address, stack.seeded[0]!.usdToken);
    assert.deepEqual(bySymbol.SOL.networks, [{ name: 'solana-local', display_name: 'Solana Local', chain_id: stack.solana.chainId.slice('solana:'.length), contract_address: 'So11111111111111111111111111111111111111111' }]);
    for (const c of body.purchaseCurrencies as Json[]) assert.deepEqual(Object.keys(c), ['id', 'name', 'symbol', 'networks']);
  });

  it('POST /v1/onramp/quote: the fee, the network fee and the amount bought at the service price, each { amount, currency }', async () => {
    const { status, json } = await post('v1/onramp/quote', { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'local-31337' });
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(json), ['paymentTotal', 'paymentSubtotal', 'purchaseAmount', 'coinbaseFee', 'networkFee', 'quoteId']);
    assert.deepEqual(json.paymentTotal, { amount: '100.00', currency: 'USD' });
    assert.deepEqual(json.coinbaseFee, { amount: '1.50', currency: 'USD' });
    assert.deepEqual(json.networkFee, { amount: '0.25', currency: 'USD' });
    assert.deepEqual(json.paymentSubtotal, { amount: '98.25', currency: 'USD' });
    // 1 ETH = 2000 LUSD in the seeded pools: 98.25 / 2000.
    assert.deepEqual(json.purchaseAmount, { amount: '0.049125', currency: 'ETH' });
    assert.match(json.quoteId, /^[0-9a-f-]{36}$/);
    // EUR at the sandbox's fixed 1.08: 98.25 × 1.08 / 2000 = 0.053055.
    const eur = await post('v1/onramp/quote', { purchaseCurrency: 'ETH', paymentCurrency: 'EUR', amount: '100.00', network: 'local-31337' });
    assert.deepEqual(eur.json.purchaseAmount, { amount: '0.053055', currency: 'ETH' });
    // SOL is 150 USD in the stack's price table: 98.25 / 150 = 0.655.
    const sol = await post('v1/onramp/quote', { purchaseCurrency: 'SOL', paymentCurrency: 'USD', amount: '100', network: 'solana-local' });
    assert.deepEqual(sol.json.purchaseAmount, { amount: '0.655', currency: 'SOL' });
  });

  it("POST /v1/onramp/quote takes the hosted client's body: currency objects from options and the symbol as network", async () => {
    const { purchaseCurrencies, paymentCurrencies } = await options();
    const lusd = (purchaseCurrencies as Json[]).find((c) => c.symbol === 'LUSD');
    const { status, json } = await post('v1/onramp/quote', { purchaseCurrency: lusd, paymentCurrency: paymentCurrencies[0], amount: '50', network: 'LUSD' });
    assert.equal(status, 200);
    assert.deepEqual(json.purchaseAmount, { amount: '49', currency: 'LUSD' });
  });

  it('POST /v1/onramp/quote refuses bad input with a 400 naming it', async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '9.99', network: 'local-31337' }, 'amount', /between 10\.00 and 25000\.00 USD/],
      [{ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '25000.01', network: 'local-31337' }, 'amount', /between 10\.00 and 25000\.00 USD/],
      [{ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '10.001', network: 'local-31337' }, 'amount', /at most 2 decimals/],
      [{ purchaseCurrency: 'ETH', paymentCurrency: 'JPY', amount: '100', network: 'local-31337' }, 'paymentCurrency', /USD, EUR/],
      [{ purchaseCurrency: 'DOGE', paymentCurrency: 'USD', amount: '100' }, 'purchaseCurrency', /DOGE is not sold/],
      [{ purchaseCurrency: 'SOL', paymentCurrency: 'USD', amount: '100', network: 'local-31337' }, 'network', /SOL is not sold on local-31337/],
      [{ paymentCurrency: 'USD', amount: '100' }, 'purchaseCurrency', /./],
    ];
    for (const [body, name, description] of cases) {
      const { status, json } = await post('v1/onramp/quote', body);
      assert.equal(status, 400, JSON.stringify(body));
      assert.equal(json.status, 'ERROR');
      assert.equal(json.reasons[0].name, name, JSON.stringify(json));
      assert.match(json.reasons[0].description, description);
    }
    assert.equal((await post('v1/onramp/quote', '{', PROJECT)).status, 400);
    const noProject = await post('v1/onramp/quote', { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100' }, '');
    assert.equal(noProject.status, 400);
    assert.equal(noProject.json.reasons[0].name, 'projectId');
  });

  it('POST /v1/generators/onrampurl: the sandbox payment page, on its own origin, under a strict CSP with no script', async () => {
    const { status, json } = await post('v1/generators/onrampurl', {
      destinationWallets: [{ address: BUYER, blockchains: ['local-31337'], assets: ['ETH'] }],
      defaultNetwork: 'local-31337',
      partnerUserId: BUYER,
      defaultExperience: 'buy',
      presetFiatAmount: 100,
    });
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(json), ['url']);
    const url = new URL(json.url);
    assert.equal(url.origin, new URL(stack.onrampUrl).origin);
    assert.notEqual(url.origin, new URL(stack.url).origin);
    assert.notEqual(url.origin, new URL(stack.apiUrl).origin);
    const page = await fetch(url);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('content-security-policy'), PAGE_CSP);
    const html = await page.text();
    assert.doesNotMatch(html, /<script|\sstyle=|\son\w+=/i);
    assert.match(html, /You pay<\/dt><dd data-total>100\.00 USD/);
    assert.match(html, /You receive<\/dt><dd data-receive>0\.049125 ETH/);
    assert.match(html, /4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined/);
  });

  it('POST /v1/generators/onrampurl refuses a wallet that is not an address of the network, and a missing amount', async () => {
    const bad = await post('v1/generators/onrampurl', { destinationWallets: [{ address: 'not-an-address', blockchains: ['local-31337'], assets: ['ETH'] }], partnerUserId: 'x', defaultExperience: 'buy', presetFiatAmount: 100 });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.reasons[0].name, 'address');
    const noAmount = await post('v1/generators/onrampurl', { destinationWallets: [{ address: BUYER, blockchains: ['local-31337'], assets: ['ETH'] }], partnerUserId: 'x', defaultExperience: 'buy' });
    assert.equal(noAmount.status, 400);
    assert.equal(noAmount.json.reasons[0].name, 'presetFiatAmount');
  });

  it('a declined card moves nothing; the success card then sends exactly the quoted ETH, once', async () => {
    const quote = await post('v1/onramp/quote', { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '250', network: 'local-31337' });
    const { json } = await post('v1/generators/onrampurl', { destinationWallets: [{ address: BUYER, blockchains: ['local-31337'], assets: ['ETH'] }], defaultNetwork: 'local-31337', partnerUserId: BUYER, defaultExperience: 'buy', presetFiatAmount: '250' });
    const before = await evm().getBalance({ address: BUYER });
    const declined = await pay(json.url, '4000 0000 0000 0002');
    assert.equal(declined.status, 402);
    assert.match(declined.html, /role="alert">Your card was declined\. No money was taken\./);
    assert.equal(await evm().getBalance({ address: BUYER }), before);
    const unknown = await pay(json.url, '4111 1111 1111 1111');
    assert.equal(unknown.status, 400);
    assert.equal(await evm().getBalance({ address: BUYER }), before);

    const paid = await pay(json.url, '4242 4242 4242 4242');
    assert.equal(paid.status, 200);
    assert.equal(paid.csp, PAGE_CSP);
    assert.match(paid.html, /Payment complete: 0\.12\d* ETH sent\./);
    const expected = parseUnits(quote.json.purchaseAmount.amount as string, 18);
    assert.equal(await evm().getBalance({ address: BUYER }), before + expected);
    // Paying again shows the receipt and sends nothing more.
    const again = await pay(json.url, '4242 4242 4242 4242');
    assert.match(again.html, /Payment complete/);
    assert.equal(await evm().getBalance({ address: BUYER }), before + expected);
  });

  it('the success card sends the quoted LUSD (ERC-20) on the second chain', async () => {
    const client = createPublicClient({ transport: http(stack.chains[1]!.rpcUrl) });
    const token = stack.seeded[1]!.usdToken;
    const balance = () => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [BUYER_2] });
    const before = await balance();
    const quote = await post('v1/onramp/quote', { purchaseCurrency: 'LUSD', paymentCurrency: 'EUR', amount: '40', network: 'local-31338' });
    const { json } = await post('v1/generators/onrampurl', { destinationWallets: [{ address: BUYER_2, blockchains: ['local-31338'], assets: ['LUSD'] }], partnerUserId: BUYER_2, defaultExperience: 'buy', presetFiatAmount: 40, paymentCurrency: 'EUR' });
    assert.equal((await pay(json.url, '4242424242424242')).status, 200);
    assert.equal(await balance(), before + parseUnits(quote.json.purchaseAmount.amount as string, 6));
  });

  it('on Solana the success card sends the quoted SOL and USDS to a new account', async () => {
    const buyer = Keypair.generate().publicKey.toBase58();
    const conn = new Connection(stack.solana.rpcUrl, 'confirmed');
    for (const symbol of ['SOL', 'USDS']) {
      const quote = await post('v1/onramp/quote', { purchaseCurrency: symbol, paymentCurrency: 'USD', amount: '30', network: 'solana-local' });
      const { status, json } = await post('v1/generators/onrampurl', { destinationWallets: [{ address: buyer, blockchains: ['solana-local'], assets: [symbol] }], partnerUserId: buyer, defaultExperience: 'buy', presetFiatAmount: 30 });
      assert.equal(status, 200, JSON.stringify(json));
      assert.equal((await pay(json.url, '4242424242424242')).status, 200);
      const expected = parseUnits(quote.json.purchaseAmount.amount as string, symbol === 'SOL' ? 9 : 6);
      if (symbol === 'SOL') assert.equal(BigInt(await conn.getBalance(new PublicKey(buyer))), expected);
      else {
        const accounts = await conn.getParsedTokenAccountsByOwner(new PublicKey(buyer), { mint: new PublicKey(stack.solana.seeded!.usdToken) });
        assert.equal(accounts.value[0]?.account.data.parsed.info.tokenAmount.amount, expected.toString());
      }
    }
  });
});

describe('on-ramp: service without a provider', () => {
  it('no provider: empty options (the hosted "unsupported" answer); a provider that does not answer: 502', async () => {
    const none = await createWalletApi({ chains: [], dbPath: ':memory:' });
    const down = await createWalletApi({ chains: [], dbPath: ':memory:', onrampUrl: 'http://127.0.0.1:9/' });
    try {
      const res = await none.app.request(`/v1/onramp/options?${new URLSearchParams(COMMON)}`);
      assert.deepEqual(await res.json(), { paymentCurrencies: [], purchaseCurrencies: [] });
      const quote = await down.app.request(`/v1/onramp/quote?projectId=${PROJECT}`, { method: 'POST', body: JSON.stringify({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100' }) });
      assert.equal(quote.status, 502);
      assert.equal(((await quote.json()) as Json).reasons[0].name, 'onramp');
      const opts = await down.app.request(`/v1/onramp/options?${new URLSearchParams(COMMON)}`);
      assert.equal(opts.status, 502);
    } finally {
      await Promise.all([none.close(), down.close()]);
    }
  });
});
