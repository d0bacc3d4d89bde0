import { expect } from '@esm-bundle/chai';
import { clearWalletApiCaches, getIdentity } from '../../../src/services/wallet-api.js';
import { connect } from '../../../src/stores/actions/index.js';
import { NAME_CHECK_DEBOUNCE_MS, registerCheckedName, resetNameForm, typeName } from '../../../src/stores/actions/names.js';
import { $lastError } from '../../../src/stores/errors.js';
import { $identity } from '../../../src/stores/identity.js';
import { $nameForm } from '../../../src/stores/names.js';
import { $registeredName } from '../../../src/stores/registered-name.js';
import { $route } from '../../../src/stores/route.js';
import { $toast } from '../../../src/stores/toasts.js';
import { installClock } from '../support/clock.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { ALICE, providerError } from '../support/fake-wallet.js';
import { type PageWallet, pageWallet, resetStores, watchWallets } from '../support/stores.js';
import { until } from '../support/until.js';

const API = 'http://api.test';
const fromHex = (hex: string) => new TextDecoder().decode(Uint8Array.from(hex.slice(2).match(/../g)!.map((b) => parseInt(b, 16))));
const profileCalls = (net: FakeFetch) => net.calls.filter((u) => u.pathname.startsWith('/v1/profile/account/')).map((u) => u.pathname.slice('/v1/profile/account/'.length));

