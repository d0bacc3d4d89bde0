import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { formatTime } from '../../src/core/format.js';
import type { FakeFetch } from '../unit/support/fake-fetch.js';
import { ALICE } from '../unit/support/fake-wallet.js';
import { useAccountFixture } from './support/account.js';
import { expectAccessible } from './support/axe.js';
import { openAndRender, part, titleText, waitFor } from './support/element.js';

const ETH = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 3000, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' };
const ZERO = { name: 'Zero', symbol: 'ZERO', chainId: 'eip155:1', address: `eip155:1:0x${'9'.repeat(40)}`, value: 0, price: 0, quantity: { decimals: '0', numeric: '5' }, iconUrl: '' };
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ICON = 'data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22/%3E';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const meta = (n: number, rest: Record<string, unknown>) => ({ id: hash(n), metadata: { hash: hash(n), chain: 'eip155:1', minedAt: '2026-11-22T10:00:00Z', status: 'confirmed', nonce: n, ...rest } });
const HISTORY = [
  { ...meta(1, { operationType: 'receive', sentFrom: BOB, sentTo: TOKEN }), transfers: [{ fungible_info: { name: 'Local Token', symbol: 'LTK', icon: { url: ICON } }, direction: 'in', quantity: { numeric: '1.5' } }] },
  { ...meta(2, { operationType: 'send', sentFrom: ALICE, sentTo: BOB }), transfers: [{ fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'javascript:alert(1)' } }, direction: 'out', quantity: { numeric: '0.000042' } }] },
  { ...meta(3, { operationType: 'execute', sentFrom: ALICE, sentTo: TOKEN }), transfers: [] },
  { ...meta(4, { operationType: 'receive', sentFrom: BOB, sentTo: TOKEN }), transfers: [{ fungible_info: { name: 'Zero', symbol: 'ZERO', icon: { url: ICON } }, direction: 'in', quantity: { numeric: '5' } }] },
  { ...meta(6, { operationType: 'deploy', sentFrom: ALICE, sentTo: TOKEN }), transfers: [{ fungible_info: { name: 'Zero', symbol: 'ZERO', icon: { url: ICON } }, direction: 'in', quantity: { numeric: '1000' } }] },
  { ...meta(5, { operationType: 'send', sentFrom: ALICE, sentTo: TOKEN, status: 'failed' }), transfers: [{ fungible_info: { name: 'Local Token', symbol: 'LTK' }, direction: 'out', quantity: { numeric: '2' } }] },
];

