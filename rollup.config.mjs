import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { browserFieldRedirects } from './scripts/browser-field-plugin.mjs';
import { bufferImport } from './scripts/buffer-import-plugin.mjs';
import { cssTextRollup } from './scripts/css-text-plugin.mjs';
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
  // The Solana token packages' bare `Buffer`: the npm `buffer` package, imported per module (no page global).
  bufferImport(),
  // For the browser: packages' "browser" export conditions, and npm packages named like Node built-ins (the
  // SDK's `events`) bundled rather than left as imports.
  browserFieldRedirects(),
  nodeResolve({ browser: true, exportConditions: ['browser'], preferBuiltins: false, extensions: ['.mjs', '.js', '.ts', '.tsx'] }),
  commonjs(),
  esbuild({ target: 'es2022', jsx: 'automatic', tsconfig: 'tsconfig.json' }),
  terser({ ecma: 2022, module: true, compress: { passes: 2 }, format: { comments: false } }),
];

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
  },
  plugins: plugins(),
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
