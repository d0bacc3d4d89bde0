import { expect } from '@esm-bundle/chai';
import { connect, disconnect, reconnect, switchNetwork } from '../../../src/stores/actions/index.js';
import { $config } from '../../../src/stores/config.js';
import { $connected, $connection, $connections, $walletStatuses } from '../../../src/stores/connection.js';
import { $lastError } from '../../../src/stores/errors.js';
import { lastConnection } from '../../../src/stores/last-connection.js';
import { $modal } from '../../../src/stores/modal.js';
import { $route } from '../../../src/stores/route.js';
import { $widgetState } from '../../../src/stores/state.js';
import { $wallets, loadSolanaWallets } from '../../../src/stores/wallets.js';
import { ALICE } from '../support/fake-wallet.js';
import { type FakeSolanaWallet, SOL_ALICE, SOL_BOB, SOL_ICON, fakeSolanaWallet } from '../support/fake-solana-wallet.js';
import { type PageWallet, pageWallet, resetStores, watchWallets } from '../support/stores.js';

const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
let serial = 0;

/** One connection per namespace, one of them active (`$connection`), EVM and Solana side by side. */
describe('connections per namespace (EVM + Solana Wallet Standard)', () => {
  let stopWatching: () => void;
  let evm: PageWallet;
  let sol: FakeSolanaWallet;
  let unregister: () => void;
  let solId: string;

  beforeEach(async () => {
    resetStores({ networks: ['eip155:1', MAINNET] });
    stopWatching = watchWallets();
    evm = pageWallet({ accounts: [ALICE], chainId: '0x1', name: 'Alpha Wallet' });
    // Connectors are kept for the page's life: a fresh name per test.
    sol = fakeSolanaWallet({ name: `Sol Wallet ${++serial}` });
    unregister = sol.register();
    solId = `solana:${sol.name}`;
    await loadSolanaWallets();
    $modal.set({ open: true });
  });
  afterEach(() => {
    unregister();
    evm.stop();
    stopWatching();
    resetStores();
  });

  it('lists a registered Wallet Standard wallet with a solana: chain, by its name and icon', () => {
    const found = $wallets.get().find((w) => w.id === solId);
    expect(found).to.include({ name: sol.name, icon: SOL_ICON, namespace: 'solana', type: 'injected' });
  });

  it('leaves out a Wallet Standard wallet with no solana: chain', async () => {
    const other = fakeSolanaWallet({ name: `Not Solana ${++serial}`, chains: ['sui:mainnet'] });
    const stop = other.register();
    expect($wallets.get().some((w) => w.name === other.name)).to.equal(false);
    stop();
  });

  it('connects EVM then Solana: both recorded, the newest active, state.connections one entry each', async () => {
    await connect(evm.id);
    await connect(solId);
    expect(sol.calls).to.deep.equal(['connect']);
    expect(Object.keys($connections.get()).sort()).to.deep.equal(['eip155', 'solana']);
    expect($connection.get()).to.deep.equal({
      status: 'connected', walletId: solId, namespace: 'solana', address: SOL_ALICE, chainId: MAINNET,
      connector: { id: solId, name: sol.name, type: 'injected' },
    });
    expect($walletStatuses.get()).to.deep.equal({ [evm.id]: 'connected', [solId]: 'active' });
    const state = $widgetState.get();
    expect(state).to.include({ status: 'connected', namespace: 'solana', address: SOL_ALICE, caipAddress: `${MAINNET}:${SOL_ALICE}`, chainId: MAINNET, supported: true });
    expect(state.connections).to.deep.equal([
      { status: 'connected', namespace: 'eip155', address: ALICE, caipAddress: `eip155:1:${ALICE}`, chainId: 'eip155:1', supported: true, connector: { id: evm.id, name: 'Alpha Wallet', type: 'injected' } },
      { status: 'connected', namespace: 'solana', address: SOL_ALICE, caipAddress: `${MAINNET}:${SOL_ALICE}`, chainId: MAINNET, supported: true, connector: { id: solId, name: sol.name, type: 'injected' } },
    ]);
    expect(lastConnection('solana').get()).to.deep.equal({ walletId: solId, namespace: 'solana', type: 'injected', chainId: MAINNET });
    expect(localStorage.getItem('wallet-connect-modal:connection-solana')).to.equal(`{"v":1,"data":{"walletId":"${solId}","namespace":"solana","type":"injected","chainId":"${MAINNET}"}}`);
  });

  it('keeps the EVM connection as the state while Solana is connecting (no status flicker)', async () => {
    await connect(evm.id);
    const statuses: string[] = [];
    const stop = $connection.listen((c) => statuses.push(`${c.status}:${c.status === 'connected' ? c.namespace : ''}`));
    await connect(solId);
    stop();
    expect(statuses).to.deep.equal(['connected:solana']);
  });

  it('a refused Solana connection shows "Connection rejected" in ConnectingExternal and keeps the EVM one', async () => {
    await connect(evm.id);
    $modal.set({ open: true });
    sol.approve = false;
    await connect(solId);
    expect($route.get()).to.deep.equal({ view: 'ConnectingExternal', walletId: solId, error: { code: 'CONNECTION_REJECTED', message: 'Connection rejected' } });
    expect($lastError.get()?.error.code).to.equal('CONNECTION_REJECTED');
    expect($connected.get()).to.include({ namespace: 'eip155', address: ALICE });
    expect(Object.keys($connections.get())).to.deep.equal(['eip155']);
    sol.approve = true;
    await connect(solId);
    expect($connected.get()).to.include({ namespace: 'solana', address: SOL_ALICE });
  });

  it("follows the Solana wallet's account changes on the Solana record only", async () => {
    await connect(solId);
    await connect(evm.id);
    sol.emitAccounts([SOL_BOB]);
    expect($connections.get().solana).to.include({ address: SOL_BOB });
    expect($connected.get()).to.include({ namespace: 'eip155', address: ALICE });
    sol.emitAccounts([]);
    expect($connections.get().solana).to.equal(undefined);
    expect($connected.get()).to.include({ namespace: 'eip155' });
  });

  it("disconnect('solana') ends Solana only, the EVM one staying connected and becoming active; disconnect() ends all", async () => {
    await connect(evm.id);
    await connect(solId);
    await disconnect('solana');
    expect(sol.calls).to.deep.equal(['connect', 'disconnect']);
    expect(Object.keys($connections.get())).to.deep.equal(['eip155']);
    expect($connected.get()).to.include({ namespace: 'eip155', address: ALICE });
    expect($walletStatuses.get()).to.deep.equal({ [evm.id]: 'active', [solId]: 'disconnected' });
    expect(lastConnection('solana').get()).to.equal(null);
    expect(lastConnection('eip155').get()).to.not.equal(null);

    await connect(solId);
    await disconnect();
    expect($connections.get()).to.deep.equal({});
    expect($connection.get()).to.deep.equal({ status: 'disconnected' });
    expect($widgetState.get().connections).to.deep.equal([]);
    expect(lastConnection('eip155').get()).to.equal(null);
  });

  it("disconnect('eip155') leaves Solana connected and active", async () => {
    await connect(solId);
    await connect(evm.id);
    await disconnect('eip155');
    expect($connected.get()).to.include({ namespace: 'solana', address: SOL_ALICE });
    expect($widgetState.get().connections.map((c) => c.namespace)).to.deep.equal(['solana']);
  });

  it('after a reload restores the Solana connection with a silent standard:connect, no prompt', async () => {
    sol.granted = true;
    lastConnection('solana').set({ walletId: solId, namespace: 'solana', type: 'injected' });
    $modal.set({ open: false });
    const done = reconnect();
    expect($connection.get()).to.deep.equal({ status: 'reconnecting', walletId: solId });
    await done;
    expect(sol.calls).to.deep.equal(['connect:silent']);
    expect($connected.get()).to.include({ namespace: 'solana', address: SOL_ALICE, chainId: MAINNET });
    expect($modal.get().open).to.equal(false);
  });

  /** A reload as the stores see it: nothing in memory, what was persisted kept. */
  const reloadStores = () => {
    $connection.set({ status: 'disconnected' });
    $connections.set({});
    $walletStatuses.set({});
  };

  for (const [first, second] of [['eip155', 'solana'], ['solana', 'eip155']] as const) {
    it(`after a reload, ${second} (the namespace active before it) is active again, ${first} connected beside it`, async () => {
      sol.granted = true;
      await connect(first === 'eip155' ? evm.id : solId);
      await connect(second === 'eip155' ? evm.id : solId);
      expect($connected.get()?.namespace).to.equal(second);
      reloadStores();
      await reconnect();
      expect(Object.keys($connections.get()).sort()).to.deep.equal(['eip155', 'solana']);
      expect($connected.get()?.namespace).to.equal(second);
      expect($widgetState.get().namespace).to.equal(second);
    });
  }

  it('after a reload the Solana connection is back on the network the visitor switched to, not the first one', async () => {
    const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
    $config.set({ ...$config.get(), networks: ['eip155:1', MAINNET, DEVNET] });
    sol.granted = true;
    await connect(solId);
    expect($connected.get()?.chainId).to.equal(MAINNET);
    await switchNetwork(DEVNET);
    expect($connected.get()?.chainId).to.equal(DEVNET);
    reloadStores();
    await reconnect();
    expect($connected.get()).to.include({ namespace: 'solana', chainId: DEVNET });
  });

  it('forgets a Solana wallet that no longer grants the page (silent connect gives no account)', async () => {
    lastConnection('solana').set({ walletId: solId, namespace: 'solana', type: 'injected' });
    await reconnect();
    expect(sol.calls).to.deep.equal(['connect:silent']);
    expect($connection.get()).to.deep.equal({ status: 'disconnected' });
    expect(lastConnection('solana').get()).to.equal(null);
  });
});
