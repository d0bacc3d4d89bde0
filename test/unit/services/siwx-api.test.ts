import { expect } from '@esm-bundle/chai';
import { createSiwxApi } from '../../../src/services/siwx-api.js';
import { type FakeFetch, installFakeFetch } from '../support/fake-fetch.js';
import { rejection } from '../support/rejection.js';

const BASE = 'http://site.test/api/auth';
const SESSION = { user: { name: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 'eip155:31337', expires: '2026-11-24T16:00:00.000Z' };

describe('services/siwx-api', () => {
  let net: FakeFetch;
  let inits: (RequestInit | undefined)[];
  beforeEach(() => {
    net = installFakeFetch();
    inits = [];
    net.route('/api/auth/csrf', (_, init) => (inits.push(init), { body: { csrfToken: 'abcdef0123456789' } }));
  });
  afterEach(() => net.restore());

  it('takes the nonce from GET csrf and sends the cookies', async () => {
    const api = createSiwxApi(BASE);
    expect(await api.getNonce()).to.equal('abcdef0123456789');
    expect(inits[0]?.credentials).to.equal('include');
  });

  it('reads GET session: the session, or null when Auth.js answers null or {}', async () => {
    let body: unknown = SESSION;
    net.route('/api/auth/session', () => ({ body }));
    const api = createSiwxApi(BASE);
    expect(await api.getSession()).to.deep.equal({ address: SESSION.address, chainId: 'eip155:31337', expires: SESSION.expires });
    body = null;
    expect(await api.getSession()).to.equal(null);
    body = {};
    expect(await api.getSession()).to.equal(null);
  });

  // The shapes the common Auth.js / NextAuth SIWE recipes answer `GET session` with: one normalised session each.
  it('reads the sessions Auth.js SIWE recipes produce: chainId a number, a decimal string, CAIP-2 or absent; the address in user.name', async () => {
    const ADDRESS = SESSION.address;
    const cases: [unknown, string | undefined][] = [
      // Reown's NextAuth recipe: `session.address` and `session.chainId = parseInt(chainId)`.
      [{ user: { name: ADDRESS }, address: ADDRESS, chainId: 31337, expires: SESSION.expires }, 'eip155:31337'],
      [{ address: ADDRESS, chainId: '31337', expires: SESSION.expires }, 'eip155:31337'],
      [{ address: ADDRESS, chainId: 'eip155:31337', expires: SESSION.expires }, 'eip155:31337'],
      // Spruce's siwe-next-auth example: the address only as `user.name` (and `address`), no chain at all.
      [{ user: { name: ADDRESS, image: 'https://example.test/a.png' }, expires: SESSION.expires }, undefined],
    ];
    for (const [body, chainId] of cases) {
      net.route('/api/auth/session', () => ({ body }));
      const api = createSiwxApi(BASE);
      // Without a chain in the answer, the caller's (the message's or the active connection's) stands in.
      expect(await api.getSession('eip155:31337'), JSON.stringify(body)).to.deep.equal({ address: ADDRESS, chainId: chainId ?? 'eip155:31337', expires: SESSION.expires });
    }
  });

  it('a session without a chain takes the chain of the message this page signed for it, before the caller\'s', async () => {
    const message = [
      'site.test wants you to sign in with your Ethereum account:', SESSION.address, '', 'URI: http://site.test', 'Version: 1',
      'Chain ID: 10', 'Nonce: abcdef0123456789', 'Issued At: 2026-11-24T15:00:00.000Z',
    ].join('\n');
    net.route('/api/auth/callback/credentials', () => ({ body: { url: 'http://site.test/page' } }));
    net.route('/api/auth/session', () => ({ body: { user: { name: SESSION.address }, expires: SESSION.expires } }));
    const api = createSiwxApi(BASE);
    await api.getNonce();
    expect((await api.verify(message, '0xsig')).chainId).to.equal('eip155:10');
    expect((await api.getSession('eip155:31337'))?.chainId).to.equal('eip155:10');
  });

  it('still refuses what is not a session: no address anywhere, a name that is not an address, a bad chain', async () => {
    for (const body of [
      { user: { name: 'Alice' }, expires: SESSION.expires },
      { user: {}, expires: SESSION.expires },
      { address: SESSION.address, chainId: 'not caip', expires: SESSION.expires },
      { address: SESSION.address, chainId: -1, expires: SESSION.expires },
      { address: SESSION.address, chainId: 31337 },
    ]) {
      net.route('/api/auth/session', () => ({ body }));
      expect((await rejection(createSiwxApi(BASE).getSession('eip155:1'))).code, JSON.stringify(body)).to.equal('INVALID_RESPONSE');
    }
  });

  it('a session without a chain and no chain known is refused as INVALID_RESPONSE', async () => {
    net.route('/api/auth/session', () => ({ body: { address: SESSION.address, expires: SESSION.expires } }));
    expect((await rejection(createSiwxApi(BASE).getSession())).code).to.equal('INVALID_RESPONSE');
  });

  it('refuses a malformed session answer as INVALID_RESPONSE', async () => {
    net.route('/api/auth/session', () => ({ body: { address: 'x', chainId: 'not caip', expires: 'x' } }));
    expect((await rejection(createSiwxApi(BASE).getSession())).code).to.equal('INVALID_RESPONSE');
  });

  it('posts message, signature, csrfToken and callbackUrl as a form with X-Auth-Return-Redirect, then reads the session', async () => {
    let form: URLSearchParams | undefined;
    let init: RequestInit | undefined;
    net.route('/api/auth/callback/credentials', (_, i) => {
      init = i;
      form = new URLSearchParams(String(i?.body));
      return { body: { url: 'http://site.test/page' } };
    });
    net.route('/api/auth/session', () => ({ body: SESSION }));
    const api = createSiwxApi(BASE, () => 'http://site.test/page');
    await api.getNonce();
    const session = await api.verify('the message', '0xsig');
    expect(session.address).to.equal(SESSION.address);
    expect(Object.fromEntries(form!)).to.deep.equal({ message: 'the message', signature: '0xsig', csrfToken: 'abcdef0123456789', callbackUrl: 'http://site.test/page' });
    expect(init?.method).to.equal('POST');
    expect(init?.credentials).to.equal('include');
    expect((init?.headers as Record<string, string>)['x-auth-return-redirect']).to.equal('1');
  });

  it('a refusal (error= in the answered url) is SIWX_VERIFY_FAILED "Failed to verify message" with the code in the details', async () => {
    net.route('/api/auth/callback/credentials', () => ({ body: { url: 'http://site.test/api/auth/signin?error=CredentialsSignin&code=nonce_used' } }));
    const api = createSiwxApi(BASE);
    await api.getNonce();
    const error = await rejection(api.verify('m', 's'));
    expect(error.code).to.equal('SIWX_VERIFY_FAILED');
    expect(error.shortMessage).to.equal('Failed to verify message');
    expect(error.details).to.equal('CredentialsSignin: nonce_used');
  });

  it('a backend failure on the callback is SIWX_VERIFY_FAILED too', async () => {
    net.route('/api/auth/callback/credentials', () => ({ status: 500, body: {} }));
    const error = await rejection(createSiwxApi(BASE).verify('m', 's'));
    expect(error.code).to.equal('SIWX_VERIFY_FAILED');
  });

  it('signs out with a CSRF token, fetching one first when none is held', async () => {
    let form: URLSearchParams | undefined;
    net.route('/api/auth/signout', (_, i) => ((form = new URLSearchParams(String(i?.body))), { body: { url: 'http://site.test/' } }));
    await createSiwxApi(`${BASE}/`, () => 'http://site.test/').signOut();
    expect(form?.get('csrfToken')).to.equal('abcdef0123456789');
    expect(form?.get('callbackUrl')).to.equal('http://site.test/');
  });
});
