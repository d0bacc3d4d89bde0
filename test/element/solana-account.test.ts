import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { clearWalletApiCaches } from '../../src/services/wallet-api.js';
import { $connection } from '../../src/stores/connection.js';
import { resetPortfolioRetryBlock } from '../../src/stores/portfolio.js';
import { type FakeFetch, installFakeFetch } from '../unit/support/fake-fetch.js';
import {
  DEVNET, OWNER, PEER, SIGNATURE, SOLANA_CHAIN, USDS_MINT, solBalance, solTransfer, solanaTx, spamTransfer, splBalance, splTransfer,
} from '../unit/support/solana-wire.js';
import { expectAccessible, loadAxe } from './support/axe.js';
import { cleanup, mount, openAndRender, part, titleText, waitFor } from './support/element.js';

const RPC = 'http://127.0.0.1:8899/';
const LAMPORTS = '12500000000';
const signature = (n: number) => `${SIGNATURE.slice(0, -2)}${'ABCDEFGHJK'[n]}${SIGNATURE.slice(-1)}`;
const HISTORY = [
  solanaTx('in', { from: PEER, to: OWNER, transfers: [solTransfer('in', '1.5')], hash: signature(1) }),
  solanaTx('spam', { from: PEER, to: OWNER, transfers: [spamTransfer], hash: signature(2) }),
  solanaTx('usds-out', { from: OWNER, to: PEER, transfers: [splTransfer('USDS', 'out', '25')], hash: signature(3) }),
  solanaTx('badge-in', { from: PEER, to: OWNER, transfers: [splTransfer('BADGE', 'in', '3')], hash: signature(4) }),
  solanaTx('devnet', { from: PEER, to: OWNER, transfers: [solTransfer('in', '9')], chain: DEVNET, hash: signature(5) }),
];

/** A Solana account set in the connection store, as the Solana connector leaves it (the connect flow is another part's). */
const connectSolana = () =>
  $connection.set({ status: 'connected', walletId: 'standard:Dev Wallet', namespace: 'solana', address: OWNER, chainId: SOLANA_CHAIN, connector: { id: 'standard:Dev Wallet', name: 'Dev Wallet', type: 'injected' } });

