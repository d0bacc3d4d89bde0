import { expect } from '@esm-bundle/chai';
import { clearReverseNames } from '../../../src/services/names-api.js';
import { clearWalletApiCaches } from '../../../src/services/wallet-api.js';
import { putConnection } from '../../../src/stores/connection.js';
import { $identity } from '../../../src/stores/identity.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { resetStores } from '../support/stores.js';
import { until } from '../support/until.js';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/**
 * The account's name: the identity endpoint's, and for an email or social login without one, the profile service's
 * reverse lookup (`GET /v1/profile/reverse/{address}`), as the hosted modal falls back to it. A browser wallet
 * without a name is not looked up.
 */
describe('stores/identity: the reverse lookup for an email or social login', () => {
  let net: FakeFetch;
  let stop: (() => void) | undefined;
  beforeEach(() => {
    resetStores({ networks: ['eip155:31337'], apiUrl: 'http://api.test/' });
    clearWalletApiCaches();
    clearReverseNames();
    net = installFakeFetch();
    net.route(`/v1/identity/${ADDRESS}`, () => ({ body: { name: null, avatar: null } }));
    net.route(`/v1/profile/reverse/${ADDRESS}`, () => ({ body: [{ name: 'carol.reown.id', addresses: {}, attributes: [] }] }));
  });
  afterEach(() => {
    stop?.();
    net.restore();
    resetStores();
  });

  const connectAs = (type: 'auth' | 'injected') =>
    putConnection({ status: 'connected', walletId: type, namespace: 'eip155', address: ADDRESS, chainId: 'eip155:31337', connector: { id: type, name: type, type } }, true);

  it('an email login without an identity name takes the reverse lookup\'s name (sender and apiVersion=2 sent)', async () => {
    connectAs('auth');
    stop = $identity.listen(() => {});
    await until(() => $identity.get()?.name === 'carol.reown.id', 'the reverse name');
    const reverse = net.calls.find((url) => url.pathname === `/v1/profile/reverse/${ADDRESS}`)!;
    expect(reverse.searchParams.get('sender')).to.equal(ADDRESS);
    expect(reverse.searchParams.get('apiVersion')).to.equal('2');
  });

  it('a browser wallet without a name is not looked up', async () => {
    connectAs('injected');
    stop = $identity.listen(() => {});
    await until(() => $identity.get()?.address === ADDRESS, 'the identity');
    expect($identity.get()?.name).to.equal(null);
    expect(net.calls.some((url) => url.pathname.startsWith('/v1/profile/reverse/'))).to.equal(false);
  });
});
