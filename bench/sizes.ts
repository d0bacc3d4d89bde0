/** Builds the widget and measures its files: raw, gzip -9 and brotli q11 bytes. */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { DIST, ENTRY_FILE, ROOT, SNAPSHOT_DIST } from './paths.js';

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export function measureFile(path: string, label = relative(ROOT, path)): FileSize {
  const data = readFileSync(path);
  return {
    file: label,
    raw: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }).length,
  };
}

/** The sizes of `files` added up, as one row labelled `label`. */
export function sumSizes(files: readonly FileSize[], label: string): FileSize {
  return files.reduce((sum, f) => ({ ...sum, raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip, brotli: sum.brotli + f.brotli }), { file: label, raw: 0, gzip: 0, brotli: 0 });
}

/** One chunk of the snapshot (`dist/chunks/<name>`), measured. */
export const chunkSize = (name: string): FileSize => measureFile(join(SNAPSHOT_DIST, 'chunks', name), `dist/chunks/${name}`);

/** Runs `rollup -c`; rejects with rollup's own output when the build fails. */
export function buildWidget(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/rollup'), ['-c'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`build failed: rollup -c exited with ${code}\n${output.trim()}`));
    });
  });
}

/**
 * Copies the entry and dist/chunks into .cache/bench/dist. Another engineer's `rollup -c` empties dist/
 * first, so a missing entry right after our own build means one is running: wait for it to finish.
 */
export async function snapshotWidget(justBuilt: boolean): Promise<void> {
  const deadline = Date.now() + (justBuilt ? 90_000 : 0);
  let waited = false;
  while (!existsSync(ENTRY_FILE)) {
    if (Date.now() >= deadline) {
      throw new Error(
        justBuilt
          ? `${relative(ROOT, ENTRY_FILE)} vanished after the build and did not come back in 90 s: another \`rollup -c\` (which empties dist/) is probably running or failed; run the bench again`
          : `${relative(ROOT, ENTRY_FILE)} does not exist: build first (drop --no-build)`,
      );
    }
    if (!waited) console.log(`${relative(ROOT, ENTRY_FILE)} is missing: waiting for another rollup -c to finish`);
    waited = true;
    await sleep(500);
  }
  if (waited) await sleep(2_000); // let that build finish writing its chunks
  rmSync(SNAPSHOT_DIST, { recursive: true, force: true });
  mkdirSync(SNAPSHOT_DIST, { recursive: true });
  cpSync(ENTRY_FILE, join(SNAPSHOT_DIST, 'wallet-connect-modal.js'));
  if (existsSync(join(DIST, 'chunks'))) cpSync(join(DIST, 'chunks'), join(SNAPSHOT_DIST, 'chunks'), { recursive: true });
}

/** The entry first, then every chunk (sorted by name), from the snapshot; labelled with their dist/ paths. */
export function widgetSizes(): { entry: FileSize; chunks: FileSize[] } {
  const chunkDir = join(SNAPSHOT_DIST, 'chunks');
  const chunks = existsSync(chunkDir)
    ? readdirSync(chunkDir)
        .filter((name) => name.endsWith('.js'))
        .sort()
        .map((name) => measureFile(join(chunkDir, name), `dist/chunks/${name}`))
    : [];
  return { entry: measureFile(join(SNAPSHOT_DIST, 'wallet-connect-modal.js'), 'dist/wallet-connect-modal.js'), chunks };
}
