import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { $sendDraft } from '../../src/stores/send.js';
import { useAccountFixture } from '../element/support/account.js';
import { cleanup, mount, openAndRender, parts, titleText, waitFor, walletButtons } from '../element/support/element.js';
import { BALANCES, routeSwapService } from '../element/support/swap.js';
import { records, serveDirectory } from '../unit/support/fake-directory.js';
import { type FakeFetch, installFakeFetch } from '../unit/support/fake-fetch.js';
import { sendKeys } from '@web/test-runner-commands';
import { ALICE, BOB, SVG_ICON, announceWallet, createFakeProvider, deferred, walletInfo } from '../unit/support/fake-wallet.js';
import { pictures, preparePage } from './support.js';
import { fakeSolanaWallet } from '../unit/support/fake-solana-wallet.js';

/*
 * Pictures of each view state (loading, empty, error, success) at desktop and phone sizes, light and dark,
 * compared with test/visual/baselines/. Fixed data only: fake wallets, a scripted directory and wallet data API.
 */
before(preparePage);

/** Answers the chain RPC (the wallet API's `/v1`) with these results by method. */
const answerRpc = (net: FakeFetch, answers: Record<string, string>) =>
  net.route('/v1', (_url, init) => {
    const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string };
    return { body: { jsonrpc: '2.0', id, result: answers[method] } };
  });

/** Until the Arabic catalogue has come in and the dialog is laid out right to left. */
const inArabic = (el: WalletConnectModalElement) =>
  waitFor(() => el.shadowRoot!.querySelector('dialog[dir="rtl"]') && /[\u0600-\u06FF]/.test(titleText(el)), 'the Arabic, right-to-left dialog', 15000);

/** A suite's wallet announcements (their stop functions): the widget cleaned up, then each stopped, after every test. */
function useAnnouncements(): (() => void)[] {
  const stops: (() => void)[] = [];
  afterEach(async () => {
    await cleanup();
    for (const stop of stops.splice(0)) stop();
  });
  return stops;
}

