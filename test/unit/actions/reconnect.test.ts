import { expect } from '@esm-bundle/chai';
import { reconnect } from '../../../src/stores/actions/index.js';
import { $connection } from '../../../src/stores/connection.js';
import { $lastConnection } from '../../../src/stores/last-connection.js';
import { $modal } from '../../../src/stores/modal.js';
import { RECONNECT_DISCOVERY_MS } from '../../../src/core/constants.js';
import { ALICE } from '../support/fake-wallet.js';
import { type PageWallet, pageWallet, resetStores } from '../support/stores.js';

describe('actions/reconnect', () => {
  let wallet: PageWallet | undefined;
  let statuses: string[];
  let stop: () => void;

  beforeEach(() => {
    resetStores({ networks: ['eip155:1'] });
    statuses = [];
    stop = $connection.listen((c) => statuses.push(c.status));
  });
  afterEach(() => {
    stop();
    wallet?.stop();
    wallet = undefined;
    resetStores();
  });

  it('does nothing when no connection was remembered', async () => {
    wallet = pageWallet();
    await reconnect();
    expect(statuses).to.deep.equal([]);
    expect(wallet.provider.calls).to.deep.equal([]);
  });

  it('goes reconnecting → connected with eth_accounts only (no prompt), modal untouched', async () => {
    wallet = pageWallet({ accounts: [ALICE], chainId: '0x1', name: 'Restored Wallet' });
    $lastConnection.set({ walletId: wallet.id, namespace: 'eip155' });
    const done = reconnect();
    expect($connection.get()).to.deep.equal({ status: 'reconnecting', walletId: wallet.id });
    await done;
    expect(statuses).to.deep.equal(['reconnecting', 'connected']);
    expect($connection.get()).to.deep.equal({
      status: 'connected', walletId: wallet.id, namespace: 'eip155', address: ALICE, chainId: 'eip155:1',
      connector: { id: wallet.id, name: 'Restored Wallet', type: 'injected' },
    });
    expect(wallet.provider.methods()).to.deep.equal(['eth_accounts', 'eth_chainId']);
    expect($modal.get().open).to.equal(false);
    expect(localStorage.getItem('wallet-connect-modal:connection')).to.equal(`{"v":1,"data":{"walletId":"${wallet.id}","namespace":"eip155","type":"injected"}}`);
  });

  it('goes back to disconnected and forgets the wallet when it no longer grants access', async () => {
    wallet = pageWallet({ accounts: [] });
    $lastConnection.set({ walletId: wallet.id, namespace: 'eip155' });
    await reconnect();
    expect(statuses).to.deep.equal(['reconnecting', 'disconnected']);
    expect($lastConnection.get()).to.equal(null);
    expect(wallet.provider.methods()).to.not.include('eth_requestAccounts');
  });

  it('gives up after RECONNECT_DISCOVERY_MS when the wallet never announces, remembering it for next time', async function () {
    this.timeout(RECONNECT_DISCOVERY_MS + 3000);
    $lastConnection.set({ walletId: 'injected:org.absent.wallet', namespace: 'eip155' });
    const started = performance.now();
    await reconnect();
    expect(performance.now() - started).to.be.at.least(RECONNECT_DISCOVERY_MS - 20);
    expect(statuses).to.deep.equal(['reconnecting', 'disconnected']);
    expect($lastConnection.get()).to.deep.equal({ walletId: 'injected:org.absent.wallet', namespace: 'eip155' });
  });
});
