import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const DIST = join(ROOT, 'dist');
export const ENTRY_FILE = join(DIST, 'wallet-connect-modal.js');
/** Ignored by git (.gitignore: .cache/). */
export const BENCH_CACHE = join(ROOT, '.cache/bench');
/** A copy of the widget's files taken right after the build: what the bench measures and serves, so a
 * concurrent `rollup -c` elsewhere (which empties dist/) cannot change or remove them mid-run. */
export const SNAPSHOT_DIST = join(BENCH_CACHE, 'dist');
