// The sign-in backend's REST API (server/auth/) over real HTTP, mounted at /api/auth on the site's origin:
// every endpoint's shape, a good EVM and a good Solana sign-in, sign-out, server-side revocation, cookies.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSignInBackend } from '../../server/auth/backend.js';
import { ALICE, Browser, EVM_CHAIN, evmMessage, SOLANA_CHAIN, solanaKey, solanaMessage, solanaSign, startSite, type Site } from './auth-helpers.js';

describe('sign-in backend: the Auth.js REST API', () => {
  let site: Site;
  before(async () => {
    site = await startSite();
  });
  after(() => site?.stop());

  it('GET providers lists the one credentials provider', async () => {
    const response = await new Browser(site).fetch('/api/auth/providers');
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), {
      credentials: {
        id: 'credentials',
        name: 'your wallet',
        type: 'credentials',
        signinUrl: `${site.origin}/api/auth/signin/credentials`,
        callbackUrl: `${site.origin}/api/auth/callback/credentials`,
      },
    });
  });

  it('GET csrf hands out the nonce in an HttpOnly, SameSite=Lax cookie (not Secure over http)', async () => {
    const browser = new Browser(site);
    const response = await browser.fetch('/api/auth/csrf');
    assert.equal(response.status, 200);
    const body = (await response.json()) as { csrfToken: string };
    assert.deepEqual(Object.keys(body), ['csrfToken']);
    assert.match(body.csrfToken, /^[0-9a-f]{64}$/);
    const cookie = browser.setCookies.find((line) => line.startsWith('authjs.csrf-token='));
    assert.ok(cookie, browser.setCookies.join('\n'));
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; SameSite=Lax/);
    assert.doesNotMatch(cookie, /Secure/);
    // The same browser gets the same nonce until it is used or expires.
    assert.equal(await browser.csrf(), body.csrfToken);
    assert.notEqual(await new Browser(site).csrf(), body.csrfToken);
  });

  it('GET session answers null without a session', async () => {
    const response = await new Browser(site).fetch('/api/auth/session');
    assert.equal(response.status, 200);
    assert.equal(await response.text(), 'null');
  });

  it('GET signin and GET error are HTML pages; POST signin/credentials sends the browser to the sign-in page', async () => {
    const browser = new Browser(site);
    const signin = await browser.fetch('/api/auth/signin');
    assert.equal(signin.status, 200);
    assert.match(signin.headers.get('content-type') ?? '', /text\/html/);
    // The page's inline styles are allowed; nothing else is.
    assert.equal(signin.headers.get('content-security-policy'), "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
    const html = await signin.text();
    assert.match(html, /Sign in with your wallet/);
    assert.match(html, new RegExp(`action="${site.origin}/api/auth/callback/credentials"`));
    assert.match(html, /name="message"/);
    assert.match(html, /name="signature"/);

    const error = await browser.fetch('/api/auth/error?error=AccessDenied');
    assert.equal(error.status, 403);
    assert.match(await error.text(), /Access Denied/);

    const response = await browser.post('/api/auth/signin/credentials', { csrfToken: await browser.csrf(), callbackUrl: site.url });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { url: `${site.origin}/api/auth/signin` });

    // Without X-Auth-Return-Redirect (a plain form post) Auth.js redirects; the site's headers still apply.
    const refused = await browser.fetch('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.origin },
      body: new URLSearchParams({ message: 'x', signature: 'y', csrfToken: await browser.csrf() }).toString(),
    });
    assert.equal(refused.status, 302);
    assert.equal(refused.headers.get('location'), `${site.origin}/api/auth/signin?error=CredentialsSignin&code=malformed_message`);
    assert.match(refused.headers.get('content-security-policy') ?? '', /^default-src 'self'/);
  });

  it('a good EVM sign-in gives a session naming the address and chain; signout ends it', async () => {
    const browser = new Browser(site);
    const nonce = await browser.csrf();
    const message = evmMessage(site, nonce);
    const result = await browser.signIn(message, await ALICE.signMessage({ message }), nonce);
    assert.deepEqual(result, { status: 200, url: `${site.origin}/signed-in`, error: null, code: null });
    const sessionCookie = browser.setCookies.find((line) => line.startsWith('authjs.session-token='));
    assert.ok(sessionCookie);
    assert.match(sessionCookie, /; HttpOnly/);
    assert.match(sessionCookie, /; SameSite=Lax/);
    assert.doesNotMatch(sessionCookie, /Secure/);

    const session = (await browser.session()) as Record<string, unknown>;
    assert.equal(session.address, ALICE.address);
    assert.equal(session.chainId, EVM_CHAIN);
    assert.deepEqual(session.user, { name: ALICE.address });
    // 24 h by default; the message set no Expiration Time.
    assert.equal(Date.parse(session.expires as string), site.clock.now + 24 * 3600_000);

    // The nonce is spent: the next GET csrf is a new one.
    const next = await browser.csrf();
    assert.notEqual(next, nonce);
    const out = await browser.post('/api/auth/signout', { csrfToken: next, callbackUrl: `${site.origin}/bye` });
    assert.deepEqual(await out.json(), { url: `${site.origin}/bye` });
    assert.equal(await browser.session(), null);
  });

  it("a session never outlives the message's Expiration Time", async () => {
    const browser = new Browser(site);
    const nonce = await browser.csrf();
    const expirationTime = new Date(site.clock.now + 3600_000).toISOString();
    const message = evmMessage(site, nonce, { expirationTime });
    assert.equal((await browser.signIn(message, await ALICE.signMessage({ message }), nonce)).error, null);
    assert.equal(((await browser.session()) as { expires: string }).expires, expirationTime);
    site.clock.now += 3600_000;
    assert.equal(await browser.session(), null);
  });

  it('a good Solana sign-in (ed25519, base58 signature) gives a session on the Solana chain', async () => {
    const browser = new Browser(site);
    const key = solanaKey();
    const nonce = await browser.csrf();
    const message = solanaMessage(site, nonce, key.address);
    assert.match(message, / wants you to sign in with your Solana account:\n/);
    const result = await browser.signIn(message, solanaSign(message, key.secret), nonce);
    assert.equal(result.error, null, result.url);
    const session = (await browser.session()) as Record<string, unknown>;
    assert.equal(session.address, key.address);
    assert.equal(session.chainId, SOLANA_CHAIN);
  });

  it('a session revoked server-side reads as signed out, and its cookie is cleared', async () => {
    const browser = new Browser(site);
    const nonce = await browser.csrf();
    const message = evmMessage(site, nonce);
    await browser.signIn(message, await ALICE.signMessage({ message }), nonce);
    assert.equal(((await browser.session()) as { address: string }).address, ALICE.address);
    assert.ok((await site.backend.store.revokeSessions(ALICE.address.toLowerCase(), EVM_CHAIN)) >= 1);
    assert.equal(await browser.session(), null);
    assert.equal(browser.cookies.has('authjs.session-token'), false);
  });
});

