import { expect } from '@esm-bundle/chai';
import { DEFAULT_CONFIG } from '../../../src/core/config.js';
import { $config } from '../../../src/stores/config.js';
import { $connection } from '../../../src/stores/connection.js';
import { $dismissible } from '../../../src/stores/dismissible.js';
import { resetRoute } from '../../../src/stores/route.js';

const onChain = (chainId: `${string}:${string}`) =>
  $connection.set({
    status: 'connected', walletId: 'injected:a', namespace: 'eip155', address: '0x1111111111111111111111111111111111111111', chainId,
    connector: { id: 'injected:a', name: 'A', type: 'injected' },
  });

describe('stores/dismissible', () => {
  beforeEach(() => {
    $connection.set({ status: 'disconnected' });
    $config.set({ ...DEFAULT_CONFIG, networks: ['eip155:1'] });
    resetRoute({ view: 'Connect' });
  });

  it('lets the visitor close the modal in ordinary views', () => {
    expect($dismissible.get()).to.equal(true);
    onChain('eip155:10');
    resetRoute({ view: 'Account' });
    expect($dismissible.get()).to.equal(true);
  });

  it('does not let UnsupportedChain be dismissed while the wallet is on an unsupported chain', () => {
    onChain('eip155:10');
    resetRoute({ view: 'UnsupportedChain' });
    expect($dismissible.get()).to.equal(false);
  });

  it('lets it be dismissed when unsupported chains are allowed, or once the chain is supported', () => {
    onChain('eip155:10');
    resetRoute({ view: 'UnsupportedChain' });
    $config.set({ ...DEFAULT_CONFIG, networks: ['eip155:1'], allowUnsupportedChain: true });
    expect($dismissible.get()).to.equal(true);
    $config.set({ ...DEFAULT_CONFIG, networks: ['eip155:1'] });
    expect($dismissible.get()).to.equal(false);
    onChain('eip155:1');
    expect($dismissible.get()).to.equal(true);
  });
});
