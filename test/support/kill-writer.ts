/**
 * Runs a writer script (a test fixture that prints a number on its own line for each write once it has committed)
 * against `url`, and kills it with SIGKILL once it has acknowledged at least `until`; resolves with the last
 * number it acknowledged before the kill. The caller then checks that everything acknowledged is stored.
 */
import { spawn } from 'node:child_process';

export async function killWhileWriting(script: string, url: string, until = 200): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, url], { stdio: ['ignore', 'pipe', 'inherit'] });
  let acked = -Infinity;
  let buffer = '';
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the writer exited (${code}) before it was killed`)));
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) acked = Number(line);
      if (acked >= until) resolve();
    });
  });
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return acked;
}