describe('pictures: Connect, the help views, All wallets', () => {
  let net: FakeFetch;
  const stops: (() => void)[] = [];
  beforeEach(() => {
    net = installFakeFetch();
  });
  afterEach(async () => {
    await cleanup();
    for (const stop of stops.splice(0)) stop();
    net.restore();
  });

  it('Connect: no wallet', async () => {
    const el = mount({ networks: 'eip155:1' });
    await openAndRender(el);
    await pictures(el, 'connect', 'empty');
  });

  it('Connect: browser wallets and WalletConnect', async () => {
    stops.push(announceWallet(walletInfo('com.example.one', 'Example Wallet'), createFakeProvider({ accounts: [ALICE], chainId: '0x1' })));
    stops.push(announceWallet(walletInfo('com.example.two', 'Second Wallet'), createFakeProvider({ accounts: [ALICE], chainId: '0x1' })));
    const el = mount({ networks: 'eip155:1', 'project-id': 'p1', 'relay-url': 'ws://127.0.0.1:9', 'directory-url': `${location.origin}/fake-directory-connect` });
    serveDirectory(net, records(3), {}, '/fake-directory-connect');
    await openAndRender(el);
    await waitFor(() => walletButtons(el).length === 2, 'both wallets');
    await pictures(el, 'connect', 'wallets');
  });

  it('Connect in Arabic: right to left', async () => {
    stops.push(announceWallet(walletInfo('com.example.one', 'Example Wallet'), createFakeProvider({ accounts: [ALICE], chainId: '0x1' })));
    const el = mount({ networks: 'eip155:1', lang: 'ar', 'project-id': 'p1', 'relay-url': 'ws://127.0.0.1:9', 'directory-url': `${location.origin}/fake-directory-connect-ar` });
    serveDirectory(net, records(3), {}, '/fake-directory-connect-ar');
    await openAndRender(el);
    await waitFor(() => walletButtons(el).length > 0, 'the wallet');
    await inArabic(el);
    await pictures(el, 'connect', 'wallets-ar');
  });

  it('WhatIsAWallet', async () => {
    const el = mount({ networks: 'eip155:1' });
    await openAndRender(el, { view: 'WhatIsAWallet' });
    await pictures(el, 'what-is-a-wallet', 'default');
  });

  it('GetAWallet', async () => {
    const el = mount({ networks: 'eip155:1' });
    await openAndRender(el, { view: 'GetAWallet' });
    await pictures(el, 'get-a-wallet', 'default');
  });

  for (const state of ['loading', 'list', 'error'] as const) {
    it(`AllWallets: ${state}`, async () => {
      const base = `/fake-directory-all-${state}`;
      serveDirectory(net, records(24), {
        hold: () => (state === 'loading' ? new Promise(() => {}) : undefined),
        fail: () => (state === 'error' ? 500 : undefined),
      }, base);
      const el = mount({ networks: 'eip155:1', 'project-id': 'p1', 'directory-url': `${location.origin}${base}`, 'relay-url': 'ws://127.0.0.1:9' });
      el.open({ view: 'AllWallets' });
      await waitFor(() => titleText(el) === 'All Wallets', 'the AllWallets title');
      if (state === 'list') await waitFor(() => parts(el, 'wallet-button').filter((b) => b.classList.contains('directory-wallet')).length === 24, 'the wallets');
      if (state === 'error') await waitFor(() => el.shadowRoot!.querySelector('.directory [role="alert"]'), 'the error');
      await pictures(el, 'all-wallets', state);
    });
  }

  it('AllWallets: a search without a match', async () => {
    serveDirectory(net, records(24), {}, '/fake-directory-all-none');
    const el = mount({ networks: 'eip155:1', 'project-id': 'p1', 'directory-url': `${location.origin}/fake-directory-all-none`, 'relay-url': 'ws://127.0.0.1:9' });
    el.open({ view: 'AllWallets' });
    (await waitFor(() => el.shadowRoot!.querySelector<HTMLInputElement>('[part~="search-input"]'), 'the search field')).focus();
    await sendKeys({ type: 'zz' });
    await waitFor(() => el.shadowRoot!.querySelector('.directory [role="status"]')?.textContent === 'No wallet matches “zz”', 'the no-match message', 10000);
    await pictures(el, 'all-wallets', 'no-match');
  });
});

// The social block asks nothing of the network before a click: no fake fetch here.
describe('pictures: Connect with the social buttons', () => {
  const stops = useAnnouncements();

  it('Connect with the social buttons', async () => {
    stops.push(announceWallet(walletInfo('com.example.one', 'Example Wallet'), createFakeProvider({ accounts: [ALICE], chainId: '0x1' })));
    const el = mount({ networks: 'eip155:1', features: 'socials', 'auth-url': `http://localhost:${location.port}/auth/` });
    await openAndRender(el);
    await waitFor(() => parts(el, 'social-button').length === 7 && walletButtons(el).length > 0, 'the social buttons and the wallets');
    await pictures(el, 'connect', 'socials');
  });
});

/** History in a past year (the date reads the same whichever year the tests run in). */
const minedAt = '2025-03-14T10:00:00Z';
const transaction = (n: number, operationType: string, direction: string, symbol: string, numeric: string, status = 'confirmed') => ({
  id: `0x${n.toString(16).padStart(64, '0')}`,
  metadata: { hash: `0x${n.toString(16).padStart(64, '0')}`, chain: 'eip155:1', minedAt, status, nonce: n, operationType, sentFrom: direction === 'in' ? BOB : ALICE, sentTo: direction === 'in' ? ALICE : BOB },
  transfers: [{ fungible_info: { name: symbol, symbol }, direction, quantity: { numeric } }],
});
const HISTORY = [
  transaction(1, 'receive', 'in', 'LUSD', '250'),
  transaction(2, 'send', 'out', 'ETH', '0.25'),
  transaction(3, 'send', 'out', 'LUSD', '12.5', 'failed'),
];

