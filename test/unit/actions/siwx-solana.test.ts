import { expect } from '@esm-bundle/chai';
import { base58Encode } from '../../../src/core/base58.js';
import { parseSiwxMessage } from '../../../src/core/siwx-message.js';
import { connect } from '../../../src/stores/actions/index.js';
import { open } from '../../../src/stores/actions/open.js';
import { switchNetwork } from '../../../src/stores/actions/switch-network.js';
import { $config } from '../../../src/stores/config.js';
import { openSignIn, signIn, signInFromModal, watchSiwx } from '../../../src/stores/actions/siwx.js';
import { $connected, $connections } from '../../../src/stores/connection.js';
import { $lastError } from '../../../src/stores/errors.js';
import { $modal } from '../../../src/stores/modal.js';
import { $route, resetRoute } from '../../../src/stores/route.js';
import { $siwxSession } from '../../../src/stores/siwx-session.js';
import { $toast } from '../../../src/stores/toasts.js';
import { loadSolanaWallets } from '../../../src/stores/wallets.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { SIWX_URL, fakeSiwxBackend as fakeBackend } from '../support/fake-siwx-backend.js';
import { type FakeSolanaWallet, SOL_ALICE, SOL_BOB, fakeSolanaWallet } from '../support/fake-solana-wallet.js';
import { ALICE, providerError } from '../support/fake-wallet.js';
import { rejection } from '../support/rejection.js';
import { type PageWallet, pageWallet, resetStores, watchWallets } from '../support/stores.js';
import { until } from '../support/until.js';

const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
let serial = 0;

