import { expect } from '@esm-bundle/chai';
import { parseSiwxMessage } from '../../../src/core/siwx-message.js';
import { connect, disconnect } from '../../../src/stores/actions/index.js';
import { checkSession, getSession, signIn, signOut, startSiwx, stopSiwx, watchSiwx } from '../../../src/stores/actions/siwx.js';
import { $modal } from '../../../src/stores/modal.js';
import { $route } from '../../../src/stores/route.js';
import { $config } from '../../../src/stores/config.js';
import { $connections } from '../../../src/stores/connection.js';
import { $lastError } from '../../../src/stores/errors.js';
import { $siwxSession } from '../../../src/stores/siwx-session.js';
import { $toast } from '../../../src/stores/toasts.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { SIWX_URL, fakeSiwxBackend as fakeBackend } from '../support/fake-siwx-backend.js';
import { ALICE, BOB, providerError } from '../support/fake-wallet.js';
import { rejection } from '../support/rejection.js';
import { type PageWallet, pageWallet, resetStores, watchWallets } from '../support/stores.js';
import { until } from '../support/until.js';
import { installClock } from '../support/clock.js';

const fromHex = (hex: string) => new TextDecoder().decode(Uint8Array.from(hex.slice(2).match(/../g)!.map((b) => parseInt(b, 16))));

