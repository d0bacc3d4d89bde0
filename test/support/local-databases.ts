/**
 * PostgreSQL and Redis servers from Debian's packages, started for a test (or a benchmark) in a temporary
 * directory on a free loopback port, and stopped with everything they wrote. No Docker. `.ci/run` installs the
 * packages when they are missing; a machine without them gets a `MissingServerError` naming the package.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import pg from 'pg';

export class MissingServerError extends Error {}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const path = join(root, version, 'bin', name);
    if (existsSync(path)) return path;
  }
  throw new MissingServerError(`PostgreSQL's ${name} was not found: apt-get install postgresql`);
}

/** PostgreSQL refuses to run as root; as root, its programs run as the `postgres` user the package made. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const [uid, gid] = [id('-u'), id('-g')];
  if (!Number.isInteger(uid) || uid <= 0) throw new MissingServerError('PostgreSQL cannot run as root and there is no postgres user: apt-get install postgresql');
  return { uid, gid };
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

export interface LocalPostgres {
  /** The server's own URL (database `postgres`). */
  url: string;
  /** A new empty database on this server; its URL. */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
}

let databases = 0;

/** Starts a throwaway PostgreSQL (fsync off: a test's data need not survive a power cut). */
export async function startPostgres(): Promise<LocalPostgres> {
  const initdb = postgresBin('initdb');
  const postgres = postgresBin('postgres');
  const dir = mkdtempSync(join(tmpdir(), 'wcm-pg-'));
  chmodSync(dir, 0o700);
  const user = postgresUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const init = spawnSync(initdb, ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C'], { encoding: 'utf8', cwd: dir, ...user });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }
  const port = await freePort();
  const args = ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'];
  const child = spawn(postgres, args, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir, ...user });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (err) {
      await client.end().catch(() => undefined);
      if (child.exitCode !== null || Date.now() > deadline) {
        await stopChild(child, 'SIGINT');
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`PostgreSQL did not start on port ${port}: ${(err as Error).message}\n${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    async createDatabase() {
      const name = `test_${process.pid}_${++databases}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      await stopChild(child, 'SIGINT'); // fast shutdown: ends open connections
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface LocalRedis {
  url: string;
  stop(): Promise<void>;
}

/** Starts a throwaway Redis (no persistence). */
export async function startRedis(): Promise<LocalRedis> {
  const bin = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));
  if (!bin) throw new MissingServerError('redis-server was not found: apt-get install redis-server');
  const dir = mkdtempSync(join(tmpdir(), 'wcm-redis-'));
  const port = await freePort();
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no', '--maxclients', '10000'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis did not start on port ${port}: ${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      if (/Ready to accept connections/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Redis exited (${code}) before it was ready: ${output}`));
    });
  });
  child.stdout?.removeAllListeners('data').resume();
  child.stderr?.removeAllListeners('data').resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      await stopChild(child, 'SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestDatabases {
  /** A temporary folder, removed after the file's tests. */
  dir: string;
  /** A new SQLite file's path in it. */
  sqliteFile(): string;
  /** A new empty database on the file's PostgreSQL (started before its first test, stopped after its last). */
  postgresDatabase(): Promise<string>;
}

/** For a test file that runs on both databases: registers the hooks that start and remove what it uses. */
export function useTestDatabases(name: string): TestDatabases {
  const dir = mkdtempSync(join(tmpdir(), `wcm-${name}-`));
  let postgres: LocalPostgres | undefined;
  let files = 0;
  before(async () => {
    postgres = await startPostgres();
  });
  after(async () => {
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    dir,
    sqliteFile: () => join(dir, `${name}-${++files}.sqlite`),
    postgresDatabase: () => {
      if (!postgres) throw new Error('useTestDatabases: PostgreSQL is started in a before hook; ask for a database in a test or a later hook');
      return postgres.createDatabase();
    },
  };
}
