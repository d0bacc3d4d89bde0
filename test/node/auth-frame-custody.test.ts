// Custody of the embedded wallets' keys: the master key that seals them is not kept beside the database, so a
// copy of the data directory opens nothing; production refuses a key inside the data directory or none at all.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { devKeyPath, loadMasterKey, loginKeyConfig } from '../../server/auth-frame/key-config.js';
import { openEvmAccount, parseMasterKey } from '../../server/auth-frame/keys.js';
import { codeIn, startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { startAuthFrame } from '../../server/auth-frame/serve.js';
import { SqlFrameStore } from '../../server/auth-frame/store.js';
import { actAsFrame, carryAttempts } from './frame-proof.js';

const SITE = 'http://127.0.0.1:5999';
const dir = mkdtempSync(join(tmpdir(), 'wcm-auth-frame-custody-'));
let mail: MailCapture;
before(async () => {
  actAsFrame();
  carryAttempts();
  mail = await startMailCapture();
});
after(async () => {
  await mail?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every file under `root` (recursively). */
const filesUnder = (root: string): string[] =>
  readdirSync(root, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(root, entry.name)) : [join(root, entry.name)]));

/** Signs `email` up on a service started as `npm start` configures it; the user's EVM address. */
async function signUp(options: Parameters<typeof startAuthFrame>[0], email: string): Promise<string> {
  const frame = await startAuthFrame(options);
  try {
    const origin = new URL(frame.url).origin;
    const post = (path: string, body: unknown) => fetch(new URL(path, frame.url), { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(body) });
    const since = Date.now();
    assert.equal((await post('/api/email/start', { email })).status, 200);
    const code = codeIn(await mail.waitFor(email, { since }));
    const verify = await post('/api/email/verify', { email, code });
    assert.equal(verify.status, 200);
    return ((await verify.json()) as { address: string }).address;
  } finally {
    await frame.stop();
  }
}

describe('custody of the master key', () => {
  it('a copy of the data directory (the database file and all beside it) opens no wallet', async () => {
    const root = join(dir, 'project');
    const env = { XDG_CONFIG_HOME: join(dir, 'home-config'), HOME: join(dir, 'home') };
    const config = loginKeyConfig(env, root);
    const address = await signUp({ allowedOrigins: [SITE], smtpUrl: mail.smtpUrl, ...config }, 'carol@example.test');

    // The attacker copies the data directory (a backup, a volume snapshot, a leaked disk image).
    const dataDir = dirname(config.dbPath);
    const stolen = join(dir, 'stolen');
    cpSync(dataDir, stolen, { recursive: true });
    const store = await SqlFrameStore.open(join(stolen, 'auth-frame.sqlite'));
    const user = await store.getUserByEmail('carol@example.test');
    await store.close();
    assert.equal(user?.evmAddress, address);
    // Every file of the copy tried as the master key.
    const opened: string[] = [];
    for (const file of filesUnder(stolen)) {
      if (statSync(file).size > 200) continue;
      try {
        const account = openEvmAccount(parseMasterKey(readFileSync(file, 'utf8')), user!.id, user!.evmKeySealed);
        opened.push(`${file.slice(stolen.length)} opens ${account.address}`);
      } catch {
        // not a key, or not the key
      }
    }
    assert.deepEqual(opened, []);
  });

  it('npm start makes the dev key outside the project, mode 0600, and moves a key an earlier version left in .cache', async () => {
    const root = join(dir, 'project-2');
    const env = { XDG_CONFIG_HOME: join(dir, 'config-2') };
    const config = loginKeyConfig(env, root);
    assert.equal(config.keyPath, devKeyPath(env, root));
    assert.ok(config.keyPath!.startsWith(join(dir, 'config-2', 'wallet-connect-modal', 'auth-frame-')));
    // The key of an earlier version, beside the database.
    const legacy = randomBytes(32);
    mkdirSync(join(root, '.cache'), { recursive: true });
    writeFileSync(join(root, '.cache', 'auth-frame.key'), legacy.toString('base64url'), { mode: 0o600 });
    const lines: string[] = [];
    assert.deepEqual(loadMasterKey({ ...config, log: (line) => lines.push(line) }), legacy);
    assert.equal(existsSync(join(root, '.cache', 'auth-frame.key')), false);
    assert.equal(statSync(config.keyPath!).mode & 0o777, 0o600);
    assert.match(lines.join('\n'), /moved the dev master key from .*\.cache\/auth-frame\.key to .*config-2/);
    assert.deepEqual(loadMasterKey(config), legacy, 'read back from its new place');
  });

  it('NODE_ENV=production refuses to start without a configured key, or with the key file inside the data directory', async () => {
    const root = join(dir, 'project-3');
    const base = { allowedOrigins: [SITE], smtpUrl: mail.smtpUrl };
    const noKey = loginKeyConfig({ NODE_ENV: 'production', XDG_CONFIG_HOME: join(dir, 'config-3') }, root);
    assert.equal(noKey.keyPath, undefined, 'production makes no key');
    await assert.rejects(startAuthFrame({ ...base, ...noKey }), {
      message: 'NODE_ENV=production: no master key is configured. Set AUTH_FRAME_MASTER_KEY (32 bytes, hex or base64) or AUTH_FRAME_MASTER_KEY_FILE (a file holding it, outside the data directory); the service does not make one in production.',
    });

    const dataDir = join(dir, 'data-3');
    mkdirSync(join(dataDir, 'keys'), { recursive: true });
    const inside = join(dataDir, 'keys', 'master.key');
    writeFileSync(inside, randomBytes(32).toString('hex'), { mode: 0o600 });
    const env = { NODE_ENV: 'production', AUTH_FRAME_DB: join(dataDir, 'auth-frame.sqlite'), AUTH_FRAME_MASTER_KEY_FILE: inside };
    await assert.rejects(startAuthFrame({ ...base, ...loginKeyConfig(env, root) }), (err: Error) => {
      assert.equal(err.message, `NODE_ENV=production: AUTH_FRAME_MASTER_KEY_FILE (${inside}) lies inside the data directory (${dataDir}) beside the database: a copy of that directory would open every wallet. Keep the key elsewhere (a secret mount, another volume) or pass it in AUTH_FRAME_MASTER_KEY.`);
      return true;
    });
    assert.equal(existsSync(join(dataDir, 'auth-frame.sqlite')), false, 'refused before opening the database');
    // A symlink into the data directory is the same file.
    const link = join(dir, 'link-3.key');
    symlinkSync(inside, link);
    await assert.rejects(startAuthFrame({ ...base, ...loginKeyConfig({ ...env, AUTH_FRAME_MASTER_KEY_FILE: link }, root) }), /lies inside the data directory/);

    // The same key from outside the data directory: it starts, and a wallet made there is sealed under it.
    const outside = join(dir, 'secrets-3', 'master.key');
    mkdirSync(dirname(outside), { recursive: true });
    writeFileSync(outside, readFileSync(inside));
    const config = loginKeyConfig({ ...env, AUTH_FRAME_MASTER_KEY_FILE: outside }, root);
    const address = await signUp({ ...base, ...config }, 'erin@example.test');
    const store = await SqlFrameStore.open(config.dbPath);
    const user = await store.getUserByEmail('erin@example.test');
    await store.close();
    assert.equal(openEvmAccount(parseMasterKey(readFileSync(outside, 'utf8')), user!.id, user!.evmKeySealed).address, address);
    // Both set: refused rather than guessing which.
    assert.throws(() => loginKeyConfig({ ...env, AUTH_FRAME_MASTER_KEY: randomBytes(32).toString('hex') }, root), { message: 'Set either AUTH_FRAME_MASTER_KEY or AUTH_FRAME_MASTER_KEY_FILE, not both.' });
  });
});
