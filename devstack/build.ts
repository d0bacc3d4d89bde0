import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Runs `rollup -c` in the project root with the terminal attached, so build errors appear exactly as rollup
 * prints them. Uses the local binary (not npx) so the process we wait on is rollup itself. `signal` aborts
 * the build when the user stops `npm start` while it is still building.
 */
export function runBuild(root: string, signal?: AbortSignal): Promise<void> {
  const rollup = join(root, 'node_modules', '.bin', 'rollup');
  if (!existsSync(rollup)) {
    return Promise.reject(new Error(`build failed: ${rollup} not found. Run "npm install" first.`));
  }
  return new Promise((resolve, reject) => {
    const child = spawn(rollup, ['-c'], { cwd: root, stdio: 'inherit', ...(signal ? { signal } : {}) });
    child.once('error', (err) => reject(new Error(`build failed: could not run rollup -c: ${err.message}`)));
    child.once('exit', (code, sig) => {
      if (code === 0) resolve();
      else reject(new Error(`build failed: rollup -c exited with ${sig ? `signal ${sig}` : `code ${code}`} (see its output above)`));
    });
  });
}
