// The sign-in backend's refusals, over real HTTP: each bad sign-in gets Auth.js's error redirect with its own
// code, a line in the server log, and no session.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ALICE, BOB, Browser, evmMessage, solanaKey, solanaMessage, solanaSign, startSite, type Site } from './auth-helpers.js';

describe('sign-in backend: refusals', () => {
  let site: Site;
  before(async () => {
    site = await startSite();
  });
  after(() => site?.stop());

  /** Asserts Auth.js's refusal (redirect to the sign-in page with `code`), the log line, and no session. */
  async function assertRefused(browser: Browser, result: Awaited<ReturnType<Browser['signIn']>>, code: string, logged: RegExp): Promise<void> {
    assert.equal(result.url, `${site.origin}/api/auth/signin?error=CredentialsSignin&code=${code}`);
    assert.equal(site.logs.at(-1)?.startsWith(`[auth] sign-in refused (${code}): `), true, site.logs.at(-1));
    assert.match(site.logs.at(-1)!, logged);
    assert.equal(browser.cookies.has('authjs.session-token'), false);
    assert.equal(await browser.session(), null);
  }

  async function signedIn(browser: Browser): Promise<{ nonce: string; message: string; signature: string }> {
    const nonce = await browser.csrf();
    const message = evmMessage(site, nonce);
    const signature = await ALICE.signMessage({ message });
    assert.equal((await browser.signIn(message, signature, nonce)).error, null);
    return { nonce, message, signature };
  }

  it('refuses a replayed (message, signature), with the old cookie or a fresh one', async () => {
    const browser = new Browser(site);
    const { nonce, message, signature } = await signedIn(browser);
    // Even with the browser's own CSRF cookie (the one the nonce came from), the nonce is spent.
    const stolen = new Browser(site);
    for (const [name, value] of browser.cookies) if (name.includes('csrf')) stolen.cookies.set(name, value);
    await assertRefused(stolen, await stolen.signIn(message, signature, nonce), 'nonce_used', /the nonce was already used/);
    // A new browser session has a new nonce, which the old message does not carry.
    const other = new Browser(site);
    await assertRefused(other, await other.signIn(message, signature, await other.csrf()), 'nonce_mismatch', /not issued to this browser session/);
  });

  it('refuses a new message on a nonce already used', async () => {
    const browser = new Browser(site);
    const { nonce } = await signedIn(browser);
    const attacker = new Browser(site);
    for (const [name, value] of browser.cookies) if (name.includes('csrf')) attacker.cookies.set(name, value);
    const message = evmMessage(site, nonce, { statement: 'Again.' });
    await assertRefused(attacker, await attacker.signIn(message, await ALICE.signMessage({ message }), nonce), 'nonce_used', /already used/);
  });

  it('lets only one of two sign-ins racing on the same nonce through', async () => {
    const browser = new Browser(site);
    const nonce = await browser.csrf();
    const twin = new Browser(site);
    for (const [name, value] of browser.cookies) twin.cookies.set(name, value);
    const message = evmMessage(site, nonce);
    const signature = await ALICE.signMessage({ message });
    const results = await Promise.all([browser.signIn(message, signature, nonce), twin.signIn(message, signature, nonce)]);
    assert.deepEqual(results.map((r) => r.code).sort(), ['nonce_used', null]);
    assert.equal(site.logs.at(-1), '[auth] sign-in refused (nonce_used): the nonce was already used');
  });

  it('never hands a used nonce out again, even once the store has forgotten it', async () => {
    const browser = new Browser(site);
    const { nonce } = await signedIn(browser);
    site.clock.now += 10 * 60_000 + 1;
    await new Browser(site).csrf(); // issuing a nonce prunes the expired ones, ours included
    assert.equal(await site.backend.store.getNonce(nonce), undefined);
    assert.notEqual(await browser.csrf(), nonce);
  });

  it('refuses an expired nonce, and GET csrf then hands out a new one', async () => {
    const browser = new Browser(site);
    const nonce = await browser.csrf();
    site.clock.now += 10 * 60_000; // the default nonce lifetime
    const message = evmMessage(site, nonce);
    await assertRefused(browser, await browser.signIn(message, await ALICE.signMessage({ message }), nonce), 'nonce_expired', /the nonce expired at /);
    assert.notEqual(await browser.csrf(), nonce);
  });

  it('refuses a nonce from another browser session', async () => {
    const victim = new Browser(site);
    const theirs = await victim.csrf();
    const attacker = new Browser(site);
    const mine = await attacker.csrf();
    const message = evmMessage(site, theirs);
    const signature = await ALICE.signMessage({ message });
    await assertRefused(attacker, await attacker.signIn(message, signature, mine), 'nonce_mismatch', /not issued to this browser session/);
    // Posting the other session's token as the CSRF token fails Auth.js's double-submit check.
    const forged = await attacker.signIn(message, signature, theirs);
    assert.equal(forged.url, `${site.origin}/api/auth/signin?error=MissingCSRF`);
    assert.equal(await attacker.session(), null);
  });

  it('refuses a message for another domain, another URI, or another scheme', async () => {
    const browser = new Browser(site);
    const cases = [
      { overrides: { domain: 'evil.example' }, code: 'wrong_domain', logged: new RegExp(`the message is for evil.example, this site is ${site.host}`) },
      { overrides: { uri: 'https://evil.example/' }, code: 'wrong_uri', logged: /the message's URI https:\/\/evil.example\/ is not on / },
      { overrides: { scheme: 'https' }, code: 'wrong_domain', logged: /the message is for https:\/\/, this site is http:\/\// },
    ];
    for (const { overrides, code, logged } of cases) {
      const nonce = await browser.csrf();
      const message = evmMessage(site, nonce, overrides);
      await assertRefused(browser, await browser.signIn(message, await ALICE.signMessage({ message }), nonce), code, logged);
    }
  });

  it('enforces Issued At, Expiration Time and Not Before', async () => {
    const browser = new Browser(site);
    const at = (ms: number): string => new Date(site.clock.now + ms).toISOString();
    const cases = [
      { overrides: { issuedAt: at(5 * 60_000) }, code: 'bad_issued_at', logged: /is in the future/ },
      { overrides: { issuedAt: at(-60 * 60_000) }, code: 'bad_issued_at', logged: /is before the nonce was issued/ },
      { overrides: { expirationTime: at(-1) }, code: 'message_expired', logged: /the message expired at / },
      { overrides: { notBefore: at(60_000) }, code: 'message_not_yet_valid', logged: /the message is valid from / },
    ];
    for (const { overrides, code, logged } of cases) {
      const nonce = await browser.csrf();
      const message = evmMessage(site, nonce, overrides);
      await assertRefused(browser, await browser.signIn(message, await ALICE.signMessage({ message }), nonce), code, logged);
    }
  });

  it('refuses a chain the site does not accept', async () => {
    const browser = new Browser(site);
    const nonce = await browser.csrf();
    const message = evmMessage(site, nonce, { chainId: 'eip155:1' });
    await assertRefused(browser, await browser.signIn(message, await ALICE.signMessage({ message }), nonce), 'chain_not_accepted', /chain eip155:1 is not one this site accepts/);
  });

  it('refuses a tampered message and a signature from another address (EVM and Solana)', async () => {
    const browser = new Browser(site);
    let nonce = await browser.csrf();
    const message = evmMessage(site, nonce);
    const tampered = message.replace('Sign in to the demo.', 'Sign in to the demo!');
    await assertRefused(browser, await browser.signIn(tampered, await ALICE.signMessage({ message }), nonce), 'invalid_signature', new RegExp(`is not ${ALICE.address}'s signature`));
    await assertRefused(browser, await browser.signIn(message, await BOB.signMessage({ message }), nonce), 'invalid_signature', /signature/);

    nonce = await browser.csrf();
    const alice = solanaKey();
    const mallory = solanaKey();
    const sol = solanaMessage(site, nonce, alice.address);
    await assertRefused(browser, await browser.signIn(sol, solanaSign(sol, mallory.secret), nonce), 'invalid_signature', /signature/);
    await assertRefused(browser, await browser.signIn(`${sol}\nExtra: 1`, solanaSign(sol, alice.secret), nonce), 'malformed_message', /unexpected line "Extra: 1"/);
    const tamperedSol = sol.replace(alice.address, mallory.address);
    await assertRefused(browser, await browser.signIn(tamperedSol, solanaSign(sol, alice.secret), nonce), 'invalid_signature', /signature/);
    // The nonce survives failed attempts: the right signature still signs in.
    assert.equal((await browser.signIn(sol, solanaSign(sol, alice.secret), nonce)).error, null);
  });

  it('refuses a malformed message and a missing signature', async () => {
    const browser = new Browser(site);
    const nonce = await browser.csrf();
    const message = evmMessage(site, nonce).replace('Sign in to the demo.', 'line one\nline two');
    await assertRefused(browser, await browser.signIn(message, '0x00', nonce), 'malformed_message', /the statement must be one line/);
    await assertRefused(browser, await browser.signIn(evmMessage(site, nonce), '', nonce), 'missing_fields', /needs "message" and "signature"/);
  });

  it('refuses a cross-site POST without the CSRF token, and any POST from another origin', async () => {
    const browser = new Browser(site);
    const nonce = await browser.csrf();
    const message = evmMessage(site, nonce);
    const signature = await ALICE.signMessage({ message });
    const missing = await browser.signIn(message, signature);
    assert.equal(missing.url, `${site.origin}/api/auth/signin?error=MissingCSRF`);
    assert.equal(await browser.session(), null);

    const crossSite = await browser.post('/api/auth/callback/credentials', { message, signature, csrfToken: nonce }, { origin: 'https://evil.example' });
    assert.equal(crossSite.status, 403);
    assert.deepEqual(await crossSite.json(), { error: 'CrossSiteRequest', message: `POST from https://evil.example refused: only ${site.origin} may post here` });
    assert.equal(await browser.session(), null);
    // Untouched by both, the nonce still works for the real page.
    assert.equal((await browser.signIn(message, signature, nonce)).error, null);
  });
});
