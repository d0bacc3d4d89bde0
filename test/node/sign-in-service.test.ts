// The sign-in backend as a deployable service (server/auth/serve.ts, server/auth/cli.ts): several instances
// behind one load balancer share one database (PostgreSQL, or a SQLite file on one machine), so a sign-in
// started at one instance finishes at another; the command line validates its environment, answers health and
// readiness, stops on SIGTERM, and keeps every acknowledged session through a kill -9.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startSignInService, type SignInService } from '../../server/auth/serve.js';
import { startBalancer, type Balancer } from '../support/balancer.js';
import { startPostgres, useTestDatabases } from '../support/local-databases.js';
import { runServiceProcess, startServiceProcess } from '../support/service-process.js';
import { Browser, SOLANA_CHAIN, solanaKey, solanaMessage, solanaSign, type Site } from './auth-helpers.js';

const databases = useTestDatabases('sign-in-service');
const dir = databases.dir;

/** The balancer's URL is the site's: the messages name it, as they name a real site behind its proxy. */
const siteOf = (url: string): Site => {
  const parsed = new URL(url);
  return { url, origin: parsed.origin, host: parsed.host, clock: { now: Date.now() } } as Site;
};

async function signIn(browser: Browser, site: Site, instance: { csrf: string; callback: string }) {
  const nonce = ((await (await browser.fetch('/api/auth/csrf', { headers: { 'x-test-instance': instance.csrf } })).json()) as { csrfToken: string }).csrfToken;
  const key = solanaKey();
  site.clock.now = Date.now();
  const message = solanaMessage(site, nonce, key.address);
  const signature = solanaSign(message, key.secret);
  const response = await browser.post('/api/auth/callback/credentials', { message, signature, csrfToken: nonce, callbackUrl: `${site.origin}/signed-in` }, { 'x-test-instance': instance.callback });
  const { url } = (await response.json()) as { url: string };
  return { address: key.address, message, signature, nonce, error: new URL(url).searchParams.get('error') };
}

const session = async (browser: Browser, instance: string) => (await browser.fetch('/api/auth/session', { headers: { 'x-test-instance': instance } })).json();

for (const [kind, newDatabase] of [
  ['PostgreSQL', () => databases.postgresDatabase()],
  ['a SQLite file', async () => databases.sqliteFile()],
] as const) {
  describe(`two sign-in backends on ${kind}`, () => {
    let balancer: Balancer;
    let instances: SignInService[];
    let site: Site;
    before(async () => {
      const database = await newDatabase();
      balancer = await startBalancer([]);
      site = siteOf(balancer.url);
      instances = await Promise.all([0, 1].map(() => startSignInService({ site: balancer.url, chains: [{ chainId: SOLANA_CHAIN }], database })));
      balancer.targets.push(...instances.map((i) => i.url));
    });
    after(async () => {
      await balancer?.stop();
      await Promise.all((instances ?? []).map((i) => i.stop(1000)));
    });

    test('a nonce from one verifies at the other; the session is seen and ended at either', async () => {
      const browser = new Browser(site);
      const result = await signIn(browser, site, { csrf: '0', callback: '1' });
      assert.equal(result.error, null);
      assert.deepEqual(await session(browser, '0'), await session(browser, '1'));
      assert.equal(((await session(browser, '0')) as { address: string }).address, result.address);
      const csrfToken = ((await (await browser.fetch('/api/auth/csrf', { headers: { 'x-test-instance': '0' } })).json()) as { csrfToken: string }).csrfToken;
      await browser.post('/api/auth/signout', { csrfToken, callbackUrl: site.origin }, { 'x-test-instance': '1' });
      assert.equal(await session(browser, '0'), null);
    });

    test('a nonce used at one is refused at the other', async () => {
      const first = new Browser(site);
      const used = await signIn(first, site, { csrf: '1', callback: '0' });
      assert.equal(used.error, null);
      // The same signed message again, from the same browser (its CSRF cookie still names the nonce), at the other instance.
      const replay = await first.post('/api/auth/callback/credentials', { message: used.message, signature: used.signature, csrfToken: used.nonce, callbackUrl: `${site.origin}/signed-in` }, { 'x-test-instance': '1' });
      assert.equal(new URL(((await replay.json()) as { url: string }).url).searchParams.get('error'), 'CredentialsSignin');
    });
  });
}