describe('actions/names (Get a name)', () => {
  let net: FakeFetch;
  let clock: ReturnType<typeof installClock> | undefined;
  beforeEach(() => {
    resetStores({ apiUrl: API, projectId: 'p1', networks: ['eip155:1', 'eip155:10'], features: ['names'] });
    clearWalletApiCaches();
    resetNameForm();
    $toast.set(undefined);
    $registeredName.set(undefined);
    net = installFakeFetch();
  });
  afterEach(() => {
    clock?.restore();
    clock = undefined;
    net.restore();
    resetNameForm();
    resetStores();
  });

  describe('checking as the visitor types', () => {
    it('explains the rule at once and sends nothing for a name that breaks it', () => {
      typeName('abc');
      expect($nameForm.get().check).to.deep.equal({ status: 'invalid', label: 'abc', problem: 'short' });
      typeName('my_name!');
      expect($nameForm.get().check).to.deep.equal({ status: 'invalid', label: 'my_name!', problem: 'characters' });
      typeName('');
      expect($nameForm.get().check).to.deep.equal({ status: 'empty' });
      expect(net.calls).to.have.length(0);
    });

    it('waits for a pause in typing: one check for the name typed last (fake clock)', async () => {
      clock = installClock();
      net.route('/v1/profile/account/carol.reown.id', () => ({ status: 404, body: { status: 'ERROR', reasons: [] } }));
      for (const input of ['caro', 'Carol']) {
        typeName(input);
        clock.tick(NAME_CHECK_DEBOUNCE_MS - 1);
      }
      expect($nameForm.get().check).to.deep.equal({ status: 'checking', label: 'carol' });
      expect(net.calls).to.have.length(0);
      clock.tick(1);
      await until(() => $nameForm.get().check.status === 'available', 'the check');
      expect(profileCalls(net)).to.deep.equal(['carol.reown.id']);
      expect($nameForm.get().check).to.deep.equal({ status: 'available', label: 'carol' });
    });

    it('drops the answer to a name no longer typed', async () => {
      clock = installClock();
      let answerCarol!: () => void;
      net.route('/v1/profile/account/carol.reown.id', () => new Promise((resolve) => { answerCarol = () => resolve({ body: { name: 'carol.reown.id', addresses: {} } }); }));
      net.route('/v1/profile/account/carolyn.reown.id', () => ({ status: 404, body: {} }));
      typeName('carol');
      clock.tick(NAME_CHECK_DEBOUNCE_MS);
      await until(() => answerCarol !== undefined, 'the first check sent');
      typeName('carolyn');
      clock.tick(NAME_CHECK_DEBOUNCE_MS);
      await until(() => $nameForm.get().check.status === 'available', 'the second check');
      answerCarol();
      await new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
      await until(() => profileCalls(net).length === 2, 'both checks sent');
      expect($nameForm.get().check).to.deep.equal({ status: 'available', label: 'carolyn' });
    });

    it('a taken name brings the free names the service suggests, zone taken off', async () => {
      net.route('/v1/profile/account/carol.reown.id', () => ({ body: { name: 'carol.reown.id', addresses: {} } }));
      net.route('/v1/profile/suggestions/carol', (url) => {
        expect(url.searchParams.get('zone')).to.equal('reown.id');
        return { body: { suggestions: [{ name: 'carol1.reown.id', registered: false }, { name: 'carol2', registered: false }, { name: 'carol3.reown.id', registered: true }] } };
      });
      typeName('carol');
      await until(() => $nameForm.get().check.status === 'taken', 'the check');
      expect($nameForm.get().check).to.deep.equal({ status: 'taken', label: 'carol', suggestions: ['carol1', 'carol2'] });
    });

    it('a failed check says so (rate limited), and is not "available"', async () => {
      net.route('/v1/profile/account/carol.reown.id', () => ({ status: 429, body: {} }));
      typeName('carol');
      await until(() => $nameForm.get().check.status === 'error', 'the check');
      expect($nameForm.get().check).to.deep.include({ status: 'error', error: { code: 'RATE_LIMITED', message: 'Too many requests, try again shortly' } });
    });
  });

  describe('registering', () => {
    let evm: PageWallet;
    let stopWatching: () => void;
    let posts: { coin_type: number; address: string; message: string; signature: string }[];
    beforeEach(async () => {
      stopWatching = watchWallets();
      evm = pageWallet({ accounts: [ALICE], chainId: '0xa' });
      evm.provider.handle('personal_sign', () => '0x5167');
      posts = [];
      net.route('/v1/profile/account/carol.reown.id', () => ({ status: 404, body: {} }));
      net.route(`/v1/identity/${ALICE}`, () => ({ body: { name: null, avatar: null } }));
      await connect(evm.id);
      typeName('carol');
      await until(() => $nameForm.get().check.status === 'available', 'the check');
    });
    afterEach(() => {
      evm.stop();
      stopWatching();
    });
    const answerPost = (answer: { status?: number; body: unknown } | 'down') =>
      net.route('/v1/profile/account', (_url, init) => {
        posts.push(JSON.parse(String(init?.body)));
        if (answer === 'down') throw new TypeError('Failed to fetch');
        return answer;
      });

    it('one signature of the registration message, then the POST; the name shows at once and the host hears wallet-name', async () => {
      answerPost({ body: {} });
      const stop = $identity.listen(() => {});
      await until(() => $identity.get()?.address === ALICE, 'the identity');
      expect($identity.get()?.name).to.equal(null);
      await registerCheckedName();
      const signs = evm.provider.calls.filter((c) => c.method === 'personal_sign');
      expect(signs).to.have.length(1);
      expect(evm.provider.methods()).to.not.include('eth_sendTransaction');
      const message = fromHex((signs[0]!.params as string[])[0]!);
      const parsed = JSON.parse(message) as { name: string; attributes: object; timestamp: number };
      expect(parsed.name).to.equal('carol.reown.id');
      expect(parsed.attributes).to.deep.equal({});
      expect(Math.abs(parsed.timestamp - Date.now() / 1000)).to.be.below(5);
      expect(posts).to.deep.equal([{ coin_type: 0x8000000a, address: ALICE, message, signature: '0x5167' }]);
      expect($identity.get()).to.deep.equal({ name: 'carol.reown.id', avatar: null, address: ALICE });
      // The 5-minute identity cache holds the name: no wait, no second call.
      const identityCalls = net.calls.filter((u) => u.pathname.startsWith('/v1/identity/')).length;
      expect(await getIdentity({ apiUrl: API, projectId: 'p1' }, ALICE)).to.deep.equal({ name: 'carol.reown.id', avatar: null });
      expect(net.calls.filter((u) => u.pathname.startsWith('/v1/identity/')).length).to.equal(identityCalls);
      expect($registeredName.get()).to.deep.equal({ name: 'carol.reown.id', address: ALICE, caipAddress: `eip155:10:${ALICE}` });
      expect($route.get()).to.deep.equal({ view: 'Account' });
      expect($toast.get()?.message).to.equal('carol.reown.id is now your name');
      expect($nameForm.get().input).to.equal('');
      stop();
    });

    it('a load of the identity under way during the registration does not put "no name" back afterwards', async () => {
      answerPost({ body: {} });
      const answers: (() => void)[] = [];
      net.route(`/v1/identity/${ALICE}`, () => new Promise((resolve) => answers.push(() => resolve({ body: { name: null, avatar: null } }))));
      // A fresh mount of the identity store (as the Account view does) starts a load; its answer is late.
      await until(() => !($identity as unknown as { active?: boolean }).active, 'the identity store unmounted', 3000);
      clearWalletApiCaches();
      const stop = $identity.listen(() => {});
      await until(() => answers.length === 1, 'the identity load under way');
      await registerCheckedName();
      expect($identity.get()?.name).to.equal('carol.reown.id');
      answers.forEach((answer) => answer());
      await new Promise((resolve) => setTimeout(resolve, 50)); // the late answer's promise chain settles
      expect($identity.get()).to.deep.equal({ name: 'carol.reown.id', avatar: null, address: ALICE });
      stop();
    });

    const failures: [string, () => void, string, string][] = [
      ['the signature refused in the wallet', () => evm.provider.handle('personal_sign', () => { throw providerError(4001, 'User rejected'); }), 'USER_REJECTED', 'The signature was declined in the wallet.'],
      ['the message expired', () => answerPost({ status: 400, body: { status: 'ERROR', reasons: [{ name: 'timestamp', description: 'the signed message has expired: sign a new one' }] } }), 'NAME_EXPIRED', 'The signed message expired. Register again to sign a new one.'],
      ['a refusal with another reason', () => answerPost({ status: 401, body: { status: 'ERROR', reasons: [{ name: 'signature', description: 'bad' }] } }), 'NAME_REGISTER_FAILED', 'Error registering name carol.reown.id'],
      ['the service rate-limited', () => answerPost({ status: 429, body: {} }), 'RATE_LIMITED', 'Too many requests, try again shortly'],
      ['the service failing', () => answerPost({ status: 503, body: {} }), 'SERVER_ERROR', 'The service had a problem'],
      ['the service down', () => answerPost('down'), 'SERVICE_UNAVAILABLE', 'The service could not be reached'],
    ];
    for (const [what, arrange, code, message] of failures) {
      it(`${what}: ${code} in the view and as wallet-error, never left waiting`, async () => {
        arrange();
        await registerCheckedName();
        expect($nameForm.get().registration).to.deep.equal({ status: 'error', label: 'carol', error: { code, message } });
        expect($lastError.get()?.error.code).to.equal(code);
        expect($lastError.get()?.error.shortMessage).to.equal(message);
        expect($registeredName.get()).to.equal(undefined);
        expect($route.get().view).to.not.equal('Account');
      });
    }

    it('taken between the check and the registration: NAME_TAKEN, and the field checks again (taken, with free names)', async () => {
      answerPost({ status: 409, body: { status: 'ERROR', reasons: [{ name: 'name', description: 'carol.reown.id is already taken' }] } });
      net.route('/v1/profile/account/carol.reown.id', () => ({ body: { name: 'carol.reown.id', addresses: {} } }));
      net.route('/v1/profile/suggestions/carol', () => ({ body: { suggestions: [{ name: 'carol1.reown.id', registered: false }] } }));
      await registerCheckedName();
      expect($nameForm.get().registration).to.deep.equal({ status: 'error', label: 'carol', error: { code: 'NAME_TAKEN', message: 'carol.reown.id was just taken. Choose another name.' } });
      expect($lastError.get()?.error.code).to.equal('NAME_TAKEN');
      await until(() => $nameForm.get().check.status === 'taken', 'the new check');
      expect($nameForm.get().check).to.deep.equal({ status: 'taken', label: 'carol', suggestions: ['carol1'] });
    });
  });
});
