// Social login on the secure service (server/auth-frame/social*.ts): authorization code + PKCE against the
// oidc-provider stand-in, the popup's result page, the ticket the frame redeems, and every refusal.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { startOidcStandIn, type OidcStandIn } from '../../devstack/oidc-standin.js';
import { startAuthFrame, type AuthFrameServer } from '../../server/auth-frame/serve.js';
import { CookieJar, loginAtProvider, request } from './social-login-driver.js';
import { actAsFrame } from './frame-proof.js';

before(() => actAsFrame());

const SITE = 'http://127.0.0.1:5999';
let mail: MailCapture;
let frame: AuthFrameServer;
let standIn: OidcStandIn | undefined;
let origin: string;

before(async () => {
  mail = await startMailCapture();
  frame = await startAuthFrame({ allowedOrigins: [SITE], smtpUrl: mail.smtpUrl, masterKey: randomBytes(32).toString('hex'), socialProviders: () => standIn?.providers ?? {}, log: () => {} });
  origin = new URL(frame.url).origin;
  standIn = await startOidcStandIn({ serviceOrigin: origin });
});
after(async () => {
  await standIn?.stop();
  await frame?.stop();
  await mail?.stop();
});

const clientState = (): string => randomBytes(16).toString('base64url');
const startUrl = (provider: string, parent: string, state: string): string =>
  `${origin}/social/${provider}/start?${new URLSearchParams({ parent, state })}`;

/** The data the result page hands to its script: the target origin and the message. */
function resultOf(html: string): { parent: string; message: Record<string, string> } | undefined {
  const parent = /data-parent="([^"]*)"/.exec(html)?.[1];
  const message = /data-message="([^"]*)"/.exec(html)?.[1];
  if (parent === undefined || message === undefined) return undefined;
  const unescape = (text: string): string => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  return { parent: unescape(parent), message: JSON.parse(unescape(message)) as Record<string, string> };
}

/** Start → provider login as `login` → the callback URL (not yet requested). */
async function toCallback(jar: CookieJar, provider: string, login: string, state: string): Promise<string> {
  const start = await request(jar, startUrl(provider, SITE, state));
  assert.equal(start.status, 302);
  return loginAtProvider(jar, start.headers.get('location')!, login, `${origin}/social/${provider}/callback`);
}

async function redeem(ticket: string, parent = SITE): Promise<Response> {
  return fetch(`${origin}/api/social/complete`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ ticket, parent }) });
}

async function login(provider: string, who: string): Promise<{ address: string; email?: string; socialProvider?: string; cookie: string }> {
  const jar = new CookieJar();
  const state = clientState();
  const callback = await toCallback(jar, provider, who, state);
  const page = await request(jar, callback);
  assert.equal(page.status, 200);
  const result = resultOf(await page.text());
  assert.equal(result?.message.state, state);
  const response = await redeem(result!.message.ticket!);
  assert.equal(response.status, 200);
  return { ...((await response.json()) as { address: string }), cookie: response.headers.get('set-cookie')!.split(';')[0]! };
}