describe('<wallet-connect-modal> account states: failures with Retry, readable Activity rows, Receive', () => {
  let el: WalletConnectModalElement;
  let net: FakeFetch;
  const { connectAndOpen } = useAccountFixture(
    { wallet: { rdns: 'com.example.states', name: 'States Wallet' }, chains: ['eip155:1'], balances: [ETH, ZERO], features: 'send,history' },
    (fixture) => ({ el, net } = fixture),
  );
  const root = () => el.shadowRoot!;
  const count = (text: string) => (root().textContent!.match(new RegExp(text, 'g')) ?? []).length;
  const retryButton = () => root().querySelector<HTMLButtonElement>('[data-action="retry"]');

  it('Tokens: a failed balance call reads "Token Balance Unavailable" once, with Retry disabled until the 30 s block ends, saying when', async () => {
    // The 30 s block starts when the call fails: the time it was answered, not when the test started (a slow first
    // compile of the views would otherwise move it).
    let failedAt = 0;
    net.route(`/v1/account/${ALICE}/balance`, () => ((failedAt = Date.now()), { status: 500, body: {} }));
    await connectAndOpen();
    const button = await waitFor(retryButton, 'the Retry button', 8000);
    expect(root().querySelector('[data-retry-notice] [role="alert"]')!.textContent).to.equal('Token Balance Unavailable');
    expect(count('Token Balance Unavailable'), 'said once: no toast as well').to.equal(1);
    expect(part(el, 'toast')).to.equal(null);
    expect(button.textContent).to.equal('Try again');
    expect(button.disabled).to.equal(true);
    const said = root().querySelector('[data-retry-at]')!.textContent!;
    const allowed = [0, 1, 2].map((s) => `You can try again at ${formatTime(Math.floor(failedAt / 1000) * 1000 + 30_000 + s * 1000)}`);
    expect(allowed, said).to.include(said);
    await expectAccessible(el, 'Tokens: failed, Retry blocked');
  });

  it('Activity: a failed history call reads "Failed to fetch transactions" (not "No activity yet"); Retry after the back-off loads it', async () => {
    let fail = true;
    net.route(`/v1/account/${ALICE}/history`, () => (fail ? { status: 500, body: {} } : { body: { data: HISTORY.slice(0, 1), next: null } }));
    await connectAndOpen();
    (await waitFor(() => root().querySelector<HTMLElement>('[data-tab="activity"]'), 'the Activity tab', 8000)).click();
    const button = await waitFor(retryButton, 'the Retry button', 8000);
    expect(root().querySelector('[data-retry-notice] [role="alert"]')!.textContent).to.equal('Failed to fetch transactions');
    expect(count('Failed to fetch transactions')).to.equal(1);
    expect(count('No activity yet')).to.equal(0);
    expect(button.disabled, 'during the 1 s back-off').to.equal(true);
    expect(root().querySelector('[data-retry-at]')!.textContent).to.match(/^You can try again at /);
    await expectAccessible(el, 'Activity: failed, backing off');
    const historyCalls = () => net.calls.filter((u) => u.pathname.endsWith('/history')).length;
    expect(historyCalls()).to.equal(1);
    await waitFor(() => !retryButton()!.disabled, 'Retry available after the back-off', 3000);
    expect(historyCalls(), 'no call by itself after the back-off').to.equal(1);
    expect(root().querySelector('[data-retry-at]')).to.equal(null);
    await expectAccessible(el, 'Activity: failed, Retry available');
    fail = false;
    retryButton()!.click();
    await waitFor(() => root().querySelectorAll('.activity-list [data-transaction]').length === 1, 'the history after Retry');
    expect(retryButton()).to.equal(null);
    expect(historyCalls()).to.equal(2);
  });

  it('Activity rows: icon, direction, counterparty, amount, time and explorer link; a contract call without an amount; 0-decimal transfers left out', async () => {
    net.route(`/v1/account/${ALICE}/history`, () => ({ body: { data: HISTORY, next: null } }));
    await connectAndOpen();
    await waitFor(() => root().querySelector('.token-list'), 'the balances', 8000);
    (await waitFor(() => root().querySelector<HTMLElement>('[data-tab="activity"]'), 'the Activity tab')).click();
    await waitFor(() => root().querySelectorAll('.activity-list [data-transaction]').length > 0, 'the rows', 8000);
    const rows = [...root().querySelectorAll<HTMLElement>('.activity-list [data-transaction]')];
    expect(rows.map((r) => r.dataset.transaction), 'the ZERO airdrop is left out, the visitor\'s own ZERO deployment is not').to.deep.equal([hash(1), hash(2), hash(3), hash(6), hash(5)]);
    const read = (row: HTMLElement) => ({
      title: row.querySelector('.row-title')!.textContent,
      direction: row.dataset.direction,
      said: row.querySelector('.row-main .visually-hidden')!.textContent,
      counterparty: row.querySelector('[data-counterparty]')?.textContent,
      full: row.querySelector<HTMLElement>('[data-counterparty]')?.title,
      amounts: [...row.querySelectorAll('[data-amount]')].map((a) => a.textContent),
      icon: row.querySelector('img.token-icon')?.getAttribute('src') ?? row.querySelector<HTMLElement>('.token-icon')!.dataset.mark ?? row.querySelector<HTMLElement>('.token-icon')!.dataset.initial ?? '',
      link: row.querySelector<HTMLAnchorElement>('[data-explorer-link]')?.href,
      linkLabel: row.querySelector('[data-explorer-link]')?.getAttribute('aria-label'),
      time: row.querySelector('[data-time]')!.textContent,
    });
    const mined = new Date('2026-11-22T10:00:00Z');
    const year = mined.getFullYear() === new Date().getFullYear() ? {} : { year: 'numeric' as const };
    const time = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', ...year, hour: 'numeric', minute: '2-digit' }).format(mined);
    expect(read(rows[0]!)).to.deep.equal({ title: 'Received', direction: 'in', said: 'incoming', counterparty: 'From 0x7099…79C8', full: BOB, amounts: ['+1.5 LTK'], icon: ICON, link: `https://etherscan.io/tx/${hash(1)}`, linkLabel: 'View on etherscan.io', time });
    expect(read(rows[1]!), 'an unsafe icon URL is dropped').to.deep.equal({ title: 'Sent', direction: 'out', said: 'outgoing', counterparty: 'To 0x7099…79C8', full: BOB, amounts: ['−0.000042 ETH'], icon: 'ethereum', link: `https://etherscan.io/tx/${hash(2)}`, linkLabel: 'View on etherscan.io', time });
    expect(read(rows[2]!), 'a call that moved nothing: its operation, no amount').to.deep.equal({ title: 'Contract call', direction: 'out', said: 'outgoing', counterparty: 'To 0x5FbD…0aa3', full: TOKEN, amounts: [], icon: '', link: `https://etherscan.io/tx/${hash(3)}`, linkLabel: 'View on etherscan.io', time });
    expect(read(rows[3]!), 'the hidden token\'s amount is not shown').to.deep.include({ title: 'Contract deployed', direction: 'out', counterparty: 'To 0x5FbD…0aa3', amounts: [], icon: '' });
    expect(read(rows[4]!)).to.deep.include({ title: 'Failed: Sent', counterparty: 'Via 0x5FbD…0aa3', amounts: ['−2 LTK'] });
    expect(rows[4]!.querySelector('.activity-end')!.classList.contains('failed')).to.equal(true);
    expect(rows[0]!.querySelector('[data-direction-icon] svg')).to.not.equal(null);
    await expectAccessible(el, 'Activity rows');
  });

  it('Receive: the address as a QR code, in full, with Copy; also from open({ view: "Receive" })', async () => {
    net.route(`/v1/account/${ALICE}/history`, () => ({ body: { data: [], next: null } }));
    await connectAndOpen();
    (await waitFor(() => root().querySelector<HTMLButtonElement>('[data-action="receive"]'), 'the Receive action', 8000)).click();
    await waitFor(() => root().querySelector('.receive'), 'the Receive view', 8000);
    expect(titleText(el)).to.equal('Receive');
    expect(root().querySelector('.receive-address')!.textContent).to.equal(ALICE);
    expect(part(el, 'qr-code')!.getAttribute('aria-label')).to.equal(`QR code of your address ${ALICE}`);
    expect(part(el, 'qr-code')!.getAttribute('role')).to.equal('img');
    expect(root().querySelector('.receive [data-action="copy"]')!.textContent).to.equal('Copy');
    expect(root().querySelector('.receive-network [data-network-name]')!.textContent).to.equal('Ethereum');
    expect(root().querySelector('.receive .hint')!.textContent).to.equal('Send only assets on Ethereum to this address.');
    await expectAccessible(el, 'Receive');
    el.close();
    await openAndRender(el, { view: 'Receive' });
    expect(titleText(el)).to.equal('Receive');
    expect(el.state.view).to.equal('Receive');
  });
});
