import { expect } from '@esm-bundle/chai';
import { connect } from '../../../src/stores/actions/index.js';
import { $config } from '../../../src/stores/config.js';
import { $connection } from '../../../src/stores/connection.js';
import { $modal } from '../../../src/stores/modal.js';
import { $route } from '../../../src/stores/route.js';
import { DEFAULT_CONFIG } from '../../../src/core/config.js';
import { ALICE } from '../support/fake-wallet.js';
import { type PageWallet, pageWallet, resetStores, watchWallets } from '../support/stores.js';

describe('actions: the wallet changes chain (establish-connection)', () => {
  let stopWatching: () => void;
  let wallet: PageWallet;

  beforeEach(async () => {
    resetStores({ networks: ['eip155:1', 'eip155:137'] });
    stopWatching = watchWallets();
    wallet = pageWallet({ accounts: [ALICE], chainId: '0x1' });
    $modal.set({ open: true });
    await connect(wallet.id);
    expect($modal.get().open).to.equal(false);
  });
  afterEach(() => {
    wallet.stop();
    stopWatching();
    resetStores();
  });

  it('to a chain outside networks: UnsupportedChain, modal open', () => {
    wallet.provider.emit('chainChanged', '0xa');
    expect($connection.get()).to.include({ status: 'connected', chainId: 'eip155:10' });
    expect($route.get()).to.deep.equal({ view: 'UnsupportedChain' });
    expect($modal.get().open).to.equal(true);
  });

  it('back to a supported chain: the UnsupportedChain view gives way and the modal closes', () => {
    wallet.provider.emit('chainChanged', '0xa');
    wallet.provider.emit('chainChanged', '0x89');
    expect($connection.get()).to.include({ chainId: 'eip155:137' });
    expect($route.get().view).to.not.equal('UnsupportedChain');
    expect($modal.get().open).to.equal(false);
  });

  it('to a chain outside networks with allowUnsupportedChain: the chain is recorded, nothing opens', () => {
    $config.set({ ...DEFAULT_CONFIG, networks: ['eip155:1', 'eip155:137'], allowUnsupportedChain: true });
    const route = $route.get();
    wallet.provider.emit('chainChanged', '0xa');
    expect($connection.get()).to.include({ chainId: 'eip155:10' });
    expect($route.get()).to.equal(route);
    expect($modal.get().open).to.equal(false);
  });

  it('to another supported chain: recorded, nothing opens', () => {
    wallet.provider.emit('chainChanged', '0x89');
    expect($connection.get()).to.include({ chainId: 'eip155:137' });
    expect($modal.get().open).to.equal(false);
  });

  it('account changes are followed; an empty account list ends the connection', () => {
    const BOB = '0x2222222222222222222222222222222222222222';
    wallet.provider.emit('accountsChanged', [BOB]);
    expect($connection.get()).to.include({ status: 'connected', address: BOB });
    wallet.provider.emit('accountsChanged', []);
    expect($connection.get()).to.deep.equal({ status: 'disconnected' });
  });
});

describe('actions: connecting a wallet that is on an unsupported chain', () => {
  let stopWatching: () => void;
  let wallet: PageWallet;
  beforeEach(() => {
    resetStores({ networks: ['eip155:1'] });
    stopWatching = watchWallets();
    wallet = pageWallet({ accounts: [ALICE], chainId: '0x89' });
    $modal.set({ open: true });
  });
  afterEach(() => {
    wallet.stop();
    stopWatching();
    resetStores();
  });

  it('connects, then shows UnsupportedChain with the modal kept open', async () => {
    await connect(wallet.id);
    expect($connection.get()).to.include({ status: 'connected', chainId: 'eip155:137' });
    expect($route.get()).to.deep.equal({ view: 'UnsupportedChain' });
    expect($modal.get().open).to.equal(true);
  });

  it('with allowUnsupportedChain, connects and closes as usual', async () => {
    $config.set({ ...DEFAULT_CONFIG, networks: ['eip155:1'], allowUnsupportedChain: true });
    await connect(wallet.id);
    expect($connection.get()).to.include({ status: 'connected', chainId: 'eip155:137' });
    expect($route.get().view).to.not.equal('UnsupportedChain');
    // Otherwise the visitor is left on "Continue in <wallet>" with a spinner, though the wallet connected.
    expect($modal.get().open, 'modal still open after a successful connection').to.equal(false);
  });
});
