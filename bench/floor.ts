/** Bundles bench/floor-element.tsx with the widget's rollup plugins into .cache/bench/floor/floor-modal.js. */
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { rollup } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { BENCH_CACHE, ROOT } from './paths.js';

export const FLOOR_DIR = join(BENCH_CACHE, 'floor');
export const FLOOR_FILE = join(FLOOR_DIR, 'floor-modal.js');

export async function buildFloor(): Promise<string> {
  rmSync(FLOOR_DIR, { recursive: true, force: true });
  mkdirSync(FLOOR_DIR, { recursive: true });
  const bundle = await rollup({
    input: join(ROOT, 'bench/floor-element.tsx'),
    onwarn: () => {},
    plugins: [
      replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
      nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx'] }),
      commonjs(),
      esbuild({ target: 'es2022', jsx: 'automatic', tsconfig: join(ROOT, 'tsconfig.json') }),
      terser({ ecma: 2022, module: true, compress: { passes: 2 }, format: { comments: false } }),
    ],
  });
  try {
    await bundle.write({ file: FLOOR_FILE, format: 'es', inlineDynamicImports: true, sourcemap: false });
  } finally {
    await bundle.close();
  }
  return FLOOR_FILE;
}