describe('sign-in backend on an https site', () => {
  it('sets Secure cookies (with the __Host-/__Secure- prefixes)', async () => {
    const backend = await createSignInBackend({ site: 'https://example.test/', chains: [{ chainId: SOLANA_CHAIN }], log: () => {} });
    try {
      const csrf = await backend.handle(new Request('https://example.test/api/auth/csrf'));
      const [cookie = ''] = csrf.headers.getSetCookie();
      assert.match(cookie, /^__Host-authjs\.csrf-token=/);
      assert.match(cookie, /; Secure/);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };

      const key = solanaKey();
      const message = solanaMessage({ host: 'example.test', url: 'https://example.test/', clock: { now: Date.now() } } as never, csrfToken, key.address);
      const response = await backend.handle(
        new Request('https://example.test/api/auth/callback/credentials', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie.split(';')[0]!, 'x-auth-return-redirect': '1' },
          body: new URLSearchParams({ message, signature: solanaSign(message, key.secret), csrfToken, callbackUrl: 'https://example.test/' }).toString(),
        }),
      );
      assert.deepEqual(await response.json(), { url: 'https://example.test/' });
      const session = response.headers.getSetCookie().find((line) => line.startsWith('__Secure-authjs.session-token='));
      assert.ok(session, response.headers.getSetCookie().join('\n'));
      assert.match(session, /; HttpOnly/);
      assert.match(session, /; Secure/);
      assert.match(session, /; SameSite=Lax/);
    } finally {
      await backend.close();
    }
  });
});
