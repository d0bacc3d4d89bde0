/**
 * Libraries that share state through the page's global object: zod's core keeps its configuration and schema
 * registry on `globalThis.__zod_globalConfig` / `__zod_globalRegistry` (a host script could set them first, and
 * its `postProcessor` would then run on every schema the widget builds), nanostores its epoch counter on
 * `globalThis.nanostoresGlobal`. In the bundle, each module that names one of them reads `globalThis` as a
 * module-private object instead (one object for the whole bundle, as the libraries expect to share it), so nothing
 * is put on, or read from, the host's window.
 *
 * A module that names one of these keys and uses `globalThis` for anything else fails the build, as does an
 * output chunk that still reaches one of them through `globalThis`: a library upgrade is looked at, not shipped.
 */
const PRIVATE_ID = '\0private-library-globals';
export const LIBRARY_GLOBALS = ['__zod_globalConfig', '__zod_globalRegistry', 'nanostoresGlobal'];

export function privateLibraryGlobals(names = LIBRARY_GLOBALS) {
  const key = `(?:${names.join('|')})`;
  const named = new RegExp(`\\b${key}\\b`);
  // `globalThis.KEY`, `globalThis?.KEY`, and zod's `(_a = globalThis).KEY`.
  const allowed = new RegExp(`\\bglobalThis(?:\\?\\.|\\.|\\)\\??\\.)${key}\\b`, 'g');
  const leaked = new RegExp(`\\bglobalThis\\)?\\??\\.${key}\\b`);
  return {
    name: 'private-library-globals',
    resolveId: (id) => (id === PRIVATE_ID ? id : null),
    load: (id) => (id === PRIVATE_ID ? 'export default {};' : null),
    transform(code, id) {
      if (!id.includes('/node_modules/') || !named.test(code) || !/\bglobalThis\b/.test(code)) return null;
      // Comments are left out of the check (nanostores explains its global in one).
      const body = code.replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');
      const other = body.replace(allowed, '').match(/\bglobalThis\b.{0,40}/);
      if (other) this.error(`${id} uses globalThis beside its library global (${other[0]}): see scripts/private-globals-plugin.mjs`);
      return { code: `import __privateGlobals from '${PRIVATE_ID}';\n${code.replace(/\bglobalThis\b/g, '__privateGlobals')}`, map: null };
    },
    renderChunk(code, chunk) {
      const found = code.match(leaked);
      if (found) this.error(`${chunk.fileName} still reaches a library global on the page (${found[0]})`);
      return null;
    },
  };
}
