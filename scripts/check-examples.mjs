// The package as a site installs it: packs it (after `npm run build`), checks the tarball (no source maps, under
// 3 MB unpacked), puts its contents where the examples import it from, installs the examples' own dependencies
// once (examples/package-lock.json, never the root's), type-checks every example and builds the React (Vite) one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LIMIT = 3 * 1024 * 1024;
const started = Date.now();
const failures = [];
const seconds = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;

function run(name, command, args, cwd = 'examples') {
  const t0 = Date.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NEXT_TELEMETRY_DISABLED: '1' } });
  const ok = result.status === 0;
  console.log(`${ok ? 'ok' : 'FAILED'}: ${name} (${seconds(t0)})`);
  if (!ok) {
    failures.push(name);
    process.stdout.write(`${result.stdout ?? ''}${result.stderr ?? ''}\n`);
  }
}

if (!existsSync('dist/wallet-connect-modal.js') || !existsSync('dist/index.d.ts')) {
  console.error('check-examples: no dist/; run `npm run build` first');
  process.exit(1);
}

// 1. The tarball.
const dir = mkdtempSync(join(tmpdir(), 'wcm-pack-'));
const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--silent', '--pack-destination', dir], { encoding: 'utf8' }));
const maps = packed.files.filter((f) => f.path.endsWith('.map')).map((f) => f.path);
console.log(`tarball: ${packed.filename}, ${packed.files.length} files, ${(packed.size / 1024).toFixed(0)} KB packed, ${(packed.unpackedSize / 1024).toFixed(0)} KB unpacked, ${packed.files.filter((f) => f.path.endsWith('.d.ts')).length} .d.ts`);
if (maps.length) failures.push(`the tarball holds source maps: ${maps.join(', ')}`);
if (packed.unpackedSize >= LIMIT) failures.push(`the tarball is ${packed.unpackedSize} bytes unpacked (limit ${LIMIT})`);

// 2. The examples' dependencies, once; then the packed package in their node_modules (it has no dependencies of
// its own, so its contents are all an install adds).
if (!existsSync('examples/node_modules/.package-lock.json') || statSync('examples/package-lock.json').mtimeMs > statSync('examples/node_modules/.package-lock.json').mtimeMs) {
  run('npm ci (examples/)', 'npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts']);
}
execFileSync('tar', ['-xzf', join(dir, packed.filename), '-C', dir]);
rmSync('examples/node_modules/wallet-connect-modal', { recursive: true, force: true });
renameSync(join(dir, 'package'), 'examples/node_modules/wallet-connect-modal');
rmSync(dir, { recursive: true, force: true });

// 3. Type-check each example, build the cheap one.
const bin = (name) => join('node_modules', '.bin', name);
run('html: the listener', bin('tsc'), ['-p', 'html']);
run('typings: React 19 and the DOM', bin('tsc'), ['-p', 'typings/tsconfig.react.json']);
run('typings: Preact', bin('tsc'), ['-p', 'typings/tsconfig.preact.json']);
run('typings: Solid', bin('tsc'), ['-p', 'typings/tsconfig.solid.json']);
run('react-vite: type-check', bin('tsc'), ['-p', 'react-vite']);
run('nextjs: type-check', bin('tsc'), ['-p', 'nextjs']);
run('vue: vue-tsc', bin('vue-tsc'), ['-p', 'vue']);
run('svelte: svelte-check', bin('svelte-check'), ['--workspace', 'svelte', '--tsconfig', './tsconfig.json', '--fail-on-warnings']);
run('react-vite: vite build', bin('vite'), ['build', 'react-vite', '--outDir', '../.out/react-vite', '--emptyOutDir', '--logLevel', 'warn']);
run('htmx: the server starts', process.execPath, ['--check', 'htmx/server.mjs']);

console.log(`check-examples: ${seconds(started)}${failures.length ? `; failed: ${failures.join('; ')}` : ''}`);
process.exit(failures.length ? 1 : 0);
