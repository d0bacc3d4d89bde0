// The services package (server/package.json, @wallet-connect-modal/services) as a site owner installs it: built
// (scripts/build-services.mjs), packed, installed with `npm install --omit=dev` into a folder outside the
// repository (so nothing resolves from its development dependencies), then each of the five services started
// from the installed package with the least configuration it takes: ready, and stopped by SIGTERM with exit 0.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { startServiceProcess } from '../support/service-process.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'wcm-services-package-'));
const site = join(dir, 'site');
const dist = join(site, 'node_modules', '@wallet-connect-modal', 'services', 'dist');

describe('the services package, installed with npm install --omit=dev', { timeout: 300_000 }, () => {
  before(async () => {
    await run(process.execPath, ['scripts/build-services.mjs'], { cwd: ROOT });
    await run('npm', ['pack', './server', '--pack-destination', dir, '--silent'], { cwd: ROOT });
    const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
    assert.ok(tarball, 'npm pack wrote a tarball');
    cpSync(join(dir, tarball), join(site, tarball));
    writeFileSync(join(site, 'package.json'), JSON.stringify({ name: 'site', private: true }));
    // From npm's cache where it can (the repository's own install filled it). Install scripts are skipped and
    // better-sqlite3's addon, the one package here that builds one, is copied from the repository's install: the
    // same version built by the same Node, so the test does not spend a minute compiling SQLite again.
    await run('npm', ['install', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', `./${tarball}`], { cwd: site, maxBuffer: 16 * 1024 * 1024 });
    cpSync(join(ROOT, 'node_modules', 'better-sqlite3', 'build'), join(site, 'node_modules', 'better-sqlite3', 'build'), { recursive: true });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const services: [string, Record<string, string>][] = [
    ['relay', { RELAY_PORT: '0' }],
    ['wallet-api', { API_PORT: '0', API_CHAINS: '[]', DATABASE_URL: join(dir, 'wallet-api.sqlite') }],
    ['directory', { DIRECTORY_PORT: '0' }],
    ['sign-in-backend', { SIGNIN_PORT: '0', SIGNIN_SITE_URL: 'https://shop.example', SIGNIN_CHAINS: '[{"chainId":"eip155:1","rpcUrl":"http://127.0.0.1:9"}]', DATABASE_URL: join(dir, 'sign-in.sqlite') }],
    ['login-service', { LOGIN_PORT: '0', SMTP_URL: 'smtp://127.0.0.1:9', LOGIN_ALLOWED_ORIGINS: 'https://shop.example', DATABASE_URL: join(dir, 'login.sqlite'), AUTH_FRAME_MASTER_KEY: 'ab'.repeat(32), NODE_ENV: 'production' }],
  ];
  for (const [name, env] of services) {
    it(`${name}: starts from the installed package, is ready, and stops on SIGTERM`, async () => {
      const service = await startServiceProcess(join(dist, `${name}.js`), env);
      try {
        const base = service.url.replace(/^ws/, 'http').replace(/\/?$/, '/');
        const ready = await fetch(`${base}health/ready`);
        assert.equal(ready.status, 200, await ready.text());
        service.child.kill('SIGTERM');
        assert.equal(await service.exited, 0, service.stderr());
      } finally {
        service.child.kill('SIGKILL');
      }
    });
  }
});
