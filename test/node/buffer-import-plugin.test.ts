// The rollup plugin that gives the Solana token packages the npm `buffer` package's Buffer, module by module
// (scripts/buffer-import-plugin.mjs): without it, @solana/spl-token throws "Buffer is not defined" in the browser.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { bufferImport } from '../../scripts/buffer-import-plugin.mjs';

const plugin = bufferImport();
const transform = (code: string, id: string) => plugin.transform(code, id);
const inPackage = (name: string, file: string) => join('/x', 'node_modules', ...name.split('/'), file);

describe('bufferImport (rollup)', () => {
  it('imports Buffer into an ES module of @solana/spl-token that uses it bare', () => {
    const code = "import { PublicKey } from '@solana/web3.js';\nexport const data = Buffer.from([1]);";
    assert.equal(transform(code, inPackage('@solana/spl-token', 'lib/esm/instructions/x.js'))?.code, `import { Buffer } from 'buffer';\n${code}`);
  });

  it('requires it in a CommonJS module (bigint-buffer), before the commonjs plugin runs', () => {
    const code = "'use strict';\nexports.toBigIntLE = (b) => Buffer.from(b);";
    assert.equal(transform(code, inPackage('bigint-buffer', 'dist/browser.js'))?.code, `var Buffer = require('buffer').Buffer;\n${code}`);
  });

  it('leaves alone modules that import it already, that do not use it, and other packages', () => {
    assert.equal(transform("import { Buffer } from 'buffer';\nBuffer.from([]);", inPackage('@solana/spl-token', 'a.js')), null);
    assert.equal(transform('export const x = 1;', inPackage('@solana/spl-token', 'b.js')), null);
    assert.equal(transform('export const x = Buffer.from([]);', inPackage('@solana/web3.js', 'lib/index.browser.esm.js')), null);
    assert.equal(transform('export const x = Buffer.from([]);', '/x/src/index.ts'), null);
  });
});
