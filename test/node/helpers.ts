import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Marker inside the temporary root's package.json: if a response body ever contains it, traversal worked. */
export const SECRET = 'SECRET-OUTSIDE-SERVED-FOLDERS';

export const DEMO_HTML =
  '<!doctype html><title>t</title><meta name="rpc" content="%RPC_URL_31337%|%RPC_URL_31338%|%RPC_URL_31337%|%RPC_URL_1%">';

/** A throwaway project root: demo/ and dist/ with one file of each served type, plus things that must stay hidden. */
export async function makeTempRoot(): Promise<{ root: string; cleanup(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'wcm-web-'));
  await mkdir(join(root, 'demo'));
  await mkdir(join(root, 'dist', 'chunks'), { recursive: true });
  await writeFile(join(root, 'package.json'), JSON.stringify({ name: SECRET }));
  await writeFile(join(root, 'demo', 'index.html'), DEMO_HTML);
  await writeFile(join(root, 'demo', 'style.css'), 'p{color:red}');
  await writeFile(join(root, 'demo', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(root, 'demo', 'pixel.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(join(root, 'demo', '.env'), SECRET);
  await writeFile(join(root, 'dist', 'x.js'), 'export const x = 1;');
  await writeFile(join(root, 'dist', 'data.json'), '{"ok":true}');
  await writeFile(join(root, 'dist', 'chunks', 'c-abc123.js'), 'export const c = 2;');
  await writeFile(join(root, 'dist', 'blob.bin'), 'bytes');
  // A symlink inside a served folder pointing out of it.
  await symlink(join(root, 'package.json'), join(root, 'dist', 'link.js'));
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/**
 * A GET with the path sent byte for byte. fetch() and app.request() normalise `..` and `%2e%2e` before a
 * request leaves, so only a raw request shows what the server does with them.
 */
export function rawGet(port: number, path: string): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Holds a port so that something else fails to bind it. */
export async function occupyPort(port = 0): Promise<{ port: number; release(): Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port }, resolve);
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { port: address.port, release: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** PIDs of this process's live children named `name` (Linux /proc), to prove nothing was left running. */
export function childProcesses(name: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(join('/proc', entry, 'stat'), 'utf8');
    } catch {
      continue; // exited while we looked
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (comm === name && Number(ppid) === process.pid && state !== 'Z') found.push(Number(entry));
  }
  return found;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw err;
  }
}

/** The code and message a promise rejects with (a wallet's or the relay's error); throws if it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    const { code, message } = error as { code: number; message: string };
    return { code, message };
  }
  throw new Error('expected a rejection');
}

/** A GET with the Host header a DNS-rebinding page's browser sends (fetch does not let one set it). */
export function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