describe('pictures: Activity, Buy and Get a name', () => {
  let el: WalletConnectModalElement;
  let net: FakeFetch;
  const { connectAndOpen } = useAccountFixture(
    { wallet: { rdns: 'com.example.visual-more', name: 'Example Wallet' }, chains: ['eip155:1'], balances: BALANCES, features: 'history,onramp,names' },
    (fixture) => ({ el, net } = fixture),
  );
  const $ = <T extends Element = HTMLElement>(selector: string) => el.shadowRoot!.querySelector<T>(selector);

  it('Activity: sent, received and failed', async () => {
    answerRpc(net, { eth_getBalance: '0x14d1120d7b160000', eth_chainId: '0x1' });
    net.route(`/v1/account/${ALICE}/history`, () => ({ body: { data: HISTORY, next: null } }));
    await connectAndOpen();
    await waitFor(() => $('[part="balance"] [data-balance]'), 'the native balance', 15000);
    (await waitFor(() => $('[data-tab="activity"]'), 'the Activity tab')).click();
    await waitFor(() => el.shadowRoot!.querySelectorAll('.activity-list [data-transaction]').length === 3, 'the rows', 8000);
    await pictures(el, 'activity', 'list');
  });

  it('Buy: the form with an estimate', async () => {
    answerRpc(net, { eth_getBalance: '0x14d1120d7b160000', eth_chainId: '0x1' });
    net.route('/v1/onramp/options', () => ({ status: 500, body: {} }));
    net.route('/v1/onramp/quote', () => ({ status: 503, body: {} }));
    net.route('/v1/fungible/price', (_url, init) => {
      const { addresses } = JSON.parse(String(init?.body)) as { addresses: string[] };
      return { body: { fungibles: [{ address: addresses[0], name: 'USD Coin', symbol: 'USDC', iconUrl: '', price: 1 }] } };
    });
    await connectAndOpen();
    (await waitFor(() => $<HTMLButtonElement>('[data-action="buy"]'), 'the Buy entry')).click();
    await waitFor(() => $('.onramp-quote[data-quote="estimate"]'), 'the estimate', 15000);
    await pictures(el, 'buy', 'estimate');
    $<HTMLButtonElement>('[data-action="pick-currency"]')!.click();
    await waitFor(() => titleText(el) === 'Select Token' && $('[data-option]'), 'OnRampTokenSelect');
    await pictures(el, 'buy-select-token', 'defaults');
  });

  it('ProfileWallets: the connected wallet, add one per ecosystem', async () => {
    answerRpc(net, { eth_getBalance: '0x14d1120d7b160000', eth_chainId: '0x1' });
    await connectAndOpen();
    await openAndRender(el, { view: 'ProfileWallets' });
    await waitFor(() => $('[data-action="add-wallet"]'), 'the add-wallet button');
    await pictures(el, 'profile-wallets', 'one');
  });

  it('Get a name: a rule broken', async () => {
    answerRpc(net, { eth_getBalance: '0x14d1120d7b160000', eth_chainId: '0x1' });
    await connectAndOpen();
    (await waitFor(() => $<HTMLButtonElement>('[data-action="get-name"]'), 'Get a name', 8000)).click();
    const input = await waitFor(() => $<HTMLInputElement>('#name-input'), 'the name field');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'my_name');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await waitFor(() => $('#name-status')?.textContent === 'Use only letters a–z, digits 0–9 and hyphens', 'the character rule');
    await pictures(el, 'register-name', 'invalid');
  });
});

/** A large balance with many decimals: the review's amount, fee and total must stay inside the panel. */
const WHALE = [{ ...BALANCES[0], value: 20002499.22, quantity: { decimals: '18', numeric: '10001.249612345678901234' } }, BALANCES[1]];