describe('social login service', () => {
  it('runs authorization code + PKCE (S256) with state and nonce, and hands the popup a ticket for the frame', async () => {
    const jar = new CookieJar();
    const state = clientState();
    const start = await request(jar, startUrl('google', SITE, state));
    assert.equal(start.status, 302);
    const auth = new URL(start.headers.get('location')!);
    assert.equal(auth.origin, standIn!.issuer);
    assert.equal(auth.searchParams.get('client_id'), 'wcm-google');
    assert.equal(auth.searchParams.get('code_challenge_method'), 'S256');
    assert.match(auth.searchParams.get('code_challenge') ?? '', /^[\w-]{43}$/);
    assert.equal(auth.searchParams.get('redirect_uri'), `${origin}/social/google/callback`);
    assert.ok(auth.searchParams.get('nonce'));
    assert.notEqual(auth.searchParams.get('state'), state, 'the provider sees the service’s state, not the widget’s');
    assert.match(start.headers.get('set-cookie') ?? '', /^wcm_social=[^;]+; Max-Age=600; Path=\/social\/; HttpOnly; SameSite=Lax$/);

    const callback = await loginAtProvider(jar, auth.href, 'alice', `${origin}/social/google/callback`);
    const page = await request(jar, callback);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    const html = await page.text();
    assert.match(html, /<script type="module" src="\/social.js"><\/script>/);
    const result = resultOf(html);
    assert.equal(result?.parent, SITE, 'posted only to the allowlisted site');
    assert.equal(result?.message.type, 'wcm-social');
    assert.equal(result?.message.state, state);
    assert.match(result?.message.ticket ?? '', /^[\w-]{43}$/);
    assert.equal((await request(jar, callback)).status, 400, 'the flow cookie is spent');

    assert.equal((await redeem(result!.message.ticket!, 'http://127.0.0.1:6000')).status, 401, 'a ticket is for its own site only');
    const complete = await redeem(result!.message.ticket!);
    // the refusal above spent the ticket: single use, whoever tries first
    assert.equal(complete.status, 401);
    assert.deepEqual(await complete.json(), { error: 'invalid_ticket' });
  });

  it('opens the frame session from the ticket, once', async () => {
    const jar = new CookieJar();
    const state = clientState();
    const page = await request(jar, await toCallback(jar, 'google', 'carol', state));
    const { ticket } = resultOf(await page.text())!.message;
    const complete = await redeem(ticket!);
    assert.equal(complete.status, 200);
    const user = (await complete.json()) as { email: string; socialProvider: string; address: string; accounts: { namespace: string }[] };
    assert.equal(user.email, 'carol@google.test');
    assert.equal(user.socialProvider, 'google');
    assert.match(user.address, /^0x[0-9a-fA-F]{40}$/);
    assert.deepEqual(user.accounts.map((account) => account.namespace), ['eip155', 'solana']);
    const cookie = complete.headers.get('set-cookie') ?? '';
    assert.match(cookie, /^wcm_frame=[\w-]+\.[\w-]{87}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Strict$/);
    const session = await fetch(`${origin}/api/session`, { headers: { cookie: cookie.split(';')[0]! } });
    assert.deepEqual(await session.json(), user);
    assert.equal((await redeem(ticket!)).status, 401, 'single use');
    const foreign = await fetch(`${origin}/api/social/complete`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE }, body: JSON.stringify({ ticket, parent: SITE }) });
    assert.equal(foreign.status, 403, 'only the frame (this origin) may redeem');
  });

  it('refuses a wrong state at the callback, and a callback without the flow cookie', async () => {
    const jar = new CookieJar();
    const state = clientState();
    const callback = new URL(await toCallback(jar, 'google', 'mallory', state));
    callback.searchParams.set('state', 'forged-state-value');
    const wrong = await request(jar, callback.href);
    assert.equal(wrong.status, 400);
    const html = await wrong.text();
    assert.match(html, /Social login failed: state_mismatch/);
    assert.deepEqual(resultOf(html)?.message, { type: 'wcm-social', state, error: 'state_mismatch' });

    const other = new CookieJar();
    const cookieless = await request(other, (await toCallback(new CookieJar(), 'google', 'mallory', clientState())));
    assert.equal(cookieless.status, 400);
    const text = await cookieless.text();
    assert.match(text, /Social login failed: flow_expired/);
    assert.equal(resultOf(text), undefined, 'nobody to tell: no message is posted');
  });

  it('refuses a parent origin that is not on the allowlist, before any redirect', async () => {
    const jar = new CookieJar();
    const response = await request(jar, startUrl('google', 'https://evil.example', clientState()));
    assert.equal(response.status, 403);
    assert.equal(response.headers.get('location'), null);
    assert.equal(response.headers.get('set-cookie'), null);
    const html = await response.text();
    assert.match(html, /Social login failed: forbidden_parent/);
    assert.equal(resultOf(html), undefined);
  });

  it('reports an unknown provider and a malformed state to the site', async () => {
    const state = clientState();
    const unknown = await request(new CookieJar(), startUrl('myspace', SITE, state));
    assert.equal(unknown.status, 404);
    assert.deepEqual(resultOf(await unknown.text()), { parent: SITE, message: { type: 'wcm-social', state, error: 'unknown_provider' } });
    const bad = await request(new CookieJar(), startUrl('google', SITE, 'short'));
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /Social login failed: invalid_request/);
  });

  it('makes one user per (provider, subject), with the provider’s email', async () => {
    const first = await login('google', 'dave');
    const again = await login('google', 'dave');
    const github = await login('github', 'dave');
    assert.equal(again.address, first.address, 'the same Google account finds the same wallet');
    assert.notEqual(github.address, first.address, 'another provider’s account is another user');
    assert.equal(first.email, 'dave@google.test');
    assert.equal(github.email, 'dave@github.test');
    assert.equal(github.socialProvider, 'github');
    const user = await frame.store.getUserBySocial('google', 'dave');
    assert.equal(user?.evmAddress, first.address);
    assert.equal(user?.email, 'dave@google.test');
  });

  it('lists the configured providers', async () => {
    const response = await fetch(`${origin}/social/providers`);
    assert.deepEqual(await response.json(), { providers: ['google', 'x', 'discord', 'github', 'apple', 'facebook'] });
  });
});

describe('social users in the store', () => {
  it('migrates a store from before social login, keeping its users, and lets social users have no email', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { default: Database } = await import('better-sqlite3');
    const { SqlFrameStore } = await import('../../server/auth-frame/store.js');
    const dir = mkdtempSync(join(tmpdir(), 'wcm-social-store-'));
    try {
      const path = join(dir, 'frame.sqlite');
      // A file as the store wrote it before social login (then through sql.js; any SQLite writer makes the same file).
      const old = new Database(path);
      old.exec(`CREATE TABLE frame_users (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, evm_address TEXT NOT NULL, solana_address TEXT NOT NULL,
        evm_key TEXT NOT NULL, solana_key TEXT NOT NULL, created_at INTEGER NOT NULL)`);
      old.exec("INSERT INTO frame_users VALUES ('u1', 'old@example.test', '0xabc', 'Sol1', 'k1', 'k2', 1)");
      old.close();
      const store = await SqlFrameStore.open(path);
      assert.equal((await store.getUserByEmail('old@example.test'))?.id, 'u1');
      const wallet = { evmAddress: '0xdef', solanaAddress: 'Sol2', evmKeySealed: 'k3', solanaKeySealed: 'k4', createdAt: 2 };
      const a = await store.addSocialUser({ id: 'u2', email: undefined, ...wallet }, 'x', '42');
      const b = await store.addSocialUser({ id: 'u3', email: undefined, ...wallet, evmAddress: '0x123' }, 'apple', '42');
      assert.deepEqual([a.email, a.socialProvider, b.email], [undefined, 'x', undefined]);
      // a provider's email equal to an email login's stays the provider's: no merging of accounts by email
      const c = await store.addSocialUser({ id: 'u4', email: 'old@example.test', ...wallet, evmAddress: '0x456' }, 'google', 'g1');
      assert.equal(c.email, 'old@example.test');
      assert.equal((await store.getUserByEmail('old@example.test'))?.id, 'u1');
      assert.equal((await store.addSocialUser({ id: 'u5', email: undefined, ...wallet }, 'x', '42')).id, 'u2', 'once per (provider, subject)');
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
