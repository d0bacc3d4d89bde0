import { sep } from 'node:path';

/**
 * Some Solana packages were written for Node and use its global `Buffer` without importing it
 * (@solana/spl-token, @solana/buffer-layout-utils, bigint-buffer). Rather than a global on the host's page,
 * each of their modules that names `Buffer` gets the npm `buffer` package's (the one @solana/web3.js already
 * imports itself) as a module-local import: `import { Buffer } from 'buffer'` in an ES module,
 * `var Buffer = require('buffer').Buffer` in a CommonJS one (before the commonjs plugin turns it into ESM).
 */
export function bufferImport(packages = ['@solana/spl-token', '@solana/buffer-layout-utils', 'bigint-buffer']) {
  const dirs = packages.map((name) => `${sep}node_modules${sep}${name.split('/').join(sep)}${sep}`);
  return {
    name: 'buffer-import',
    transform(code, id) {
      if (!dirs.some((dir) => id.includes(dir)) || !/\bBuffer\b/.test(code)) return null;
      if (/\bimport\s*\{[^}]*\bBuffer\b[^}]*\}\s*from\s*['"]buffer\/?['"]/.test(code) || /require\(\s*['"]buffer\/?['"]\s*\)/.test(code)) return null;
      const esm = id.endsWith('.mjs') || /^\s*(import|export)\b/m.test(code);
      return { code: `${esm ? "import { Buffer } from 'buffer';" : "var Buffer = require('buffer').Buffer;"}\n${code}`, map: null };
    },
  };
}
