import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { ALICE, announceWallet, createFakeProvider, walletInfo } from '../unit/support/fake-wallet.js';
import { type FakeSolanaWallet, SOL_ALICE, SOL_BOB, fakeSolanaWallet } from '../unit/support/fake-solana-wallet.js';
import { expectAccessible } from './support/axe.js';
import { bodyText, cleanup, mount, openAndRender, parts, record, titleText, waitFor } from './support/element.js';

const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VoAgqkn';
let serial = 0;
// Views whose code loads on demand: the test server compiles a chunk on its first request, slow on a busy machine.
const LAZY_MS = 10_000;

const labels = (el: HTMLElement) => parts(el, 'wallet-button').map((b) => b.querySelector('.list-label')?.textContent);
const button = (el: HTMLElement, label: string) => parts(el, 'wallet-button').find((b) => b.querySelector('.list-label')?.textContent === label);
const networkButton = (el: HTMLElement, name: string) => parts(el, 'network-button').find((b) => b.textContent?.includes(name));

/** At the element: EIP-6963 and Wallet Standard wallets in one Connect view, both namespaces at once. */
describe('<wallet-connect-modal> with Solana Wallet Standard wallets', () => {
  let el: WalletConnectModalElement;
  let solOnly: FakeSolanaWallet;
  let dualSol: FakeSolanaWallet;
  const stops: Array<() => void> = [];
  let names: { evm: string; sol: string; dual: string };

  beforeEach(() => {
    const n = ++serial;
    // Connectors live as long as the page: fresh names per test.
    names = { evm: `Evm Only ${n}`, sol: `Sol Only ${n}`, dual: `Dual ${n}` };
    stops.push(announceWallet(walletInfo(`org.test.evm${n}`, names.evm), createFakeProvider({ accounts: [ALICE], chainId: '0x1' })));
    stops.push(announceWallet(walletInfo(`org.test.dual${n}`, names.dual), createFakeProvider({ accounts: [ALICE], chainId: '0x1' })));
    solOnly = fakeSolanaWallet({ name: names.sol });
    dualSol = fakeSolanaWallet({ name: names.dual, address: SOL_BOB });
    stops.push(solOnly.register(), dualSol.register());
    el = mount({ networks: `eip155:1,${MAINNET},${DEVNET}` });
  });
  afterEach(async () => {
    await el.disconnect();
    stops.splice(0).forEach((stop) => stop());
    await cleanup();
  });

  const showWallets = async () => {
    await openAndRender(el);
    await waitFor(() => labels(el).includes(names.sol) && labels(el).includes(names.evm), 'EVM and Solana wallets');
  };

  it('lists EVM and Solana wallets each with its own name; a wallet on both is one entry', async () => {
    await showWallets();
    const mine = labels(el).filter((l) => l && [names.evm, names.sol, names.dual].includes(l));
    expect(mine).to.deep.equal([names.evm, names.dual, names.sol]);
  });

  it('two EVM wallets that share a name stay two entries, and choosing one connects it without asking for a namespace', async () => {
    const twin = announceWallet(walletInfo(`org.test.twin${serial}`, names.evm), createFakeProvider({ accounts: [ALICE], chainId: '0x1' }));
    try {
      await showWallets();
      const evmEntries = parts(el, 'wallet-button').filter((b) => b.querySelector('.list-label')?.textContent === names.evm);
      expect(evmEntries.map((b) => b.dataset.walletId)).to.have.members([`injected:org.test.evm${serial}`, `injected:org.test.twin${serial}`]);
      evmEntries.find((b) => b.dataset.walletId === `injected:org.test.twin${serial}`)!.click();
      await waitFor(() => el.state.status === 'connected', 'connected');
      expect(el.state.connector).to.deep.equal({ id: `injected:org.test.twin${serial}`, name: names.evm, type: 'injected' });
    } finally {
      twin();
    }
  });

  it('connects a Solana wallet: wallet-connect with namespace solana and CAIP ids, state and getProvider', async () => {
    const connects = record('wallet-connect');
    await showWallets();
    button(el, names.sol)!.click();
    await waitFor(() => connects.details.length === 1, 'wallet-connect');
    connects.stop();
    expect(connects.details[0]).to.deep.equal({
      address: SOL_ALICE, caipAddress: `${MAINNET}:${SOL_ALICE}`, chainId: MAINNET, namespace: 'solana',
      connector: { id: `solana:${names.sol}`, name: names.sol, type: 'injected' },
    });
    expect(el.state).to.include({ status: 'connected', namespace: 'solana', address: SOL_ALICE, chainId: MAINNET });
    expect(el.state.connections.map((c) => c.namespace)).to.deep.equal(['solana']);
    const provider = el.getProvider('solana')!;
    expect(provider).to.equal(el.getProvider('solana'));
    expect(provider.publicKey).to.equal(SOL_ALICE);
    expect([...(await provider.signMessage(new Uint8Array([1, 2])))]).to.deep.equal(new Array(64).fill(7));
    expect([...(await provider.signAndSendTransaction(new Uint8Array([5])))]).to.deep.equal(new Array(64).fill(9));
    expect(solOnly.calls).to.deep.equal(['connect', 'signMessage', 'signAndSendTransaction:solana:mainnet']);
    expect(el.getProvider('eip155')).to.equal(undefined);
  });

  it('the Account view shows the active Solana account (truncated base58 address), without failing', async () => {
    const errors = record<{ code: string }>('wallet-error');
    await showWallets();
    button(el, names.sol)!.click();
    await waitFor(() => el.state.namespace === 'solana', 'the Solana connection');
    await openAndRender(el);
    await waitFor(() => el.state.view === 'Account' && bodyText(el).includes('4Nd1mB…DB4T'), 'the Solana account in Account');
    expect(bodyText(el)).to.not.include('Something went wrong');
    errors.stop();
    expect(errors.details.map((d) => d.code)).to.not.include('RENDER_FAILED');
  });

  it("Account's Disconnect ends the connection shown (the active one); the other stays and becomes active", async () => {
    const disconnects = record<{ namespace: string }>('wallet-disconnect');
    await showWallets();
    button(el, names.evm)!.click();
    await waitFor(() => el.state.namespace === 'eip155', 'the EVM connection');
    await openAndRender(el, { namespace: 'solana' });
    await waitFor(() => button(el, names.sol), 'Solana wallets');
    button(el, names.sol)!.click();
    await waitFor(() => el.state.namespace === 'solana', 'the Solana connection');
    await openAndRender(el);
    const disconnect = await waitFor(() => parts(el, 'button').find((b) => b.dataset.action === 'disconnect'), 'the Disconnect button');
    disconnect.click();
    await waitFor(() => disconnects.details.length === 1, 'wallet-disconnect');
    disconnects.stop();
    expect(disconnects.details).to.deep.equal([{ namespace: 'solana' }]);
    expect(el.state).to.include({ status: 'connected', namespace: 'eip155', address: ALICE });
  });

  it("getProvider('solana') is undefined without a Solana connection, as getProvider('eip155') is without an EVM one", () => {
    expect(el.getProvider('solana')).to.equal(undefined);
    expect(el.getProvider('eip155')).to.equal(undefined);
  });

  it('a wallet on both namespaces asks which one, and connects the chosen one', async () => {
    const connects = record<{ namespace: string }>('wallet-connect');
    await showWallets();
    button(el, names.dual)!.click();
    await waitFor(() => bodyText(el).includes(`${names.dual} works on more than one kind of network. Which one do you want to connect?`), 'the chooser', LAZY_MS);
    expect(labels(el)).to.deep.equal(['Ethereum and EVM networks', 'Solana']);
    await expectAccessible(el, 'the namespace chooser');
    button(el, 'Solana')!.click();
    await waitFor(() => connects.details.length === 1, 'wallet-connect');
    connects.stop();
    expect(connects.details[0]).to.include({ namespace: 'solana', address: SOL_BOB });
    expect(dualSol.calls).to.deep.equal(['connect']);
  });

  it('a refused Solana connection shows "Connection rejected" and Try again connects', async () => {
    solOnly.approve = false;
    const errors = record<{ code: string; message: string }>('wallet-error');
    await showWallets();
    button(el, names.sol)!.click();
    await waitFor(() => bodyText(el).includes('Connection rejected'), 'the refusal');
    expect(errors.details).to.deep.equal([{ code: 'CONNECTION_REJECTED', message: 'Connection rejected' }]);
    errors.stop();
    solOnly.approve = true;
    parts(el, 'button').find((b) => b.textContent === 'Try again')!.click();
    await waitFor(() => el.state.namespace === 'solana', 'the Solana connection');
  });

  it('EVM and Solana at once: SwitchNetwork → SwitchActiveChain → Connect filtered; events per namespace; disconnect one then the other', async () => {
    const connects = record<{ namespace: string; chainId: string }>('wallet-connect');
    const disconnects = record<{ namespace: string }>('wallet-disconnect');
    const changes = record<{ namespace: string; chainId: string; supported: boolean }>('wallet-network-change');
    await showWallets();
    button(el, names.evm)!.click();
    await waitFor(() => el.state.namespace === 'eip155', 'the EVM connection');

    await openAndRender(el, { view: 'SwitchNetwork' });
    await waitFor(() => networkButton(el, 'Solana Devnet'), 'the Solana networks in the list');
    networkButton(el, 'Solana Devnet')!.click();
    await waitFor(() => bodyText(el).includes('Switch to Solana?'), 'SwitchActiveChain', LAZY_MS);
    expect(titleText(el)).to.equal('Switch Network');
    expect(el.state.view).to.equal('SwitchActiveChain');
    expect(bodyText(el)).to.include('Solana Devnet needs a Solana wallet, and none is connected yet. Your other connection stays.');
    await expectAccessible(el, 'SwitchActiveChain');
    parts(el, 'button').find((b) => b.textContent === 'Connect a Solana wallet')!.click();
    await waitFor(() => labels(el).includes(names.sol), 'Connect filtered to Solana');
    expect(labels(el)).to.not.include(names.evm);
    button(el, names.sol)!.click();
    await waitFor(() => el.state.connections.length === 2, 'two connections');
    expect(connects.details.map((d) => d.namespace)).to.deep.equal(['eip155', 'solana']);
    expect(el.state).to.include({ namespace: 'solana', address: SOL_ALICE });

    // The network list makes the other namespace active again, and moves Solana's own network.
    await openAndRender(el, { view: 'SwitchNetwork' });
    await waitFor(() => networkButton(el, 'Ethereum'), 'the list');
    networkButton(el, 'Ethereum')!.click();
    await waitFor(() => el.state.namespace === 'eip155', 'EVM active');
    expect(el.state.connections.map((c) => c.namespace)).to.deep.equal(['eip155', 'solana']);
    await el.switchNetwork(DEVNET);
    expect(el.state).to.include({ namespace: 'solana', chainId: DEVNET, caipAddress: `${DEVNET}:${SOL_ALICE}` });
    expect(changes.details).to.deep.equal([{ chainId: DEVNET, namespace: 'solana', supported: true }]);

    await el.disconnect('solana');
    expect(disconnects.details).to.deep.equal([{ namespace: 'solana' }]);
    expect(el.state).to.include({ status: 'connected', namespace: 'eip155', address: ALICE });
    await el.disconnect('eip155');
    expect(disconnects.details).to.deep.equal([{ namespace: 'solana' }, { namespace: 'eip155' }]);
    expect(el.state).to.include({ status: 'disconnected' });
    expect(el.state.connections).to.deep.equal([]);
    [connects, disconnects, changes].forEach((r) => r.stop());
  });

  it("open({ namespace: 'solana' }) shows only Solana wallets", async () => {
    await openAndRender(el, { namespace: 'solana' });
    await waitFor(() => labels(el).includes(names.sol), 'Solana wallets');
    expect(labels(el)).to.not.include(names.evm);
  });
});
