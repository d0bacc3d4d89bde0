// Builds the deployable services (server/package.json, `@wallet-connect-modal/services`) into server/dist/: one
// ESM file per service entry point (with the code they share split into chunks), the packages they import left
// as imports. Then checks that every package a service imports is declared in server/package.json's
// dependencies, and that nothing there goes unused, so `npm install --omit=dev` of that package runs them.
// The frame's static files and the directory's wallet list are copied beside the bundles (the code finds them
// next to itself). Usage: node scripts/build-services.mjs (or import { buildServices }).
import * as esbuild from 'esbuild';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const SERVICES = {
  relay: 'server/relay/cli.ts',
  'wallet-api': 'server/api/cli.ts',
  directory: 'server/directory/cli.ts',
  'sign-in-backend': 'server/auth/cli.ts',
  'login-service': 'server/auth-frame/cli.ts',
};

const OUT = 'server/dist';
const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Bundles the five services into `outdir` (default server/dist/) with the files they read beside them. Returns
 * the packages they import (name → first output file importing it) and the bundles' size. Tests build into a
 * folder of their own under the repository (so the packages resolve from its node_modules) and start the
 * bundles instead of the sources under tsx.
 */
export async function buildServices({ outdir = join(ROOT, OUT) } = {}) {
  const entries = Object.fromEntries(Object.entries(SERVICES).map(([name, entry]) => [name, join(ROOT, entry)]));
  const missing = Object.values(entries).filter((entry) => !existsSync(entry));
  if (missing.length) throw new Error(`build-services: no entry point ${missing.join(', ')}`);
  rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: entries,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'warning',
    banner: { js: '#!/usr/bin/env node' },
    chunkNames: 'chunks/[name]-[hash]',
  });
  cpSync(join(ROOT, 'server/auth-frame/public'), join(outdir, 'public'), { recursive: true });
  cpSync(join(ROOT, 'server/directory/wallets.json'), join(outdir, 'wallets.json'));
  const imported = new Map();
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (!external || path.startsWith('node:') || builtinModules.includes(path)) continue;
      const name = packageName(path);
      if (!imported.has(name)) imported.set(name, file);
    }
  }
  const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  return { imported, bytes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { imported, bytes } = await buildServices().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
  const declared = Object.keys(JSON.parse(readFileSync(join(ROOT, 'server/package.json'), 'utf8')).dependencies ?? {});
  const undeclared = [...imported].filter(([name]) => !declared.includes(name));
  const unused = declared.filter((name) => !imported.has(name));
  for (const [name, file] of undeclared) console.error(`build-services: ${file} imports ${name}, which server/package.json does not declare`);
  for (const name of unused) console.error(`build-services: server/package.json declares ${name}, which no service imports`);
  console.log(`build-services: ${Object.keys(SERVICES).length} services, ${(bytes / 1024).toFixed(0)} KB in ${OUT}/, ${imported.size} packages imported`);
  if (undeclared.length || unused.length) process.exit(1);
}