for (const { state, balances } of [{ state: 'tokens', balances: BALANCES }, { state: 'empty', balances: [] }, { state: 'whale', balances: WHALE }]) {
  describe(`pictures: Account (${state}) and the views it leads to`, () => {
    let el: WalletConnectModalElement;
    let net: FakeFetch;
    const { connectAndOpen } = useAccountFixture(
      { wallet: { rdns: `com.example.visual-${state}`, name: 'Example Wallet' }, chains: ['eip155:1', 'eip155:10'], balances, features: 'send,swaps,names,onramp' },
      (fixture) => ({ el, net } = fixture),
    );

    if (state === 'whale') {
      it('SendReview: Max of a long balance', async () => {
        answerRpc(net, { eth_estimateGas: '0x5208', eth_gasPrice: '0x3b9aca00' });
        await connectAndOpen();
        el.open({ view: 'Send' })?.catch(() => {});
        const $ = <T extends Element = HTMLElement>(selector: string) => el.shadowRoot!.querySelector<T>(selector);
        (await waitFor(() => $<HTMLButtonElement>('#send-token'), 'the Send form', 40000)).click();
        (await waitFor(() => $<HTMLElement>('[role="option"][data-token-key="eip155:1:native"]'), 'Ether')).click();
        await waitFor(() => $sendDraft.get().tokenKey === 'eip155:1:native', 'Ether chosen');
        (await waitFor(() => $<HTMLButtonElement>('[data-action="max"]'), 'Max')).click();
        await waitFor(() => $<HTMLInputElement>('#send-amount')!.value !== '', 'the amount filled in', 15000);
        $<HTMLInputElement>('#send-receiver')!.focus();
        await sendKeys({ type: BOB });
        await waitFor(() => $<HTMLInputElement>('#send-receiver')!.value === BOB, 'the receiver typed in');
        $<HTMLButtonElement>('button[type="submit"]')!.click();
        await waitFor(() => titleText(el) === 'Review Send' && $('[data-total]'), 'the review with its total', 15000);
        await pictures(el, 'send-review', 'long-amount');
      });
      return;
    }

    it(`Account: ${state}`, async () => {
      // The native balance under the address comes from the chain's RPC: answered, so the picture shows it settled
      // (unanswered, the picture caught its spinner or its "—" by the speed of the run).
      answerRpc(net, { eth_getBalance: state === 'empty' ? '0x0' : '0x14d1120d7b160000', eth_chainId: '0x1' });
      await connectAndOpen();
      await waitFor(() => el.shadowRoot!.querySelector('[part="balance"] [data-balance]'), 'the native balance', 15000);
      await waitFor(() => (state === 'empty' ? el.shadowRoot!.textContent!.includes('No tokens yet') : el.shadowRoot!.querySelector('[data-token="LUSD"]')), 'the token list');
      await waitFor(() => el.shadowRoot!.querySelector('[data-action="get-name"]'), 'Get a name', 8000);
      await pictures(el, 'account', state);
    });

    if (state !== 'tokens') return;

    // Before Receive: a balance request that test leaves unanswered would be the one this view waits for.
    it('Account in Arabic: right to left, the amounts left to right', async () => {
      answerRpc(net, { eth_getBalance: '0x14d1120d7b160000', eth_chainId: '0x1' });
      await connectAndOpen();
      await waitFor(() => el.shadowRoot!.querySelector('[part="balance"] [data-balance]'), 'the native balance', 15000);
      await waitFor(() => el.shadowRoot!.querySelector('[data-token="LUSD"]'), 'the token list');
      el.setAttribute('lang', 'ar');
      await inArabic(el);
      await pictures(el, 'account', 'tokens-ar');
    });

    it('Receive', async () => {
      await connectAndOpen();
      await openAndRender(el, { view: 'Receive' });
      await waitFor(() => el.shadowRoot!.querySelector('[part~="qr-code"] svg'), 'the QR code', 40000);
      await pictures(el, 'receive', 'default');
    });

    it('SwitchNetwork', async () => {
      await connectAndOpen();
      await openAndRender(el, { view: 'SwitchNetwork' });
      await pictures(el, 'switch-network', 'default');
    });

    it('Send: the empty form', async () => {
      await connectAndOpen();
      // open({ view: 'Send' }) waits for the transfer; closing the modal at the end rejects it ("Modal closed").
      el.open({ view: 'Send' })?.catch(() => {});
      await waitFor(() => el.shadowRoot!.querySelector('form.send-form #send-token'), 'the Send form', 40000);
      await pictures(el, 'send', 'form');
    });

    it('Swap: the empty form', async () => {
      routeSwapService(net);
      await connectAndOpen();
      await openAndRender(el, { view: 'Swap' });
      await waitFor(() => el.shadowRoot!.querySelector('form.swap-form [data-token="ETH"]'), 'the Swap form', 40000);
      await pictures(el, 'swap', 'form');
    });

    it('SwapSelectToken: the tokens to receive', async () => {
      routeSwapService(net);
      await connectAndOpen();
      await openAndRender(el, { view: 'Swap' });
      (await waitFor(() => el.shadowRoot!.querySelector<HTMLButtonElement>('#swap-to'), 'the Swap form', 40000)).click();
      await waitFor(() => titleText(el) === 'Select Token' && el.shadowRoot!.querySelector('[data-token-key]'), 'the token list', 15000);
      await pictures(el, 'swap-select-token', 'list');
    });
  });
}

