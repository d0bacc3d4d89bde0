/**
 * A service started as a site owner starts it: its command-line entry in a child process, configured by the
 * environment, its JSON log lines collected. Resolves once it logs `listening` (with its URL); rejects with the
 * process's output when it exits first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { buildServices, SERVICES } from '../../scripts/build-services.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  /** Parsed JSON log lines so far. */
  logs: Record<string, unknown>[];
  /** Exit code (or signal name) once it has exited. */
  exited: Promise<number | string>;
  stderr(): string;
}

let bundles: Promise<string> | undefined;

/**
 * The five services bundled from the current sources once per test process (scripts/build-services.mjs, about a
 * second), into a folder of the repository's .cache/ so their packages resolve from its node_modules; removed when
 * the process exits. A bundle starts in about 1.5 s where the source under tsx takes about 3.5 s.
 */
function bundledServices(): Promise<string> {
  bundles ??= (async () => {
    const outdir = join(ROOT, '.cache', 'service-bundles', String(process.pid));
    process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
    await buildServices({ outdir });
    return outdir;
  })();
  return bundles;
}

/**
 * How to run `entry`: a built `.js` file (an absolute path) with plain node in its own folder; a service's
 * command-line source (e.g. server/auth/cli.ts) as its bundle; any other source from the repository root through tsx.
 */
export async function serviceCommand(entry: string): Promise<{ args: string[]; cwd: string }> {
  if (isAbsolute(entry) && entry.endsWith('.js')) return { args: [entry], cwd: dirname(entry) };
  const bundle = Object.entries(SERVICES).find(([, source]) => source === entry)?.[0];
  if (bundle) return { args: [join(await bundledServices(), `${bundle}.js`)], cwd: ROOT };
  return { args: ['--import', 'tsx', join(ROOT, entry)], cwd: ROOT };
}

/** Runs `entry` (serviceCommand) with `env` added to a clean environment. */
export async function runServiceProcess(entry: string, env: Record<string, string>): Promise<{ child: ChildProcess; logs: Record<string, unknown>[]; exited: Promise<number | string>; stderr(): string; output(): string }> {
  const { args, cwd } = await serviceCommand(entry);
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let out = '';
  let err = '';
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    partial += chunk.toString();
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
    child.emit('log');
  });
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return { child, logs, exited, stderr: () => err, output: () => out };
}

export async function startServiceProcess(entry: string, env: Record<string, string>, timeoutMs = 30_000): Promise<ServiceProcess> {
  const run = await runServiceProcess(entry, env);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      run.child.kill('SIGKILL');
      reject(new Error(`${entry} did not log "listening" within ${timeoutMs} ms:\n${run.output()}${run.stderr()}`));
    }, timeoutMs);
    const check = () => {
      const line = run.logs.find((l) => l.msg === 'listening');
      if (line) {
        clearTimeout(timer);
        run.child.off('log', check);
        resolve(String(line.url));
      }
    };
    run.child.on('log', check);
    void run.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited (${code}) before listening:\n${run.output()}${run.stderr()}`));
    });
  });
  return { url, child: run.child, logs: run.logs, exited: run.exited, stderr: run.stderr };
}