describe('the command line', () => {
  const base = { SIGNIN_PORT: '0', SIGNIN_CHAINS: JSON.stringify([{ chainId: SOLANA_CHAIN }]) };

  test('a bad environment exits 1 naming each variable, before listening', async () => {
    const run = await runServiceProcess('server/auth/cli.ts', { SIGNIN_PORT: 'eighty', SIGNIN_CHAINS: '[{"chainId":"eip155:1"}]', DATABASE_URL: 'mysql://x' });
    assert.equal(await run.exited, 1);
    assert.equal(
      run.stderr().trim(),
      [
        'sign-in-backend: invalid configuration:',
        '  - SIGNIN_PORT: must be a port number (0-65535) (got "eighty")',
        '  - SIGNIN_SITE_URL: must be a URL (http://… or https://…) (it is not set)',
        '  - SIGNIN_CHAINS: each eip155 chain needs an rpcUrl (got "[{\\"chainId\\":\\"eip155:1\\"}]")',
        '  - DATABASE_URL: must be postgres://… or a SQLite file path (sqlite:PATH, :memory:) (got a value that is not one)',
      ].join('\n'),
    );
  });

  test('health, readiness, a kill -9 that loses no acknowledged session, and SIGTERM', async () => {
    const balancer = await startBalancer([]);
    const site = siteOf(balancer.url);
    const env = { ...base, SIGNIN_SITE_URL: balancer.url, DATABASE_URL: join(dir, 'cli.sqlite') };
    let service = await startServiceProcess('server/auth/cli.ts', env);
    try {
      balancer.targets.push(service.url);
      assert.deepEqual(await (await fetch(new URL('/health', service.url))).json(), { status: 'ok' });
      assert.deepEqual(await (await fetch(new URL('/health/ready', service.url))).json(), { status: 'ready', checks: { storage: 'ok' } });
      const browser = new Browser(site);
      const signedIn = await signIn(browser, site, { csrf: '0', callback: '0' });
      assert.equal(signedIn.error, null);
      assert.ok(service.logs.some((l) => l.msg === 'request' && l.path === '/api/auth/callback/credentials' && l.status === 200), 'the sign-in is logged');
      assert.ok(!JSON.stringify(service.logs).includes(signedIn.signature), 'no signature in the logs');

      service.child.kill('SIGKILL');
      assert.equal(await service.exited, 'SIGKILL');
      service = await startServiceProcess('server/auth/cli.ts', env);
      balancer.targets[0] = service.url;
      // The session and the secret that signed its cookie were both in the database.
      assert.equal(((await session(browser, '0')) as { address: string }).address, signedIn.address);

      service.child.kill('SIGTERM');
      assert.equal(await service.exited, 0);
      assert.deepEqual(
        service.logs.slice(-2).map((l) => l.msg),
        ['shutting down', 'stopped'],
      );
    } finally {
      service.child.kill('SIGKILL');
      await balancer.stop();
    }
  });

  test('readiness is 503 while its PostgreSQL is down, and the process stays up', async () => {
    const own = await startPostgres();
    const service = await startServiceProcess('server/auth/cli.ts', { ...base, SIGNIN_SITE_URL: 'http://127.0.0.1:1/', DATABASE_URL: await own.createDatabase() });
    try {
      assert.equal((await fetch(new URL('/health/ready', service.url))).status, 200);
      await own.stop();
      const ready = await fetch(new URL('/health/ready', service.url));
      assert.equal(ready.status, 503);
      assert.equal(((await ready.json()) as { status: string }).status, 'unavailable');
      assert.equal((await fetch(new URL('/health', service.url))).status, 200);
    } finally {
      service.child.kill('SIGKILL');
      await own.stop();
    }
  });
});
