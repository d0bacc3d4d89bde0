/**
 * A service started as a site owner starts it: its command-line entry in a child process, configured by the
 * environment, its JSON log lines collected. Resolves once it logs `listening` (with its URL); rejects with the
 * process's output when it exits first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, isAbsolute, join } from 'node:path';

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

/**
 * Runs `entry` with `env` added to a clean environment: a TypeScript source from the repository root (e.g.
 * server/auth/cli.ts, through tsx), or a built `.js` file (an absolute path: plain node, in its own folder).
 */
export function runServiceProcess(entry: string, env: Record<string, string>): { child: ChildProcess; logs: Record<string, unknown>[]; exited: Promise<number | string>; stderr(): string; output(): string } {
  const built = isAbsolute(entry) && entry.endsWith('.js');
  const child = spawn(process.execPath, built ? [entry] : ['--import', 'tsx', join(ROOT, entry)], {
    cwd: built ? dirname(entry) : ROOT,
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
  const run = runServiceProcess(entry, env);
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