describe('actions/siwx (EVM sign-in)', () => {
  let net: FakeFetch;
  let backend: ReturnType<typeof fakeBackend>;
  let evm: PageWallet;
  let stopWatching: () => void;
  let stops: (() => void)[];

  beforeEach(() => {
    resetStores({ networks: ['eip155:1', 'eip155:10'], siwxUrl: SIWX_URL });
    $siwxSession.set(undefined);
    net = installFakeFetch();
    backend = fakeBackend(net);
    stopWatching = watchWallets();
    evm = pageWallet({ accounts: [ALICE], chainId: '0x1' });
    evm.provider.handle('personal_sign', () => '0x5167');
    stops = [];
  });
  afterEach(() => {
    stops.forEach((stop) => stop());
    evm.stop();
    stopWatching();
    net.restore();
    resetStores();
  });

  it('signIn() rejects "SIWX is not enabled" without siwx-url, asking nothing of anyone', async () => {
    $config.set({ ...$config.get(), siwxUrl: undefined });
    await connect(evm.id);
    const error = await rejection(signIn());
    expect([error.code, error.shortMessage]).to.deep.equal(['SIWX_NOT_ENABLED', 'SIWX is not enabled']);
    expect(net.calls).to.have.length(0);
    expect(evm.provider.methods()).to.not.include('personal_sign');
  });

  it('signs the EIP-4361 message with personal_sign and posts it with the nonce; the session is kept', async () => {
    await connect(evm.id);
    const session = await signIn();
    const sign = evm.provider.calls.find((call) => call.method === 'personal_sign')!;
    const [hex, address] = sign.params as [string, string];
    expect(address).to.equal(ALICE);
    const text = fromHex(hex);
    const fields = parseSiwxMessage(text);
    expect(fields).to.include({ domain: location.host, accountAddress: ALICE, chainId: 'eip155:1', nonce: 'nonce12345678', uri: location.origin });
    expect(text.split('\n')[0]).to.equal(`${location.host} wants you to sign in with your Ethereum account:`);
    expect(Object.fromEntries(backend.posted[0]!)).to.include({ message: text, signature: '0x5167', csrfToken: 'nonce12345678' });
    expect(session).to.deep.equal({ address: ALICE, chainId: 'eip155:1', expires: '2099-01-01T00:00:00.000Z' });
    expect($siwxSession.get()).to.deep.equal(session);
  });

  it('a wallet that refuses to sign: "Error signing message" toast and SIWX_SIGN_FAILED, nothing posted', async () => {
    evm.provider.handle('personal_sign', () => { throw providerError(4001, 'User rejected'); });
    await connect(evm.id);
    const error = await rejection(signIn());
    expect([error.code, error.shortMessage]).to.deep.equal(['SIWX_SIGN_FAILED', 'Error signing message']);
    expect($toast.get()).to.include({ variant: 'error', message: 'Error signing message' });
    expect(backend.posted).to.have.length(0);
    expect($siwxSession.get()).to.equal(undefined);
  });

  it('a refused signature: wallet-error SIWX_VERIFY_FAILED "Failed to verify message", no session', async () => {
    backend.refuse = 'invalid_signature';
    await connect(evm.id);
    const error = await rejection(signIn());
    expect(error.code).to.equal('SIWX_VERIFY_FAILED');
    expect($lastError.get()?.error).to.include({ code: 'SIWX_VERIFY_FAILED', shortMessage: 'Failed to verify message' });
    expect($siwxSession.get()).to.equal(undefined);
  });

  it('getSession() keeps only a session of the connected account and chain', async () => {
    await connect(evm.id);
    backend.session = { address: BOB, chainId: 'eip155:1', expires: '2099-01-01T00:00:00.000Z' };
    expect(await getSession()).to.equal(undefined);
    backend.session = { address: ALICE.toUpperCase().replace('0X', '0x'), chainId: 'eip155:10', expires: '2099-01-01T00:00:00.000Z' };
    expect(await getSession()).to.equal(undefined);
    backend.session = { address: ALICE, chainId: 'eip155:1', expires: '2099-01-01T00:00:00.000Z' };
    expect(await getSession()).to.deep.equal(backend.session);
  });

  it('a restored connection with a valid session is signed in without a new signature', async () => {
    backend.session = { address: ALICE, chainId: 'eip155:1', expires: '2099-01-01T00:00:00.000Z' };
    await connect(evm.id);
    let asked = 0;
    stops.push(watchSiwx(() => asked++));
    await until(() => $siwxSession.get() !== undefined);
    expect(asked).to.equal(0);
    expect(evm.provider.methods()).to.not.include('personal_sign');
  });

  it('a new connection without a session asks the visitor to sign (the callback)', async () => {
    let asked = 0;
    stops.push(watchSiwx(() => asked++));
    await connect(evm.id);
    await until(() => asked === 1);
    expect($siwxSession.get()).to.equal(undefined);
  });

  it('init failure: the backend down when checking gives the toast, SIWX_INIT_FAILED and disconnects the wallet', async () => {
    backend.down = true;
    await connect(evm.id);
    expect(await checkSession()).to.equal(false);
    // A toast already shown is replaced after a short gap (docs/specification.md#states).
    await until(() => $toast.get()?.message === 'A problem occurred while trying initialize authentication', 'the init-failure toast');
    expect($toast.get()?.variant).to.equal('error');
    expect($lastError.get()?.error.code).to.equal('SIWX_INIT_FAILED');
    expect($connections.get().eip155).to.equal(undefined);
    // Back on Connect where the visitor sees it: the modal open, not a closed dialog with state.view Connect.
    expect($modal.get().open).to.equal(true);
    expect($route.get().view).to.equal('Connect');
  });

  it('signOut() ends the session at the backend and here', async () => {
    await connect(evm.id);
    await signIn();
    await signOut();
    expect(backend.signedOut).to.equal(1);
    expect($siwxSession.get()).to.equal(undefined);
  });

  it('signOut(): unauthenticated only once the backend answered (a host reading GET session on the event sees it ended)', async () => {
    await connect(evm.id);
    await signIn();
    const seenAtEvent: number[] = [];
    const off = $siwxSession.listen((session) => { if (!session) seenAtEvent.push(backend.signedOut); });
    await signOut();
    off();
    expect(seenAtEvent).to.deep.equal([1]);
  });

  it('removing siwx-url ends the sign-in machinery: the next connection is not disconnected (no SIWX_INIT_FAILED)', async () => {
    let asked = 0;
    startSiwx(() => asked++);
    stops.push(stopSiwx);
    await connect(evm.id);
    await until(() => asked === 1);
    await signIn();
    await disconnect('eip155');
    $config.set({ ...$config.get(), siwxUrl: undefined });
    stopSiwx();
    expect($siwxSession.get()).to.equal(undefined);
    const calls = net.calls.length;
    await connect(evm.id);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await Promise.resolve();
    expect($connections.get().eip155?.address).to.equal(ALICE);
    expect($lastError.get()?.error.code).to.not.equal('SIWX_INIT_FAILED');
    expect(net.calls.length).to.equal(calls);
    expect(asked).to.equal(1);
  });

  it('a changed siwx-url: the watcher follows the new backend (started again for it)', async () => {
    let asked = 0;
    startSiwx(() => asked++);
    stops.push(stopSiwx);
    $config.set({ ...$config.get(), siwxUrl: 'http://other.test/other/auth' });
    const other = { session: 0 };
    net.route('/other/auth/session', () => (other.session++, { body: null }));
    startSiwx(() => asked++);
    await connect(evm.id);
    await until(() => asked === 1 && other.session === 1, 'the new backend asked');
  });

  describe('the 5-minute refetch while visible (docs/specification.md#constants)', () => {
    let clock: ReturnType<typeof installClock> | undefined;
    afterEach(() => clock?.restore());

    const sessionCalls = () => net.calls.filter((url) => url.pathname === '/api/auth/session').length;

    it('asks GET session again every 5 minutes, not before; a session revoked at the backend becomes unauthenticated; with siwx-required the visitor is asked again', async () => {
      $config.set({ ...$config.get(), siwxRequired: true });
      await connect(evm.id);
      await signIn();
      let asked = 0;
      clock = installClock();
      stops.push(watchSiwx(() => asked++));
      // The watcher's own check of the connection it starts with.
      await until(() => sessionCalls() === 2, 'the first check');
      backend.session = null; // revoked server-side
      clock.tick(5 * 60_000 - 1);
      expect(sessionCalls()).to.equal(2);
      clock.tick(1);
      await until(() => $siwxSession.get() === undefined, 'unauthenticated');
      expect(sessionCalls()).to.equal(3);
      expect(asked).to.equal(1);
      clock.tick(5 * 60_000);
      await until(() => sessionCalls() === 4, 'the next refetch');
    });

    it('does not refetch while the page is hidden', async () => {
      await connect(evm.id);
      await signIn();
      clock = installClock();
      stops.push(watchSiwx());
      await until(() => sessionCalls() === 2, 'the first check');
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      try {
        clock.tick(5 * 60_000);
        // The timer's callback runs synchronously inside tick(): a refetch would have called fetch by now.
        expect(sessionCalls()).to.equal(2);
      } finally {
        delete (document as { visibilityState?: string }).visibilityState;
      }
      clock.tick(5 * 60_000);
      expect(sessionCalls()).to.equal(3);
    });

    it('keeps a still valid session without a new wallet-session value', async () => {
      await connect(evm.id);
      const session = await signIn();
      clock = installClock();
      stops.push(watchSiwx());
      await until(() => sessionCalls() === 2, 'the first check');
      const values: unknown[] = [];
      const off = $siwxSession.listen((value) => values.push(value));
      clock.tick(5 * 60_000);
      await until(() => sessionCalls() === 3, 'the refetch');
      await getSession();
      off();
      expect(values).to.deep.equal([]);
      expect($siwxSession.get()).to.deep.equal(session);
    });
  });

  describe('sign-out rules (siwx-keep-session)', () => {
    async function signedIn() {
      await connect(evm.id);
      await signIn();
      stops.push(watchSiwx());
    }

    it('an account change ends the session by default', async () => {
      await signedIn();
      evm.provider.emit('accountsChanged', [BOB]);
      await until(() => backend.signedOut === 1);
      // Unauthenticated once the backend's sign-out answered.
      await until(() => $siwxSession.get() === undefined, 'the session ended here');
    });

    it('a network change ends the session by default', async () => {
      await signedIn();
      evm.provider.emit('chainChanged', '0xa');
      await until(() => backend.signedOut === 1);
      // Unauthenticated once the backend's sign-out answered.
      await until(() => $siwxSession.get() === undefined, 'the session ended here');
    });

    it('a disconnect ends the session by default', async () => {
      await signedIn();
      await disconnect('eip155');
      await until(() => backend.signedOut === 1);
      // Unauthenticated once the backend's sign-out answered.
      await until(() => $siwxSession.get() === undefined, 'the session ended here');
    });

    it('kept through the changes the host lists', async () => {
      $config.set({ ...$config.get(), siwxKeepSession: ['account-change', 'network-change', 'disconnect'] });
      await signedIn();
      evm.provider.emit('chainChanged', '0xa');
      await until(() => $connections.get().eip155?.chainId === 'eip155:10');
      evm.provider.emit('accountsChanged', [BOB]);
      await until(() => $connections.get().eip155?.address === BOB);
      await disconnect('eip155');
      expect(backend.signedOut).to.equal(0);
      expect($siwxSession.get()?.address).to.equal(ALICE);
    });
  });
});
