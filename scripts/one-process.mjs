// Runs test files in one Node process, one after the other, each inside a suite named by its path, so that what
// they import (the local stack's servers, playwright, viem…) is loaded once instead of once per file: started per
// file by `node --test`, that loading took about 10 s of one core for each end-to-end file. A file's top-level
// hooks belong to its own suite; a file that fails to load fails its suite. Run with `node --import tsx
// --test-reporter=… scripts/one-process.mjs <files…>` (not `--test`: that would start a process per file again).
import { after, before, describe } from 'node:test';
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

for (const file of process.argv.slice(2)) {
  describe(relative(process.cwd(), resolve(file)), async () => {
    // What a file's hooks set on the process's globals (a `fetch` that signs like the secure frame) is its own:
    // every file's module is loaded before the first test runs, so those are set in hooks, and undone here.
    let fetch;
    before(() => { fetch = globalThis.fetch; });
    after(() => { globalThis.fetch = fetch; });
    await import(pathToFileURL(resolve(file)).href);
  });
}
