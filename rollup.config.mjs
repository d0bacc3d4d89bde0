import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { browserFieldRedirects } from './scripts/browser-field-plugin.mjs';
import { bufferImport } from './scripts/buffer-import-plugin.mjs';
import { cssTextRollup } from './scripts/css-text-plugin.mjs';
import { localeChunks } from './scripts/locale-chunks-plugin.mjs';
import { integrityManifest } from './scripts/integrity-plugin.mjs';
import { privateLibraryGlobals } from './scripts/private-globals-plugin.mjs';
import { onwarn } from './scripts/rollup-warnings.mjs';

// A build starts from an empty dist/, so no stale chunk is ever served or measured.
rmSync('dist', { recursive: true, force: true });

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

const plugins = () => [
  // The package's version, for the `sv` the services receive (build-constants.d.ts).
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production'), __PACKAGE_VERSION__: JSON.stringify(version) } }),
  // The WalletConnect SDK reads Node's `global` (mostly behind typeof checks, not all): the page's globalThis.
  replace({
    include: ['node_modules/@walletconnect/**'],
    preventAssignment: true,
    delimiters: ['(?<![.\\w$"\'`])', '(?![\\w$"\'`:])'],
    values: { global: 'globalThis' },
  }),
  cssTextRollup(),
  // Each locale in src/locales/ a chunk of its own, loaded when a page is in that language.
  localeChunks(),
  // The Solana token packages' bare `Buffer`: the npm `buffer` package, imported per module (no page global).
  bufferImport(),
  // zod's and nanostores' shared state (globalThis.__zod_globalConfig, __zod_globalRegistry, nanostoresGlobal): a
  // module-private object, not the host's window, which a host script could set before the widget loads.
  privateLibraryGlobals(),
  // For the browser: packages' "browser" export conditions, and npm packages named like Node built-ins (the
  // SDK's `events`) bundled rather than left as imports.
  browserFieldRedirects(),
  nodeResolve({ browser: true, exportConditions: ['browser'], preferBuiltins: false, extensions: ['.mjs', '.js', '.ts', '.tsx'] }),
  commonjs(),
  esbuild({ target: 'es2022', jsx: 'automatic', tsconfig: 'tsconfig.json' }),
  terser({ ecma: 2022, module: true, compress: { passes: 2 }, format: { comments: false } }),
];

/** The modules statically reachable from `from` (not through dynamic imports). */
function staticClosure(from, getModuleInfo) {
  const seen = new Set();
  const visit = (id) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(from);
  return seen;
}

/**
 * The code the modal's views (elements/modal-view.ts) share with `<wallet-connect-button>`'s chunk (React, some
 * view parts) and with other chunks, outside the entry file: one chunk, which elements/view-shared.ts names, so the modal's open asks
 * for it at the same time as the views' own chunk (no request waits for another).
 */
function viewChunks() {
  let shared;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!shared) {
      const ids = [...getModuleIds()];
      const find = (path) => ids.find((module) => module === `${process.cwd()}/${path}`);
      const entry = staticClosure(find('src/index.ts'), getModuleInfo);
      const button = staticClosure(find('elements/wallet-connect-button.ts'), getModuleInfo);
      // nanostores' listenKeys (and deep-map's path) serve only @nanostores/react's useStore; the entry reaches them
      // through nanostores' barrel file alone, so rollup does not put them in the entry: with the views they go.
      const viewsOnly = (module) => !entry.has(module) || /\/node_modules\/nanostores\/(listen-keys\/|deep-map\/path\.js)/.test(module);
      const views = staticClosure(find('elements/modal-view.ts'), getModuleInfo);
      // With them, the views' modules that lazily loaded chunks import too (a store such as recent-wallets), which
      // would otherwise be a chunk of their own, asked for only once the views' chunk has come in.
      const sharedByOthers = (module) => getModuleInfo(module).importers.some((importer) => !views.has(importer));
      shared = new Set([...views].filter((module) => viewsOnly(module) && (button.has(module) || (module.startsWith(`${process.cwd()}/src/`) && sharedByOthers(module)))));
      shared.add(find('elements/view-shared.ts'));
    }
    return shared.has(id) ? 'view-shared' : undefined;
  };
}

/** The widget: one entry file a page loads; everything past the Connect view is a chunk beside it. */
const widget = {
  input: { 'wallet-connect-modal': 'src/index.ts' },
  // Keep the Connect view's code in the entry file itself, not behind a facade that imports a chunk.
  preserveEntrySignatures: 'allow-extension',
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: false,
    manualChunks: viewChunks(),
    // Only the modules viewChunks() names go into that chunk, not their dependencies (the stores stay in the entry).
    onlyExplicitManualChunks: true,
  },
  // dist/integrity.json: the SRI hash of the entry and of each chunk.
  plugins: [...plugins(), integrityManifest()],
  onwarn,
};

/** The dev wallet: a test kit export, self-contained (it does not share chunks with the widget). */
const devWallet = {
  input: 'demo/dev-wallet/index.ts',
  output: { file: 'dist/dev-wallet.js', format: 'es', inlineDynamicImports: true },
  plugins: plugins(),
  onwarn,
};

export default [widget, devWallet];
