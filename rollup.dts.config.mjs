import { rmSync } from 'node:fs';
import { dts } from 'rollup-plugin-dts';

// The declarations tsc writes to dist/types/ (one per source file) rolled up into one file per export, holding the
// public API and what it refers to; dist/types/ is removed after.
const entries = { index: 'dist/types/src/index.d.ts', 'dev-wallet': 'dist/types/demo/dev-wallet/index.d.ts' };

export default Object.entries(entries).map(([name, input], i, all) => ({
  input,
  output: { file: `dist/${name}.d.ts`, format: 'es' },
  plugins: [
    dts({ respectExternal: true }),
    ...(i === all.length - 1 ? [{ name: 'remove-dist-types', closeBundle: () => rmSync('dist/types', { recursive: true, force: true }) }] : []),
  ],
}));