// Last: a connection these leave behind (the pending request, the wallet on another chain) must not reach other pictures.
describe('pictures: ConnectingExternal, UnsupportedChain', () => {
  const stops = useAnnouncements();

  it('ConnectingExternal: waiting for the wallet', async () => {
    const provider = createFakeProvider({ accounts: [ALICE], chainId: '0x1' });
    const approval = deferred<string[]>();
    provider.handle('eth_requestAccounts', () => approval.promise);
    stops.push(announceWallet(walletInfo('com.example.pending', 'Pending Wallet', SVG_ICON), provider));
    const el = mount({ networks: 'eip155:1' });
    await openAndRender(el);
    (await waitFor(() => walletButtons(el).find((b) => b.textContent!.includes('Pending Wallet')), 'the wallet')).click();
    await waitFor(() => titleText(el) === 'Pending Wallet', 'the ConnectingExternal view');
    await pictures(el, 'connecting-external', 'waiting');
    approval.reject(new Error('abandoned'));
  });

  it('NamespaceChooser: a wallet on both Ethereum and Solana', async () => {
    stops.push(announceWallet(walletInfo('com.example.dual', 'Dual Wallet', SVG_ICON), createFakeProvider({ accounts: [ALICE], chainId: '0x1' })));
    stops.push(fakeSolanaWallet({ name: 'Dual Wallet' }).register());
    const el = mount({ networks: 'eip155:1,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' });
    await openAndRender(el);
    (await waitFor(() => parts(el, 'wallet-button').find((b) => b.textContent!.includes('Dual Wallet')), 'the wallet', 10000)).click();
    await waitFor(() => el.shadowRoot!.textContent!.includes('Dual Wallet works on more than one kind of network'), 'the chooser', 10000);
    await pictures(el, 'namespace-chooser', 'default');
  });

  it('UnsupportedChain', async () => {
    const provider = createFakeProvider({ accounts: [ALICE], chainId: '0x1' });
    stops.push(announceWallet(walletInfo('com.example.elsewhere', 'Elsewhere Wallet', SVG_ICON), provider));
    const el = mount({ networks: 'eip155:1' });
    await openAndRender(el);
    (await waitFor(() => walletButtons(el).find((b) => b.textContent!.includes('Elsewhere Wallet')), 'the wallet')).click();
    await waitFor(() => el.state.status === 'connected', 'connected');
    provider.emit('chainChanged', '0xa');
    await waitFor(() => el.state.view === 'UnsupportedChain' && titleText(el) === 'Switch Network', 'the UnsupportedChain view');
    await pictures(el, 'unsupported-chain', 'default');
    provider.emit('chainChanged', '0x1');
    await el.disconnect();
  });
});
