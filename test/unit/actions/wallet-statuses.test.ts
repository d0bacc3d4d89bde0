import { expect } from '@esm-bundle/chai';
import { createInjectedConnector } from '../../../src/connectors/evm/injected.js';
import { establishConnection } from '../../../src/stores/actions/establish-connection.js';
import { endConnection } from '../../../src/stores/actions/end-connection.js';
import { $connection, $walletStatuses, isActiveWallet, setWalletStatus } from '../../../src/stores/connection.js';
import { ALICE, BOB, createFakeProvider } from '../support/fake-wallet.js';
import { resetStores } from '../support/stores.js';

/** docs/specification.md#states: per-wallet status (connected, active, disconnected) is what the connection model follows. */
describe('per-wallet status drives the connection', () => {
  beforeEach(() => resetStores({ networks: ['eip155:1'] }));
  afterEach(() => resetStores());

  const wallet = (rdns: string) => {
    const provider = createFakeProvider({ accounts: [ALICE], chainId: '0x1' });
    return { provider, connector: createInjectedConnector({ info: { uuid: rdns, name: rdns, icon: undefined, rdns }, provider }) };
  };

  it('one wallet is active at a time: a newly active wallet leaves the previous one connected', () => {
    setWalletStatus('injected:a', 'active');
    setWalletStatus('injected:b', 'active');
    expect($walletStatuses.get()).to.deep.equal({ 'injected:a': 'connected', 'injected:b': 'active' });
    expect(isActiveWallet('injected:a')).to.equal(false);
    expect(isActiveWallet('injected:b')).to.equal(true);
  });

  it('establishing a second wallet: it is active, the first is connected (parked), and only the active one moves the connection', () => {
    const a = wallet('org.test.a');
    const b = wallet('org.test.b');
    establishConnection(a.connector, { accounts: [ALICE], chainId: 'eip155:1' });
    expect($walletStatuses.get()).to.deep.equal({ [a.connector.id]: 'active' });
    establishConnection(b.connector, { accounts: [ALICE], chainId: 'eip155:1' });
    expect($walletStatuses.get()).to.deep.equal({ [a.connector.id]: 'connected', [b.connector.id]: 'active' });

    a.provider.emit('accountsChanged', [BOB]);
    expect($connection.get()).to.include({ walletId: b.connector.id, address: ALICE });
    b.provider.emit('accountsChanged', [BOB]);
    expect($connection.get()).to.include({ walletId: b.connector.id, address: BOB });

    // The first wallet still holds its grant, so it takes the namespace over, with the
    // account it moved to meanwhile; ending that one leaves the namespace disconnected.
    endConnection();
    expect($walletStatuses.get()).to.deep.equal({ [a.connector.id]: 'active', [b.connector.id]: 'disconnected' });
    expect($connection.get()).to.include({ walletId: a.connector.id, address: BOB });
    endConnection();
    expect($walletStatuses.get()).to.deep.equal({ [a.connector.id]: 'disconnected', [b.connector.id]: 'disconnected' });
    expect($connection.get()).to.deep.equal({ status: 'disconnected' });
  });
});
