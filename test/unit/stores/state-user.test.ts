import { expect } from '@esm-bundle/chai';
import { $accountType } from '../../../src/stores/account-type.js';
import { $authUser } from '../../../src/stores/auth.js';
import { $widgetState } from '../../../src/stores/state.js';

const EOA = '0x1111111111111111111111111111111111111111';
const SMART = '0x2222222222222222222222222222222222222222';
const SOLANA = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96';

// docs/specification.md#data's account state: `user` (email, accounts with type) and `socialProvider` of an email or social login.
describe('state.user and state.socialProvider', () => {
  afterEach(() => {
    $authUser.set(null);
    $accountType.set(null);
  });

  it('are undefined without an email or social login', () => {
    const state = $widgetState.get();
    expect(state.user).to.equal(undefined);
    expect(state.socialProvider).to.equal(undefined);
  });

  it("list the login's accounts with their type, the smart account on the network in use included", () => {
    $authUser.set({
      email: 'ada@example.test',
      address: EOA,
      accounts: [{ namespace: 'eip155', address: EOA, type: 'eoa' }, { namespace: 'solana', address: SOLANA, type: 'eoa' }],
    });
    expect($widgetState.get().user).to.deep.equal({
      email: 'ada@example.test',
      accounts: [{ namespace: 'eip155', address: EOA, type: 'eoa' }, { namespace: 'solana', address: SOLANA, type: 'eoa' }],
    });
    $accountType.set({ preferred: 'smartAccount', eoa: EOA, networks: ['eip155:31337'], smartAccount: { chainId: 'eip155:31337', address: SMART, deployed: false } });
    expect($widgetState.get().user).to.deep.equal({
      email: 'ada@example.test',
      accounts: [
        { namespace: 'eip155', address: EOA, type: 'eoa' },
        { namespace: 'eip155', address: SMART, type: 'smartAccount' },
        { namespace: 'solana', address: SOLANA, type: 'eoa' },
      ],
    });
    expect($widgetState.get().socialProvider).to.equal(undefined);
  });

  it('name the social provider of a social login, whose user may have no email', () => {
    $authUser.set({ socialProvider: 'github', address: EOA, accounts: [{ namespace: 'eip155', address: EOA, type: 'eoa' }] });
    const state = $widgetState.get();
    expect(state.socialProvider).to.equal('github');
    expect(state.user).to.deep.equal({ email: undefined, accounts: [{ namespace: 'eip155', address: EOA, type: 'eoa' }] });
  });
});
