import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { $connection } from '../../src/stores/connection.js';
import { type SentTransaction, resetRoute } from '../../src/stores/route.js';
import { $sendDraft, $sendTokens } from '../../src/stores/send.js';
import { type FakeFetch, installFakeFetch } from '../unit/support/fake-fetch.js';
import { OWNER, OWNER_OTHER_CASE, PEER, SIGNATURE, SOLANA_CHAIN, USDS_MINT, solBalance, splBalance } from '../unit/support/solana-wire.js';
import { freshSendForm } from './support/send.js';
import { expectAccessible, loadAxe } from './support/axe.js';
import { cleanup, mount, openAndRender, titleText, waitFor } from './support/element.js';

const RPC = 'http://127.0.0.1:8899/';

/** A Solana account set in the connection store, as the Solana connector leaves it. */
const connectSolana = () =>
  $connection.set({ status: 'connected', walletId: 'standard:Dev Wallet', namespace: 'solana', address: OWNER, chainId: SOLANA_CHAIN, connector: { id: 'standard:Dev Wallet', name: 'Dev Wallet', type: 'injected' } });

describe('<wallet-connect-modal> Send for a Solana account: the form and its messages', () => {
  let el: WalletConnectModalElement;
  let net: FakeFetch;

  before(() => loadAxe());
  beforeEach(async () => {
    net = freshSendForm([SOLANA_CHAIN]);
    net.route(`/v1/account/${OWNER}/balance`, () => ({ body: { balances: [solBalance('12.5'), splBalance('USDS', '6', '2500', USDS_MINT)] } }));
    net.route(`/v1/account/${OWNER}/history`, () => ({ body: { data: [], next: null } }));
    net.route('/', (_url, init) => {
      const { id } = JSON.parse(String(init?.body)) as { id: number };
      return { body: `{"jsonrpc":"2.0","id":${id},"result":{"context":{"slot":3},"value":12500000000}}` };
    });
    el = mount({ networks: SOLANA_CHAIN, 'rpc-urls': JSON.stringify({ [SOLANA_CHAIN]: RPC }), 'api-url': 'http://api.test', 'project-id': 'p1', features: 'send' });
    connectSolana();
    await openAndRender(el);
    (await waitFor(() => $<HTMLButtonElement>('[data-action="send"]'), 'the Send action of a Solana account', 8000)).click();
    await waitFor(() => $('#send-token'), 'the Send form', 8000);
    // The connection is set straight in the store, so the balances may still be on their way when the form shows:
    // the drop-down opens only once it has tokens.
    await waitFor(() => $sendTokens.get().length === 2, 'the Solana balances', 8000);
  });
  afterEach(async () => {
    $connection.set({ status: 'disconnected' });
    await cleanup();
    net.restore();
  });

  const $ = <T extends Element = HTMLElement>(selector: string) => el.shadowRoot!.querySelector<T>(selector);
  const review = () => $<HTMLButtonElement>('button[type="submit"]')!.click();
  const message = (field: string) => $(`#send-${field}-error`)?.textContent ?? null;
  async function choose(key: string) {
    $<HTMLButtonElement>('#send-token')!.click();
    (await waitFor(() => $<HTMLElement>(`[role="option"][data-token-key="${key}"]`), `the option ${key}`, 8000)).click();
    await waitFor(() => $sendDraft.get().tokenKey === key, 'the token chosen');
  }
  async function fill(field: 'amount' | 'receiver', text: string) {
    const input = $<HTMLInputElement>(`#send-${field}`)!;
    input.focus();
    input.select();
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: text });
  }
  async function expectMessage(field: string, text: string) {
    review();
    await waitFor(() => message(field) !== null, `the ${field} message`, 8000);
    expect(message(field)).to.equal(text);
  }

  it('offers SOL and the SPL tokens, and asks for a Solana address', async () => {
    expect(titleText(el)).to.equal('Send');
    expect($<HTMLInputElement>('#send-receiver')!.placeholder).to.equal('Solana address');
    $<HTMLButtonElement>('#send-token')!.click();
    await waitFor(() => el.shadowRoot!.querySelectorAll('[role="option"]').length === 2, 'two options', 8000);
    const options = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')];
    expect(options.map((o) => o.dataset.tokenKey)).to.deep.equal([`${SOLANA_CHAIN}:native`, `${SOLANA_CHAIN}:${USDS_MINT}`]);
    expect(options.map((o) => o.querySelector('[data-balance]')!.textContent)).to.deep.equal(['12.5 SOL', '2,500 USDS']);
    await expectAccessible(el, 'Solana Send with the token list');
  });

  it('refuses what cannot be a Solana receiver, each with its message: an EVM address, a name, the System Program, the own address (to the letter)', async () => {
    await choose(`${SOLANA_CHAIN}:native`);
    await fill('amount', '1');
    await fill('receiver', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    await expectMessage('receiver', 'Enter a valid Solana address');
    expect($('#send-receiver')!.getAttribute('aria-describedby')).to.equal('send-receiver-error');
    expect($('#send-receiver-error')!.getAttribute('role')).to.equal('alert');
    await fill('receiver', 'alice.sol');
    await expectMessage('receiver', 'Enter a valid Solana address');
    await fill('receiver', '11111111111111111111111111111111');
    await expectMessage('receiver', 'This is the System Program, not an account: anything sent there is lost');
    await fill('receiver', OWNER);
    await expectMessage('receiver', 'This is your own address: sending to yourself only costs a network fee');
    // Base58 is case-sensitive: the same letters in another case are another account, not the own one.
    await fill('receiver', OWNER_OTHER_CASE);
    await fill('amount', '13');
    await expectMessage('amount', 'Insufficient SOL balance');
    expect(message('receiver')).to.equal(null);
  });

  it('checks amounts against the token: too many decimals, more than the balance; the SPEC messages when fields are missing', async () => {
    await expectMessage('token', 'A token is required');
    expect(message('amount')).to.equal('An amount and receiver address are required');
    await expectAccessible(el, 'Solana Send with messages');
    await choose(`${SOLANA_CHAIN}:${USDS_MINT}`);
    await fill('receiver', PEER);
    await fill('amount', '1.0000001');
    await expectMessage('amount', 'USDS has at most 6 decimals');
    await fill('amount', '2500.000001');
    await expectMessage('amount', 'Insufficient USDS balance');
    expect(titleText(el)).to.equal('Send');
  });
});