describe('<wallet-connect-modal> Account view for a Solana account', () => {
  let el: WalletConnectModalElement;
  let net: FakeFetch;
  let copied: string[];
  const realWriteText = navigator.clipboard.writeText;

  before(() => loadAxe());
  beforeEach(() => {
    clearWalletApiCaches();
    resetPortfolioRetryBlock();
    net = installFakeFetch();
    net.route('/v1/supported-chains', () => ({ body: { http: [SOLANA_CHAIN, DEVNET] } }));
    net.route(`/v1/account/${OWNER}/balance`, () => ({ body: { balances: [
      solBalance('12.5'), splBalance('USDS', '6', '2500', USDS_MINT), splBalance('BADGE', '0', '3', PEER), solBalance('9', DEVNET),
    ] } }));
    net.route(`/v1/account/${OWNER}/history`, () => ({ body: { data: HISTORY, next: null } }));
    net.route('/', (_url, init) => {
      const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string };
      return { body: method === 'getBalance' ? `{"jsonrpc":"2.0","id":${id},"result":{"context":{"slot":3},"value":${LAMPORTS}}}` : { jsonrpc: '2.0', id, error: { code: -32601, message: 'no' } } };
    });
    copied = [];
    navigator.clipboard.writeText = async (text: string) => void copied.push(text);
    el = mount({ networks: `${SOLANA_CHAIN},${DEVNET}`, 'rpc-urls': JSON.stringify({ [SOLANA_CHAIN]: RPC }), 'api-url': 'http://api.test', 'project-id': 'p1', features: 'send,history,swaps' });
    connectSolana();
  });
  afterEach(async () => {
    $connection.set({ status: 'disconnected' });
    await cleanup();
    net.restore();
    navigator.clipboard.writeText = realWriteText;
  });

  const tokenRows = () => [...el.shadowRoot!.querySelectorAll<HTMLElement>('.token-list [data-token]')];
  const activityRows = () => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[data-transaction]')];

  it('shows the base58 address truncated (copied whole), the SOL balance from the chain, SOL and SPL tokens; no name lookup; Send offered', async () => {
    await openAndRender(el);
    expect(titleText(el)).to.equal('Account');
    const address = await waitFor(() => part(el, 'address'), 'the Account view', 8000);
    expect(address.textContent).to.equal('7EcDhS…FLtV');
    expect(address.title).to.equal(OWNER);
    await waitFor(() => part(el, 'balance')?.textContent === 'Balance: 12.5 SOL', 'the SOL balance "12.5 SOL"', 8000);
    expect(part(el, 'balance')!.querySelector<HTMLElement>('[data-balance]')!.dataset.balance).to.equal(LAMPORTS);
    const rpcCalls = net.calls.filter((u) => u.href === RPC);
    expect(rpcCalls).to.have.length(1);

    await waitFor(() => tokenRows().length > 0, 'the token list', 8000);
    expect(tokenRows().map((row) => row.dataset.token)).to.deep.equal(['SOL', 'USDS']);
    const quantity = (symbol: string) => tokenRows().find((row) => row.dataset.token === symbol)!.querySelector<HTMLElement>('[data-quantity]')!.textContent;
    expect(quantity('SOL')).to.equal('12.5 SOL');
    expect(quantity('USDS')).to.equal('2,500 USDS');
    expect(part(el, 'total-value')!.dataset.totalUsd).to.equal('4375.00');
    expect(el.shadowRoot!.querySelector('[data-action="switch-network"]')!.textContent).to.contain('Solana Local');
    // Names are EVM-only (SPEC: identity for eip155): not asked for a Solana account. Send is offered.
    expect(net.calls.filter((u) => u.pathname.startsWith('/v1/identity'))).to.deep.equal([]);
    expect(el.shadowRoot!.querySelectorAll('[data-action="send"]').length, 'Send actions').to.equal(1);
    // Swap is EVM only (the convert endpoints): absent for a Solana account, even with features=swaps.
    expect(el.shadowRoot!.querySelectorAll('[data-action="swap"]').length, 'Swap actions').to.equal(0);
    await expectAccessible(el, 'Account (Solana)');

    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="copy"]')!.click();
    await waitFor(() => copied.length === 1, 'the copy');
    expect(copied).to.deep.equal([OWNER]);
  });

  it('Activity: SOL and SPL rows, spam, 0-decimal and other-chain ones left out, base58 counterparties, explorer.solana.com links', async () => {
    await openAndRender(el);
    (await waitFor(() => el.shadowRoot!.querySelector<HTMLButtonElement>('[data-tab="activity"]'), 'the Activity tab')).click();
    await waitFor(() => activityRows().length > 0, 'the activity list', 8000);
    expect(activityRows().map((row) => row.dataset.transaction)).to.deep.equal(['in', 'usds-out']);
    const text = (row: HTMLElement, selector: string) => row.querySelector<HTMLElement>(selector)!.textContent;
    const [received, sent] = activityRows() as [HTMLElement, HTMLElement];
    expect(text(received, '.row-title')).to.equal('Received');
    expect(text(received, '[data-counterparty]')).to.equal('From GfEHGH…q4Nf');
    expect(received.querySelector<HTMLElement>('[data-counterparty]')!.title).to.equal(PEER);
    expect(text(received, '[data-amount]')).to.equal('+1.5 SOL');
    expect(text(sent, '.row-title')).to.equal('Sent');
    expect(text(sent, '[data-counterparty]')).to.equal('To GfEHGH…q4Nf');
    expect(text(sent, '[data-amount]')).to.equal('−25 USDS');
    const link = received.querySelector<HTMLAnchorElement>('[data-explorer-link]')!;
    expect(link.href).to.equal(`https://explorer.solana.com/tx/${signature(1)}?cluster=custom&customUrl=${encodeURIComponent(RPC)}`);
    expect(link.getAttribute('aria-label')).to.equal('View on explorer.solana.com');
    await expectAccessible(el, 'Account, Activity (Solana)');
  });

  it('Receive shows the whole base58 address and copies it', async () => {
    await openAndRender(el, { view: 'Receive' });
    const address = await waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('.receive-address'), 'the Receive view');
    expect(address.textContent).to.equal(OWNER);
    expect(el.shadowRoot!.querySelector('[data-network-name]')!.textContent).to.equal('Solana Local');
    el.shadowRoot!.querySelector<HTMLButtonElement>('[data-action="copy"]')!.click();
    await waitFor(() => copied.length === 1, 'the copy');
    expect(copied).to.deep.equal([OWNER]);
    await expectAccessible(el, 'Receive (Solana)');
  });
});
