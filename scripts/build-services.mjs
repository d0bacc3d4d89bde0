// Builds the deployable services (server/package.json, `@wallet-connect-modal/services`) into server/dist/: one
// ESM file per service entry point (with the code they share split into chunks), the packages they import left
// as imports. Then checks that every package a service imports is declared in server/package.json's
// dependencies, and that nothing there goes unused, so `npm install --omit=dev` of that package runs them.
// The frame's static files and the directory's wallet list are copied beside the bundles (the code finds them
// next to itself). Usage: node scripts/build-services.mjs
import * as esbuild from 'esbuild';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';

export const SERVICES = {
  relay: 'server/relay/cli.ts',
  'wallet-api': 'server/api/cli.ts',
  directory: 'server/directory/cli.ts',
  'sign-in-backend': 'server/auth/cli.ts',
  'login-service': 'server/auth-frame/cli.ts',
};

const OUT = 'server/dist';
const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

const missing = Object.values(SERVICES).filter((entry) => !existsSync(entry));
if (missing.length) {
  console.error(`build-services: no entry point ${missing.join(', ')}`);
  process.exit(1);
}
rmSync(OUT, { recursive: true, force: true });
const result = await esbuild.build({
  entryPoints: SERVICES,
  outdir: OUT,
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
cpSync('server/auth-frame/public', `${OUT}/public`, { recursive: true });
cpSync('server/directory/wallets.json', `${OUT}/wallets.json`);

const imported = new Map();
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  for (const { path, external } of output.imports) {
    if (!external || path.startsWith('node:') || builtinModules.includes(path)) continue;
    const name = packageName(path);
    if (!imported.has(name)) imported.set(name, file);
  }
}
const declared = Object.keys(JSON.parse(readFileSync('server/package.json', 'utf8')).dependencies ?? {});
const undeclared = [...imported].filter(([name]) => !declared.includes(name));
const unused = declared.filter((name) => !imported.has(name));
for (const [name, file] of undeclared) console.error(`build-services: ${file} imports ${name}, which server/package.json does not declare`);
for (const name of unused) console.error(`build-services: server/package.json declares ${name}, which no service imports`);
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`build-services: ${Object.keys(SERVICES).length} services, ${(bytes / 1024).toFixed(0)} KB in ${OUT}/, ${imported.size} packages imported`);
if (undeclared.length || unused.length) process.exit(1);
