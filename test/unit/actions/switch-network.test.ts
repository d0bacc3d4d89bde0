import { expect } from '@esm-bundle/chai';
import { connect, switchNetwork } from '../../../src/stores/actions/index.js';
import { $connection } from '../../../src/stores/connection.js';
import { $lastError } from '../../../src/stores/errors.js';
import { $modal } from '../../../src/stores/modal.js';
import { $route, pushRoute, resetRoute } from '../../../src/stores/route.js';
import type { WidgetError } from '../../../src/core/errors.js';
import { ALICE, deferred, providerError } from '../support/fake-wallet.js';
import { type PageWallet, pageWallet, resetStores, watchWallets } from '../support/stores.js';

async function rejection(promise: Promise<unknown>): Promise<WidgetError> {
  try {
    await promise;
  } catch (error) {
    return error as WidgetError;
  }
  throw new Error('expected a rejection');
}

describe('actions/switch-network', () => {
  let stopWatching: () => void;
  let wallet: PageWallet;

  async function connectOn(chainId: string) {
    wallet = pageWallet({ accounts: [ALICE], chainId });
    $modal.set({ open: true });
    await connect(wallet.id);
  }

  beforeEach(() => {
    resetStores({ networks: ['eip155:1', 'eip155:137'] });
    stopWatching = watchWallets();
  });
  afterEach(() => {
    wallet?.stop();
    stopWatching();
    resetStores();
  });

  it('from SwitchNetwork: shows the pending network, then goes back to Account', async () => {
    await connectOn('0x1');
    $modal.set({ open: true });
    resetRoute({ view: 'Account' });
    pushRoute({ view: 'SwitchNetwork' });
    const answer = deferred<null>();
    wallet.provider.handle('wallet_switchEthereumChain', () => answer.promise);
    const done = switchNetwork('eip155:137');
    expect($route.get()).to.deep.equal({ view: 'SwitchNetwork', pending: 'eip155:137' });
    answer.resolve(null);
    await done;
    expect($connection.get()).to.include({ chainId: 'eip155:137' });
    expect($route.get()).to.deep.equal({ view: 'Account' });
    expect(wallet.provider.calls.at(-1)).to.deep.equal({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] });
  });

  it('a refusal stays on SwitchNetwork with "Network switch rejected" and rejects with SWITCH_REJECTED', async () => {
    await connectOn('0x1');
    $modal.set({ open: true });
    resetRoute({ view: 'Account' });
    pushRoute({ view: 'SwitchNetwork' });
    wallet.provider.handle('wallet_switchEthereumChain', () => {
      throw providerError(4001, 'User rejected the request.');
    });
    const error = await rejection(switchNetwork('eip155:137'));
    expect(error).to.include({ code: 'SWITCH_REJECTED', shortMessage: 'Network switch rejected' });
    expect($route.get()).to.deep.equal({ view: 'SwitchNetwork', error: { code: 'SWITCH_REJECTED', message: 'Network switch rejected' } });
    expect($lastError.get()?.error.code).to.equal('SWITCH_REJECTED');
    expect($connection.get()).to.include({ chainId: 'eip155:1' });
  });

  it('from UnsupportedChain: once on a supported network the modal closes', async () => {
    await connectOn('0xa');
    expect($route.get()).to.deep.equal({ view: 'UnsupportedChain' });
    await switchNetwork('eip155:1');
    expect($connection.get()).to.include({ chainId: 'eip155:1' });
    expect($route.get().view).to.equal('Account');
    expect($modal.get().open).to.equal(false);
  });

  it('refuses a network outside networks with UNSUPPORTED_CHAIN "Unsupported chain", without asking the wallet', async () => {
    await connectOn('0x1');
    const before = wallet.provider.calls.length;
    const error = await rejection(switchNetwork('eip155:10'));
    expect(error).to.include({ code: 'UNSUPPORTED_CHAIN', shortMessage: 'Unsupported chain' });
    expect(wallet.provider.calls.length).to.equal(before);
  });

  it('refuses when no wallet is connected with NOT_CONNECTED', async () => {
    const error = await rejection(switchNetwork('eip155:137'));
    expect(error).to.include({ code: 'NOT_CONNECTED', shortMessage: 'No wallet is connected' });
  });
});
