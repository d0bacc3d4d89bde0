/** See private-globals-plugin.mjs: a rollup plugin keeping zod's and nanostores' globals off the host's window. */
export const LIBRARY_GLOBALS: string[];
export function privateLibraryGlobals(names?: string[]): {
  name: string;
  resolveId(id: string): string | null;
  load(id: string): string | null;
  transform(code: string, id: string): { code: string; map: null } | null;
  renderChunk(code: string, chunk: { fileName: string }): null;
};
