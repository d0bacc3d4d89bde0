import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { privateLibraryGlobals } from '../../scripts/private-globals-plugin.mjs';

const plugin = privateLibraryGlobals();
const context = { error(message: string): never { throw new Error(message); } };
const transform = (code: string, id: string) => plugin.transform.call(context as never, code, id);

describe('private library globals (rollup plugin)', () => {
  it('rewrites the installed zod and nanostores modules that keep a global to the private object', () => {
    for (const file of ['zod/v4/core/core.js', 'zod/v4/core/registries.js', 'nanostores/atom/index.js']) {
      const id = resolve('node_modules', file);
      const out = transform(readFileSync(id, 'utf8'), id);
      assert.ok(out, `${file} is rewritten (an upgrade that moved its global fails here)`);
      assert.doesNotMatch(out.code, /\bglobalThis\b/);
      assert.match(out.code, /^import __privateGlobals from '\0private-library-globals';/);
    }
  });

  it('fails the build when such a module uses globalThis for something else too', () => {
    const id = '/x/node_modules/zod/v4/core/core.js';
    assert.throws(() => transform('globalThis.__zod_globalConfig ??= {};\nglobalThis.fetch("/");', id), /uses globalThis beside its library global \(globalThis\.fetch/);
  });

  it('fails the build when an output chunk still reaches one of them on the page', () => {
    assert.throws(() => plugin.renderChunk.call(context as never, 'const a=globalThis.nanostoresGlobal||={epoch:0};', { fileName: 'x.js' }), /x\.js still reaches a library global on the page \(globalThis\.nanostoresGlobal\)/);
    assert.equal(plugin.renderChunk.call(context as never, 'const a=e.nanostoresGlobal;', { fileName: 'x.js' }), null);
  });

  it('leaves other modules alone', () => {
    assert.equal(transform('globalThis.nanostoresGlobal = 1;', '/x/src/a.ts'), null);
    assert.equal(transform('globalThis.fetch("/")', '/x/node_modules/other/index.js'), null);
  });
});
