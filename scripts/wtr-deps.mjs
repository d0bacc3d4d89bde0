// Serves the packages the browser suites import as a few prebuilt ES modules instead of one request per file.
// Unbundled, a test page of the Send actions asked the test server for 613 modules (345 of them viem's), each
// resolved and transformed on request: about 10 s of the server's time before the first test ran, in every one of
// the ~110 files. At start this plugin bundles every package specifier the sources and tests import (scanned
// below) in one esbuild build with code splitting, so a module shared by two packages exists once and a package's
// module-level state (nanostores' stores, viem's error classes) has a single instance on the page. React stays with
// its own plugin (scripts/wtr-react-esm.mjs): it is left external here, and the test server maps its imports.
// A specifier the scan missed is served the ordinary way (unbundled), which is slower but correct.
import * as esbuild from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const PREFIX = '/__deps/';
/** Served by the test runner itself or by another plugin. */
const SKIP = /^(@web\/|@esm-bundle\/|react$|react\/|react-dom$|react-dom\/)/;
const REACT = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/client'];
const bare = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w./-]+)?$/i;
const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

function sourceFiles(dir) {
  let names;
  try { names = readdirSync(dir, { recursive: true }).map(String); } catch { return []; }
  return names.filter((n) => /\.(ts|tsx|js|mjs)$/.test(n) && !n.endsWith('.d.ts')).map((n) => join(dir, n));
}

/** The package specifiers imported by the files under `dirs` (type-only imports included: harmless). */
export function scanSpecifiers(dirs) {
  const found = new Set();
  for (const file of dirs.flatMap(sourceFiles)) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(importPattern)) {
      if (bare.test(spec) && !SKIP.test(spec) && !spec.startsWith('node:')) found.add(spec);
    }
  }
  const require = createRequire(join(process.cwd(), 'package.json'));
  // Keep those that resolve to code in the browser build; a types-only package has nothing to serve.
  return [...found].filter((spec) => {
    try { require.resolve(spec); return true; } catch { /* ESM-only exports: esbuild resolves them below */ }
    try { import.meta.resolve(spec, `file://${process.cwd()}/`); return true; } catch { return false; }
  }).sort();
}

const entryName = (spec) => spec.replace(/[@/]/g, (c) => (c === '@' ? '' : '__'));

export function depsPlugin({ dirs = ['src', 'elements', 'test/unit', 'test/element', 'test/visual'], nodeEnv = 'development' } = {}) {
  const files = new Map();
  const entries = new Map();
  return {
    name: 'prebundled-deps',
    async serverStart() {
      const specs = scanSpecifiers(dirs);
      const entryPoints = Object.fromEntries(specs.map((spec) => [entryName(spec), spec]));
      const out = await esbuild.build({
        entryPoints,
        absWorkingDir: process.cwd(),
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'browser',
        mainFields: ['browser', 'module', 'main'],
        conditions: ['browser', 'import', 'module', 'default'],
        target: 'es2022',
        write: false,
        outdir: 'deps',
        chunkNames: 'chunk-[hash]',
        external: REACT,
        logLevel: 'error',
        define: { 'process.env.NODE_ENV': JSON.stringify(nodeEnv), global: 'globalThis' },
      });
      for (const file of out.outputFiles) {
        files.set(PREFIX + file.path.split(/[\\/]deps[\\/]/).pop(), file.text);
      }
      for (const spec of specs) entries.set(spec, `${PREFIX}${entryName(spec)}.js`);
    },
    resolveImport({ source }) {
      return entries.get(source);
    },
    serve({ path }) {
      const body = files.get(path);
      if (body !== undefined) return { body, type: 'js' };
    },
  };
}
