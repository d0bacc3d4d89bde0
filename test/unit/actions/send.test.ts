import { expect } from '@esm-bundle/chai';
import { clearWalletApiCaches } from '../../../src/services/wallet-api.js';
import { connect } from '../../../src/stores/actions/index.js';
import { confirmSend, retrySendFee, reviewSend, updateSendDraft } from '../../../src/stores/actions/send.js';
import { fillMaxAmount } from '../../../src/stores/actions/send-form.js';
import { $lastError } from '../../../src/stores/errors.js';
import { resetPortfolioRetryBlock } from '../../../src/stores/portfolio.js';
import { $history, $route, pushRoute, resetRoute } from '../../../src/stores/route.js';
import { $sendDraft, $sendErrors, $sendTokens } from '../../../src/stores/send.js';
import { $sendFee } from '../../../src/stores/send-fee.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { ALICE, BOB, sleep } from '../support/fake-wallet.js';
import { type PageWallet, pageWallet, resetStores, watchWallets } from '../support/stores.js';

const CHANGED = 'The network or account changed. Review the transfer again.';
const HASH = `0x${'ab'.repeat(32)}`;
const NATIVE_KEY = 'eip155:1:native';

/** Polls `check` for up to 8 s (the first import of viem is slow here); fails the test when it never holds. */
async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 800; i++) {
    if (check()) return;
    await sleep(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('actions/send: the review is pinned to its chain and account', () => {
  let net: FakeFetch;
  let wallet: PageWallet;
  let stopWatching: () => void;
  let stopTokens: () => void;
  /** The node's answers: 21000 gas at 1 gwei, a fee of 0.000021 ETH. */
  let rpc: Record<string, string>;

  // The chunks the review and the send load (viem among them) are fetched and compiled once, here, with time to
  // spare: on a loaded machine their first load alone took the first test past its 10 s limit.
  before(async function () {
    this.timeout(60_000);
    await Promise.all([
      import('../../../src/connectors/evm/checksum.js'),
      import('../../../src/connectors/evm/transfer.js'),
      import('../../../src/connectors/evm/balance.js'),
      import('../../../src/connectors/evm/json-rpc.js'),
      import('../../../src/connectors/evm/injected-session.js'),
    ]);
  });

  beforeEach(async () => {
    resetStores({ apiUrl: 'http://api.test', projectId: 'p1', networks: ['eip155:1', 'eip155:137'] });
    resetPortfolioRetryBlock();
    clearWalletApiCaches();
    $sendFee.set(undefined);
    $sendErrors.set({});
    net = installFakeFetch();
    rpc = { eth_estimateGas: '0x5208', eth_gasPrice: '0x3b9aca00' };
    net.route('/v1/supported-chains', () => ({ body: { http: ['eip155:1', 'eip155:137'] } }));
    net.route(`/v1/account/${ALICE}/balance`, (url) => ({ body: { balances: [
      { name: 'Ether', symbol: 'ETH', chainId: url.searchParams.get('chainId'), price: 1, quantity: { decimals: '18', numeric: '2' }, iconUrl: '' },
    ] } }));
    net.route(`/v1/account/${ALICE}/history`, () => ({ body: { data: [], next: null } }));
    // Reads go to the API's JSON-RPC proxy for the chain (the API lists it as supported), not to the wallet.
    net.route('/v1', (url, init) => {
      const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string };
      expect(url.searchParams.get('chainId')).to.equal('eip155:1');
      const result = rpc[method];
      return { body: result === undefined ? { jsonrpc: '2.0', id, error: { code: -32000, message: `no ${method}` } } : { jsonrpc: '2.0', id, result } };
    });
    stopWatching = watchWallets();
    wallet = pageWallet({ accounts: [ALICE, BOB], chainId: '0x1' });
    wallet.provider.handle('eth_sendTransaction', () => HASH);
    await connect(wallet.id);
    stopTokens = $sendTokens.listen(() => {});
    await until(() => $sendTokens.get().length > 0, 'the tokens');
    resetRoute({ view: 'Account' });
    pushRoute({ view: 'Send' });
    updateSendDraft({ tokenKey: NATIVE_KEY, amount: '0.5', receiver: BOB });
  });
  afterEach(() => {
    stopTokens();
    wallet.stop();
    stopWatching();
    net.restore();
    resetStores();
  });

  const sends = () => wallet.provider.calls.filter((c) => c.method === 'eth_sendTransaction');

  it('the review records the chain and the sender, and the draft comes from updateSendDraft', async () => {
    expect($sendDraft.get()).to.deep.equal({ tokenKey: NATIVE_KEY, amount: '0.5', receiver: BOB });
    await reviewSend();
    const route = $route.get();
    expect(route.view).to.equal('SendReview');
    expect(route.view === 'SendReview' && route.transfer).to.include({ chainId: 'eip155:1', from: ALICE, to: BOB, amount: '500000000000000000' });
  });

  it('a chain change while reviewing goes back to Send with the message; confirm then asks the wallet nothing', async () => {
    await reviewSend();
    const review = $route.get();
    wallet.provider.emit('chainChanged', '0x89');
    expect($route.get()).to.deep.equal({ view: 'Send', error: CHANGED });
    expect($history.get().map((r) => r.view)).to.deep.equal(['Account', 'Send']);
    // Even if something still confirms the old review, the wallet is not asked.
    pushRoute(review);
    await confirmSend();
    expect(sends()).to.deep.equal([]);
    expect($route.get()).to.deep.equal({ view: 'Send', error: CHANGED });
  });

  it('an account change while reviewing goes back to Send with the message', async () => {
    await reviewSend();
    wallet.provider.emit('accountsChanged', [BOB, ALICE]);
    expect($route.get()).to.deep.equal({ view: 'Send', error: CHANGED });
    await confirmSend();
    expect(sends()).to.deep.equal([]);
  });

  it('sends with the reviewed chainId, so a wallet elsewhere refuses it', async () => {
    wallet.provider.handle('eth_getTransactionReceipt', () => ({ transactionHash: HASH, blockNumber: '0x1', status: '0x1', logs: [] }));
    await reviewSend();
    void confirmSend();
    await until(() => $route.get().view === 'Account', 'the Account view after sending');
    expect(sends().map((c) => (c.params as Record<string, unknown>[])[0])).to.deep.equal([
      { from: ALICE, to: BOB, value: '0x6f05b59d3b20000', chainId: '0x1' },
    ]);
  });

  it('the fee estimate is keyed by chain and sender', async () => {
    await reviewSend();
    await until(() => $sendFee.get()?.status === 'ready', 'the fee');
    expect($sendFee.get()!.key).to.equal(`eip155:1|${ALICE}|${NATIVE_KEY}|500000000000000000|${BOB}`);
  });

  it('a name that is not registered (404) reads "No address found"; a failing service says it failed', async () => {
    updateSendDraft({ receiver: 'nobody.eth' });
    $lastError.set(undefined);
    net.route('/v1/profile/account/nobody.eth', () => ({ status: 404, body: { message: 'not found' } }));
    await reviewSend();
    expect($route.get()).to.deep.equal({ view: 'Send' });
    expect($sendErrors.get()).to.deep.equal({ receiver: 'No address found for nobody.eth' });
    expect($lastError.get()).to.equal(undefined);
    net.route('/v1/profile/account/nobody.eth', () => ({ status: 502, body: {} }));
    await reviewSend();
    expect($sendErrors.get()).to.deep.equal({ receiver: 'Could not look up nobody.eth: the name service failed. Try again.' });
    expect($lastError.get()?.error.code).to.equal('SERVER_ERROR');
  });

  it('refuses the whole native balance before review: nothing is left for the fee', async () => {
    updateSendDraft({ amount: '2' });
    await reviewSend();
    expect($route.get()).to.deep.equal({ view: 'Send' });
    expect($sendErrors.get()).to.deep.equal({ amount: 'Not enough ETH for this amount and the network fee: keep about 0.0000315 ETH for the fee' });
  });

  it('Max leaves twice the fee for a native coin, and the review then accepts it', async () => {
    updateSendDraft({ amount: '' });
    await fillMaxAmount();
    expect($sendDraft.get().amount).to.equal('1.999958');
    await reviewSend();
    expect($route.get().view).to.equal('SendReview');
  });

  it('messages stay until their field is edited, and go with it', async () => {
    updateSendDraft({ tokenKey: undefined, amount: '', receiver: `0x${'0'.repeat(40)}` });
    await reviewSend();
    expect($sendErrors.get()).to.deep.equal({
      token: 'A token is required', amount: 'An amount and receiver address are required', receiver: 'This is the zero address: anything sent there is lost for good',
    });
    updateSendDraft({ amount: '1' });
    expect($sendErrors.get()).to.deep.equal({ token: 'A token is required', receiver: 'This is the zero address: anything sent there is lost for good' });
    updateSendDraft({ tokenKey: NATIVE_KEY });
    updateSendDraft({ receiver: BOB });
    expect($sendErrors.get()).to.deep.equal({});
  });

  it('a fee that cannot be estimated: the review says so and "Send now" asks the wallet nothing', async () => {
    delete rpc.eth_estimateGas;
    await reviewSend();
    expect($route.get().view).to.equal('SendReview');
    expect($sendFee.get()?.status).to.equal('error');
    await confirmSend();
    expect(sends()).to.deep.equal([]);
    rpc.eth_estimateGas = '0x5208';
    retrySendFee();
    await until(() => $sendFee.get()?.status === 'ready', 'the fee on retry');
  });
});