/** Solana: sign in with the active connection when it is a Wallet Standard (or WalletConnect) Solana one. */
describe('actions/siwx (Solana sign-in, the active connection, init failure at Sign)', () => {
  let net: FakeFetch;
  let backend: ReturnType<typeof fakeBackend>;
  let evm: PageWallet;
  let sol: FakeSolanaWallet;
  let solId: string;
  let unregister: () => void;
  let stopWatching: () => void;
  let stops: (() => void)[];
  let signed: Uint8Array[];

  beforeEach(async () => {
    resetStores({ networks: ['eip155:1', 'eip155:10', MAINNET], siwxUrl: SIWX_URL });
    $siwxSession.set(undefined);
    net = installFakeFetch();
    backend = fakeBackend(net);
    stopWatching = watchWallets();
    evm = pageWallet({ accounts: [ALICE], chainId: '0x1' });
    evm.provider.handle('personal_sign', () => '0x5167');
    sol = fakeSolanaWallet({ name: `Sign-in Sol ${++serial}` });
    signed = [];
    const feature = sol.features['solana:signMessage'] as { signMessage: (...inputs: { message: Uint8Array }[]) => Promise<unknown> };
    const original = feature.signMessage;
    feature.signMessage = (...inputs) => (signed.push(...inputs.map((i) => i.message)), original(...inputs));
    unregister = sol.register();
    solId = `solana:${sol.name}`;
    await loadSolanaWallets();
    stops = [];
  });
  afterEach(() => {
    stops.forEach((stop) => stop());
    unregister();
    evm.stop();
    stopWatching();
    net.restore();
    resetStores();
  });

  it('a Solana connection signs the CAIP-122 "Sign in with Solana" message with signMessage and posts the base58 signature', async () => {
    await connect(solId);
    const session = await signIn();
    expect(signed).to.have.length(1);
    const text = new TextDecoder().decode(signed[0]);
    expect(text.split('\n')[0]).to.equal(`${location.host} wants you to sign in with your Solana account:`);
    expect(parseSiwxMessage(text)).to.include({ domain: location.host, accountAddress: SOL_ALICE, chainId: MAINNET, nonce: 'nonce12345678', uri: location.origin });
    expect(text).to.include(`\nChain ID: ${MAINNET}\n`);
    expect(Object.fromEntries(backend.posted[0]!)).to.include({ message: text, signature: base58Encode(new Uint8Array(64).fill(7)), csrfToken: 'nonce12345678' });
    expect(session).to.deep.equal({ address: SOL_ALICE, chainId: MAINNET, expires: '2099-01-01T00:00:00.000Z' });
    expect($siwxSession.get()).to.deep.equal(session);
    expect(evm.provider.methods()).to.not.include('personal_sign');
  });

  it('EVM and Solana connected: the active one signs (Solana, then EVM once it is active again)', async () => {
    await connect(evm.id);
    await connect(solId);
    expect($connected.get()?.namespace).to.equal('solana');
    expect((await signIn()).chainId).to.equal(MAINNET);
    await switchNetwork('eip155:1');
    expect($connected.get()?.namespace).to.equal('eip155');
    expect((await signIn()).chainId).to.equal('eip155:1');
    expect(signed).to.have.length(1);
  });

  it('the active namespace switching checks its session without signing the other out; switching back finds it again', async () => {
    await connect(evm.id);
    await signIn();
    let asked = 0;
    stops.push(watchSiwx(() => asked++));
    await connect(solId);
    await until(() => asked === 1, 'the Solana account asked to sign');
    expect($siwxSession.get()).to.equal(undefined);
    expect(backend.signedOut).to.equal(0);
    await switchNetwork('eip155:1');
    await until(() => $siwxSession.get()?.address === ALICE, 'the EVM session again');
    expect(asked).to.equal(1);
  });

  it('a Solana wallet that refuses: "Error signing message" and SIWX_SIGN_FAILED, nothing posted', async () => {
    (sol.features['solana:signMessage'] as { signMessage: () => Promise<unknown> }).signMessage = async () => { throw providerError(4001, 'User rejected'); };
    await connect(solId);
    const error = await rejection(signIn());
    expect([error.code, error.shortMessage]).to.deep.equal(['SIWX_SIGN_FAILED', 'Error signing message']);
    expect($toast.get()).to.include({ variant: 'error', message: 'Error signing message' });
    expect(backend.posted).to.have.length(0);
  });

  it('a new Solana connection without a session asks to sign; a Solana account change ends its session', async () => {
    let asked = 0;
    stops.push(watchSiwx(() => asked++));
    await connect(solId);
    await until(() => asked === 1, 'asked to sign');
    await signIn();
    sol.emitAccounts([SOL_BOB]);
    await until(() => backend.signedOut === 1, 'signed out');
    await until(() => $siwxSession.get() === undefined, 'unauthenticated once the backend answered');
    expect($siwxSession.get()).to.equal(undefined);
    await until(() => asked === 2, 'the new account asked to sign');
  });

  it("a Solana session is not ended by the EVM connection's changes (the rules are per namespace)", async () => {
    await connect(evm.id);
    await connect(solId);
    await signIn();
    stops.push(watchSiwx());
    evm.provider.emit('chainChanged', '0xa');
    await until(() => $connections.get().eip155?.chainId === 'eip155:10');
    evm.provider.emit('accountsChanged', []);
    await until(() => $connections.get().eip155 === undefined);
    expect(backend.signedOut).to.equal(0);
    expect($siwxSession.get()?.chainId).to.equal(MAINNET);
  });

  it('SIWXSignMessage asked for one connection closes when the connection made active instead has its session (a reload restoring both)', async () => {
    await connect(solId);
    await connect(evm.id);
    backend.session = { address: SOL_ALICE, chainId: MAINNET, expires: '2099-01-01T00:00:00.000Z' };
    let asked = 0;
    stops.push(watchSiwx(() => (asked++, openSignIn())));
    await until(() => asked === 1 && $modal.get().open, 'the EVM account asked to sign');
    expect($route.get().view).to.equal('SIWXSignMessage');
    await switchNetwork(MAINNET);
    await until(() => $siwxSession.get()?.chainId === MAINNET, 'the Solana session');
    await until(() => !$modal.get().open, 'SIWXSignMessage closed');
    expect(asked).to.equal(1);
  });

  it("open({ view: 'SIWXSignMessage' }) with a Solana connection opens the sign-in view (Account without siwx-url)", async () => {
    await connect(solId);
    open({ view: 'SIWXSignMessage' });
    expect($route.get().view).to.equal('SIWXSignMessage');
    $config.set({ ...$config.get(), siwxUrl: undefined });
    open({ view: 'SIWXSignMessage' });
    expect($route.get().view).to.equal('Account');
  });

  it('Sign with the backend gone since the view opened: the init-failure toast, SIWX_INIT_FAILED, disconnected, back on Connect', async () => {
    await connect(solId);
    $modal.set({ open: true });
    resetRoute({ view: 'SIWXSignMessage' });
    backend.down = true;
    await signInFromModal();
    await until(() => $toast.get()?.message === 'A problem occurred while trying initialize authentication', 'the init-failure toast');
    expect($toast.get()?.variant).to.equal('error');
    expect($lastError.get()?.error).to.include({ code: 'SIWX_INIT_FAILED', shortMessage: 'A problem occurred while trying initialize authentication' });
    expect($connections.get().solana).to.equal(undefined);
    expect($route.get().view).to.equal('Connect');
    expect(signed).to.have.length(0);
  });
});
