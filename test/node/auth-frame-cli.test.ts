// The login service's entry point (server/auth-frame/cli.ts) as a process: a bad variable exits 1 naming it,
// SIGTERM exits 0, two processes on one SQLite file lose no sealed key, and `kill -9` in the middle of first
// logins loses no acknowledged user or sealed key, on a SQLite file and on PostgreSQL.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { startMailCapture, type MailCapture } from '../../devstack/mail-capture.js';
import { SqlFrameStore } from '../../server/auth-frame/store.js';
import { startPostgres, type LocalPostgres } from '../support/local-databases.js';
import { serviceCommand } from '../support/service-process.js';
import { actAsFrame } from './frame-proof.js';
import { assertKeyOpens, login } from './login-client.js';

before(() => actAsFrame());

const CLI = 'server/auth-frame/cli.ts';
let mail: MailCapture;
let postgres: LocalPostgres;
let dir: string;

before(async () => {
  [mail, postgres] = await Promise.all([startMailCapture(), startPostgres()]);
  dir = mkdtempSync(join(tmpdir(), 'wcm-login-cli-'));
});
after(async () => {
  await Promise.all([mail?.stop(), postgres?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Service {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

const run = async (env: Record<string, string>) => {
  const { args, cwd } = await serviceCommand(CLI);
  const child = spawn(process.execPath, args, { cwd, env: { PATH: process.env.PATH, HOME: dir, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited };
};

/** Starts the CLI and waits for its `listening` log line. */
async function startCli(env: Record<string, string>): Promise<Service> {
  const { child, exited } = await run({ LOGIN_PORT: '0', SMTP_URL: mail.smtpUrl, LOGIN_ALLOWED_ORIGINS: 'http://127.0.0.1:5999', ...env });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const record = JSON.parse(line) as { msg: string; url?: string };
      if (record.msg === 'listening') resolve(record.url!);
    });
    void exited.then((code) => reject(new Error(`the login service exited (${code}) before listening`)));
  });
  return { child, url, exited };
}

describe('the login service CLI', () => {
  it('exits 1 naming a bad variable', async () => {
    const { child, exited } = await run({ LOGIN_PORT: 'eighty', SMTP_URL: 'http://mail.example' });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    assert.equal(await exited, 1);
    assert.match(stderr, /LOGIN_PORT: must be a port number \(0-65535\) \(got "eighty"\)/);
    assert.match(stderr, /SMTP_URL: must be a URL \(smtp:\/\/… or smtps:\/\/…\)/);
    assert.match(stderr, /LOGIN_ALLOWED_ORIGINS: .*it is not set/);
  });

  it('answers health and readiness, and exits 0 on SIGTERM', async () => {
    const service = await startCli({ DATABASE_URL: join(dir, 'term.sqlite'), AUTH_FRAME_MASTER_KEY: randomBytes(32).toString('hex') });
    assert.deepEqual(await (await fetch(new URL('/health', service.url))).json(), { status: 'ok' });
    assert.equal((await fetch(new URL('/health/ready', service.url))).status, 200);
    service.child.kill('SIGTERM');
    assert.equal(await service.exited, 0);
  });

  it('loses no sealed key when two processes on one SQLite file make users at once', async () => {
    const master = randomBytes(32);
    const env = { DATABASE_URL: join(dir, 'two.sqlite'), AUTH_FRAME_MASTER_KEY: master.toString('hex') };
    const services = await Promise.all([startCli(env), startCli(env)]);
    try {
      const emails = Array.from({ length: 12 }, (_, i) => `two${i}@example.test`);
      const users = await Promise.all(emails.map((email, i) => login(services[i % 2]!.url, mail, email, services[(i + 1) % 2]!.url)));
      const store = await SqlFrameStore.open(env.DATABASE_URL);
      try {
        for (const [i, email] of emails.entries()) await assertKeyOpens(store, master, email, users[i]!.address);
      } finally {
        await store.close();
      }
    } finally {
      for (const service of services) service.child.kill('SIGTERM');
      assert.deepEqual(await Promise.all(services.map((service) => service.exited)), [0, 0]);
    }
  });

  for (const backend of ['SQLite', 'PostgreSQL']) {
    it(`keeps every acknowledged user and key across kill -9 during first logins (${backend})`, async () => {
      const master = randomBytes(32);
      const env = { DATABASE_URL: backend === 'SQLite' ? join(dir, 'kill.sqlite') : await postgres.createDatabase(), AUTH_FRAME_MASTER_KEY: master.toString('hex') };
      const service = await startCli(env);
      const acknowledged = new Map<string, string>();
      const emails = Array.from({ length: 8 }, (_, i) => `kill${i}-${backend.toLowerCase()}@example.test`);
      let killed = false;
      await Promise.allSettled(
        emails.map(async (email) => {
          const { address } = await login(service.url, mail, email);
          if (killed) return;
          acknowledged.set(email, address);
          // Killed at the fourth acknowledgement, with the other logins in flight.
          if (acknowledged.size === 4) {
            killed = true;
            service.child.kill('SIGKILL');
          }
        }),
      );
      assert.equal(await service.exited, null, 'killed by the signal');
      assert.ok(acknowledged.size >= 4);
      const again = await startCli(env);
      try {
        const store = await SqlFrameStore.open(env.DATABASE_URL);
        try {
          for (const [email, address] of acknowledged) await assertKeyOpens(store, master, email, address);
        } finally {
          await store.close();
        }
        assert.equal((await fetch(new URL('/health/ready', again.url))).status, 200);
      } finally {
        again.child.kill('SIGTERM');
        assert.equal(await again.exited, 0);
      }
    });
  }
});
