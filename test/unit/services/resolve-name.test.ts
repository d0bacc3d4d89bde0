import { expect } from '@esm-bundle/chai';
import { httpStatus } from '../../../src/services/http.js';
import { clearWalletApiCaches, resolveName } from '../../../src/services/wallet-api.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { rejection } from '../support/rejection.js';

const api = { apiUrl: 'http://api.test', projectId: 'p1' };
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('services/wallet-api resolveName: decided by the HTTP status', () => {
  let net: FakeFetch;
  beforeEach(() => { clearWalletApiCaches(); net = installFakeFetch(); });
  afterEach(() => net.restore());

  it('answers the EVM address of a registered name', async () => {
    net.route('/v1/profile/account/alice.eth', () => ({ body: { name: 'alice.eth', addresses: { 60: { address: ALICE } } } }));
    expect(await resolveName(api, 'alice.eth')).to.equal(ALICE);
  });

  it('answers undefined for a 404, and for a name without an EVM address', async () => {
    net.route('/v1/profile/account/nobody.eth', () => ({ status: 404, body: { message: 'HTTP 404' } }));
    expect(await resolveName(api, 'nobody.eth')).to.equal(undefined);
    net.route('/v1/profile/account/sol.eth', () => ({ body: { name: 'sol.eth', addresses: { 501: { address: 'So1' } } } }));
    expect(await resolveName(api, 'sol.eth')).to.equal(undefined);
  });

  it('throws every other failure with its status', async () => {
    net.route('/v1/profile/account/down.eth', () => ({ status: 500, body: {} }));
    const error = await rejection(resolveName(api, 'down.eth'));
    expect(error.code).to.equal('SERVER_ERROR');
    expect(httpStatus(error)).to.equal(500);
    net.route('/v1/profile/account/x.eth', () => ({ status: 400, body: {} }));
    expect(httpStatus(await rejection(resolveName(api, 'x.eth')))).to.equal(400);
  });
});
