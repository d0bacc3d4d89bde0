import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import type { FakeFetch } from '../unit/support/fake-fetch.js';
import { ALICE } from '../unit/support/fake-wallet.js';
import { useAccountFixture } from './support/account.js';
import { expectAccessible } from './support/axe.js';
import { record, titleText, waitFor } from './support/element.js';

const ETH = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 3000, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' };

/** Get a name (features=names): the Account entry and the RegisterAccountName view's states, against a fake API. */
describe('<wallet-connect-modal> Get a name', () => {
  let el: WalletConnectModalElement;
  let net: FakeFetch;
  const { connectAndOpen } = useAccountFixture(
    { wallet: { rdns: 'com.example.names', name: 'Names Wallet' }, chains: ['eip155:1'], balances: [ETH], features: 'send,names' },
    (fixture) => ({ el, net } = fixture),
  );
  const root = () => el.shadowRoot!;
  const getName = () => root().querySelector<HTMLButtonElement>('[data-action="get-name"]');
  const input = () => root().querySelector<HTMLInputElement>('#name-input')!;
  const status = () => root().querySelector<HTMLElement>('#name-status')!;
  const registerButton = () => root().querySelector<HTMLButtonElement>('[data-action="register"]')!;
  const type = (value: string) => {
    // React listens to the native input event; set the value through the prototype's setter as a user would.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(), value);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  };
  const profileCalls = () => net.calls.filter((u) => u.pathname.startsWith('/v1/profile/')).map((u) => u.pathname);

  it('a visitor without a name gets "Get a name"; the view explains the rules before anything is sent', async () => {
    await connectAndOpen();
    (await waitFor(getName, 'Get a name', 8000)).click();
    await waitFor(() => root().querySelector('[data-view="RegisterAccountName"]'), 'the Names view');
    expect(titleText(el)).to.equal('Choose Name');
    expect(root().querySelector('#name-rules')!.textContent).to.equal('At least 4 characters: letters a–z, digits 0–9 and hyphens. Your name ends in .reown.id.');
    expect(registerButton().disabled).to.equal(true);
    await expectAccessible(el, 'Names: empty');
    type('ab');
    await waitFor(() => status().textContent === 'A name has at least 4 characters', 'the length rule');
    type('my_name');
    await waitFor(() => status().textContent === 'Use only letters a–z, digits 0–9 and hyphens', 'the character rule');
    expect(input().getAttribute('aria-invalid')).to.equal('true');
    await expectAccessible(el, 'Names: rule broken');
    expect(profileCalls()).to.deep.equal([]);
  });

  it('a taken name shows free names; picking one checks it, and Register is enabled once it is free', async () => {
    net.route('/v1/profile/account/carol.reown.id', () => ({ body: { name: 'carol.reown.id', addresses: {} } }));
    net.route('/v1/profile/suggestions/carol', () => ({ body: { suggestions: [{ name: 'carol-wcm.reown.id', registered: false }, { name: 'carol1.reown.id', registered: false }] } }));
    net.route('/v1/profile/account/carol1.reown.id', () => ({ status: 404, body: {} }));
    await connectAndOpen();
    (await waitFor(getName, 'Get a name', 8000)).click();
    await waitFor(() => root().querySelector('#name-input'), 'the field');
    type('carol');
    await waitFor(() => status().textContent === 'carol.reown.id is taken', 'taken');
    const suggestions = [...root().querySelectorAll<HTMLButtonElement>('[data-suggestion]')];
    expect(suggestions.map((b) => b.textContent)).to.deep.equal(['carol-wcm.reown.id', 'carol1.reown.id']);
    expect(registerButton().disabled).to.equal(true);
    await expectAccessible(el, 'Names: taken, with suggestions');
    suggestions[1]!.click();
    await waitFor(() => status().textContent === 'carol1.reown.id is available', 'available');
    expect(input().value).to.equal('carol1');
    expect(registerButton().disabled).to.equal(false);
    await expectAccessible(el, 'Names: available');
  });

  it('a failed registration reads in the view (role=alert) and as wallet-error, and the Register button comes back', async () => {
    net.route('/v1/profile/account/carol1.reown.id', () => ({ status: 404, body: {} }));
    const errors = record<{ code: string; message: string }>('wallet-error');
    await connectAndOpen();
    (await waitFor(getName, 'Get a name', 8000)).click();
    await waitFor(() => root().querySelector('#name-input'), 'the field');
    type('carol1');
    await waitFor(() => !registerButton().disabled, 'Register enabled');
    registerButton().click(); // the fake wallet has no personal_sign: the wallet fails the request
    const alert = await waitFor(() => root().querySelector('[role="alert"][data-name-error]'), 'the error');
    expect(alert.textContent).to.equal('Error registering name carol1.reown.id');
    expect(errors.details.at(-1)).to.deep.equal({ code: 'NAME_REGISTER_FAILED', message: 'Error registering name carol1.reown.id' });
    expect(registerButton().disabled).to.equal(false);
    expect(root().querySelector('.names .spinner'), 'no spinner left').to.equal(null);
    await expectAccessible(el, 'Names: registration failed');
    errors.stop();
  });

  it('an account that has a name gets no "Get a name"', async () => {
    net.route(`/v1/identity/${ALICE}`, () => ({ body: { name: 'alice.eth', avatar: null } }));
    await connectAndOpen();
    await waitFor(() => root().querySelector('[part="profile-name"]')?.textContent === 'alice.eth', 'the name');
    expect(getName()).to.equal(null);
  });
});

describe('<wallet-connect-modal> without features=names', () => {
  let el: WalletConnectModalElement;
  const { connectAndOpen } = useAccountFixture(
    { wallet: { rdns: 'com.example.nonames', name: 'No Names Wallet' }, chains: ['eip155:1'], balances: [ETH], features: 'send' },
    (fixture) => ({ el } = fixture),
  );
  it('has no "Get a name"; the entry follows the features attribute', async () => {
    await connectAndOpen();
    const getName = () => el.shadowRoot!.querySelector('[data-action="get-name"]');
    el.setAttribute('features', 'send,names');
    await waitFor(getName, 'Get a name with the feature', 8000);
    el.setAttribute('features', 'send');
    await waitFor(() => getName() === null, 'Get a name gone without the feature');
  });
});
