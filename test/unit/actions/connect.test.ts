import { expect } from '@esm-bundle/chai';
import { cancelConnect, connect, open } from '../../../src/stores/actions/index.js';
import { $connection, $walletStatuses } from '../../../src/stores/connection.js';
import { $lastError } from '../../../src/stores/errors.js';
import { $lastConnection } from '../../../src/stores/last-connection.js';
import { $modal } from '../../../src/stores/modal.js';
import { $recentWallets } from '../../../src/stores/recent-wallets.js';
import { $history, $route, pushRoute } from '../../../src/stores/route.js';
import { ALICE, deferred, providerError } from '../support/fake-wallet.js';
import { until } from '../support/until.js';
import { type PageWallet, pageWallet, resetStores, watchWallets } from '../support/stores.js';

describe('actions/connect', () => {
  let stopWatching: () => void;
  let wallet: PageWallet;
  let statuses: string[];
  let stopStatuses: () => void;

  beforeEach(() => {
    resetStores({ networks: ['eip155:1', 'eip155:137'] });
    stopWatching = watchWallets();
    wallet = pageWallet({ accounts: [ALICE], chainId: '0x1', name: 'Alpha Wallet' });
    $modal.set({ open: true });
    statuses = [];
    stopStatuses = $connection.listen((c) => statuses.push(c.status));
  });
  afterEach(() => {
    stopStatuses();
    wallet.stop();
    stopWatching();
    resetStores();
  });

  it('goes connecting → connected, shows ConnectingExternal meanwhile, then closes the modal', async () => {
    const approval = deferred<string[]>();
    wallet.provider.handle('eth_requestAccounts', () => approval.promise);
    const done = connect(wallet.id);

    expect($connection.get()).to.deep.equal({ status: 'connecting', walletId: wallet.id });
    expect($route.get()).to.deep.equal({ view: 'ConnectingExternal', walletId: wallet.id });
    expect($modal.get().open).to.equal(true);

    approval.resolve([ALICE]);
    await done;
    expect(statuses).to.deep.equal(['connecting', 'connected']);
    expect($connection.get()).to.deep.equal({
      status: 'connected', walletId: wallet.id, namespace: 'eip155', address: ALICE, chainId: 'eip155:1',
      connector: { id: wallet.id, name: 'Alpha Wallet', type: 'injected' },
    });
    expect($modal.get().open).to.equal(false);
    expect($walletStatuses.get()[wallet.id]).to.equal('active');
  });

  it('an attempt abandoned at once, before its code has loaded, never asks the wallet', async () => {
    const done = connect(wallet.id);
    cancelConnect();
    await done;
    expect(wallet.provider.calls.map((c) => c.method)).to.not.include('eth_requestAccounts');
    expect($connection.get()).to.deep.equal({ status: 'disconnected' });
    expect($route.get()).to.deep.equal({ view: 'ConnectingExternal', walletId: wallet.id });
  });

  it('remembers the wallet as recent (persisted) and as the connection to restore', async () => {
    await connect(wallet.id);
    expect($recentWallets.get()).to.deep.equal([wallet.id]);
    expect(localStorage.getItem('wallet-connect-modal:recent-wallets')).to.equal(`{"v":1,"data":["${wallet.id}"]}`);
    expect($lastConnection.get()).to.deep.equal({ walletId: wallet.id, namespace: 'eip155', type: 'injected' });
  });

  it('on rejection stays on ConnectingExternal with the error, disconnected, and reports it', async () => {
    wallet.provider.handle('eth_requestAccounts', () => {
      throw providerError(4001, 'User rejected the request.');
    });
    await connect(wallet.id);
    expect($route.get()).to.deep.equal({
      view: 'ConnectingExternal', walletId: wallet.id, error: { code: 'CONNECTION_REJECTED', message: 'Connection rejected' },
    });
    expect($connection.get()).to.deep.equal({ status: 'disconnected' });
    expect(statuses).to.deep.equal(['connecting', 'disconnected']);
    expect($modal.get().open).to.equal(true);
    expect($lastError.get()?.error.code).to.equal('CONNECTION_REJECTED');
    expect($recentWallets.get()).to.deep.equal([]);
    expect($lastConnection.get()).to.equal(null);
  });

  it('a retry from the error replaces the ConnectingExternal view instead of stacking another', async () => {
    let calls = 0;
    wallet.provider.handle('eth_requestAccounts', () => {
      if (calls++ === 0) throw providerError(4001, 'no');
      return [ALICE];
    });
    await connect(wallet.id);
    await connect(wallet.id);
    expect($history.get()).to.deep.equal([{ view: 'Connect' }, { view: 'ConnectingExternal', walletId: wallet.id }]);
    expect($connection.get().status).to.equal('connected');
  });

  it('a failure that is not a refusal shows "Failed to connect"', async () => {
    wallet.provider.handle('eth_requestAccounts', () => {
      throw providerError(-32603, 'Internal error');
    });
    await connect(wallet.id);
    expect($route.get()).to.deep.equal({ view: 'ConnectingExternal', walletId: wallet.id, error: { code: 'CONNECT_FAILED', message: 'Failed to connect' } });
  });

  it('cancelConnect during the pending request: a later approval is ignored', async () => {
    const approval = deferred<string[]>();
    wallet.provider.handle('eth_requestAccounts', () => approval.promise);
    const done = connect(wallet.id);
    await until(() => wallet.provider.methods().includes('eth_requestAccounts'), 'the wallet to be asked');
    cancelConnect();
    expect($connection.get()).to.deep.equal({ status: 'disconnected' });
    const route = $route.get();

    approval.resolve([ALICE]);
    await done;
    expect($connection.get()).to.deep.equal({ status: 'disconnected' });
    expect($route.get()).to.equal(route);
    expect($modal.get().open).to.equal(true);
    expect($recentWallets.get()).to.deep.equal([]);
    expect($lastConnection.get()).to.equal(null);
    expect($lastError.get()).to.equal(undefined);
  });

  it("the host's open() while the wallet decides abandons the attempt: disconnected on Connect, and a later approval connects nothing", async () => {
    const approval = deferred<string[]>();
    wallet.provider.handle('eth_requestAccounts', () => approval.promise);
    const done = connect(wallet.id);
    await until(() => wallet.provider.methods().includes('eth_requestAccounts'), 'the wallet to be asked');
    open();
    expect($connection.get()).to.deep.equal({ status: 'disconnected' });
    expect($history.get()).to.deep.equal([{ view: 'Connect' }]);
    approval.resolve([ALICE]);
    await done;
    expect(statuses).to.deep.equal(['connecting', 'disconnected']);
    expect($lastConnection.get()).to.equal(null);
  });

  it('cancelConnect during the pending request: a later refusal is not reported either', async () => {
    const approval = deferred<string[]>();
    wallet.provider.handle('eth_requestAccounts', () => approval.promise);
    const done = connect(wallet.id);
    await until(() => wallet.provider.methods().includes('eth_requestAccounts'), 'the wallet to be asked');
    cancelConnect();
    approval.reject(providerError(4001, 'User rejected the request.'));
    await done;
    expect($lastError.get()).to.equal(undefined);
    expect($route.get()).to.deep.equal({ view: 'ConnectingExternal', walletId: wallet.id });
  });

  it('refuses an unknown wallet with PROVIDER_NOT_FOUND, and a second wallet while connected with ALREADY_CONNECTED', async () => {
    let error: unknown;
    await connect('injected:nowhere').catch((e: unknown) => (error = e));
    expect(error).to.include({ code: 'PROVIDER_NOT_FOUND', shortMessage: 'Wallet not found' });
    expect($connection.get().status).to.equal('disconnected');

    await connect(wallet.id);
    error = undefined;
    await connect(wallet.id).catch((e: unknown) => (error = e));
    expect(error).to.include({ code: 'ALREADY_CONNECTED' });
  });

  it('connecting from ConnectingExternal of another wallet replaces that view', async () => {
    pushRoute({ view: 'ConnectingExternal', walletId: 'injected:other', error: { code: 'CONNECTION_REJECTED', message: 'Connection rejected' } });
    const approval = deferred<string[]>();
    wallet.provider.handle('eth_requestAccounts', () => approval.promise);
    const done = connect(wallet.id);
    expect($history.get()).to.deep.equal([{ view: 'Connect' }, { view: 'ConnectingExternal', walletId: wallet.id }]);
    cancelConnect();
    approval.resolve([ALICE]);
    await done;
  });
});
