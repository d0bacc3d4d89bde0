import { expect } from '@esm-bundle/chai';
import { DEFAULT_CONFIG } from '../../../src/core/config.js';
import { WidgetError } from '../../../src/core/errors.js';
import { $config } from '../../../src/stores/config.js';
import { $caipAddress, $chainSupported, $connected, $connection, $walletStatuses, setWalletStatus } from '../../../src/stores/connection.js';

const ADDRESS = '0x1111111111111111111111111111111111111111';
const connected = (chainId: `${string}:${string}`) =>
  ({ status: 'connected', walletId: 'injected:a', namespace: 'eip155', address: ADDRESS, chainId, connector: { id: 'injected:a', name: 'A', type: 'injected' } }) as const;

describe('stores/connection', () => {
  beforeEach(() => {
    $connection.set({ status: 'disconnected' });
    $walletStatuses.set({});
    $config.set({ ...DEFAULT_CONFIG, networks: ['eip155:1', 'eip155:137'] });
  });

  for (const status of ['connected', 'active', 'disconnected']) {
    it(`setWalletStatus accepts "${status}"`, () => {
      setWalletStatus('injected:a', status);
      expect($walletStatuses.get()).to.deep.equal({ 'injected:a': status });
    });
  }

  for (const status of ['connecting', 'pending', 'CONNECTED', '']) {
    it(`setWalletStatus refuses "${status}" with INVALID_STATUS "Invalid connection status"`, () => {
      setWalletStatus('injected:a', 'active');
      let thrown: unknown;
      try {
        setWalletStatus('injected:a', status);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).to.be.instanceOf(WidgetError);
      expect((thrown as WidgetError).code).to.equal('INVALID_STATUS');
      expect((thrown as WidgetError).shortMessage).to.equal('Invalid connection status');
      expect($walletStatuses.get()).to.deep.equal({ 'injected:a': 'active' });
    });
  }

  it('derives the connected account, its CAIP-10 id and whether its chain is supported', () => {
    expect($connected.get()).to.equal(undefined);
    expect($caipAddress.get()).to.equal(undefined);
    expect($chainSupported.get()).to.equal(true);

    $connection.set(connected('eip155:137'));
    expect($caipAddress.get()).to.equal(`eip155:137:${ADDRESS}`);
    expect($chainSupported.get()).to.equal(true);

    $connection.set(connected('eip155:10'));
    expect($chainSupported.get()).to.equal(false);

    $connection.set({ status: 'connecting', walletId: 'injected:a' });
    expect($connected.get()).to.equal(undefined);
    expect($chainSupported.get()).to.equal(true);
  });
});