describe('<wallet-connect-modal> the result of a Solana send', () => {
  let el: WalletConnectModalElement;
  let net: FakeFetch;
  const sent: SentTransaction = {
    hash: SIGNATURE, chainId: SOLANA_CHAIN, from: OWNER, kind: 'spl-transfer', to: PEER, amount: '12500000', decimals: 6, symbol: 'USDS', submittedAt: Date.now(),
  };

  before(() => loadAxe());
  beforeEach(() => {
    net = installFakeFetch();
    // The outcome is not asked for here (the result view only reads $transactionStatus): every call fails.
    net.route('/', () => ({ status: 500, body: {} }));
  });
  afterEach(async () => {
    $connection.set({ status: 'disconnected' });
    await cleanup();
    net.restore();
  });

  async function showResult(attributes: Record<string, string>) {
    el = mount({ networks: SOLANA_CHAIN, 'project-id': 'p1', features: 'send', ...attributes });
    connectSolana();
    await openAndRender(el);
    resetRoute({ view: 'SendResult', transaction: sent });
    return waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('.send-result'), 'the result view', 8000);
  }

  it('shows the amount, the receiver and the base58 signature, linked to explorer.solana.com at the local chain\'s RPC', async () => {
    const result = await showResult({ 'rpc-urls': JSON.stringify({ [SOLANA_CHAIN]: RPC }) });
    expect(titleText(el)).to.equal('Transaction');
    expect(result.querySelector('.status')!.textContent).to.equal('Waiting for confirmation');
    expect(result.querySelector('.review-amount')!.textContent).to.equal('12.5 USDS');
    expect(result.querySelector<HTMLElement>('[data-hash]')!.dataset.hash).to.equal(SIGNATURE);
    expect(result.querySelector<HTMLAnchorElement>('a[data-explorer]')!.href).to.equal(`https://explorer.solana.com/tx/${SIGNATURE}?cluster=custom&customUrl=${encodeURIComponent(RPC)}`);
    await expectAccessible(el, 'Solana SendResult');
  });

  it('links to the site owner\'s explorer from network-meta, as Activity does', async () => {
    const result = await showResult({ 'rpc-urls': JSON.stringify({ [SOLANA_CHAIN]: RPC }), 'network-meta': JSON.stringify({ [SOLANA_CHAIN]: { explorer: 'https://explorer.example/' } }) });
    expect(result.querySelector<HTMLAnchorElement>('a[data-explorer]')!.href).to.equal(`https://explorer.example/tx/${SIGNATURE}`);
  });
});
