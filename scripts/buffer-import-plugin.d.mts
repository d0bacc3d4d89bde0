/** See buffer-import-plugin.mjs: a rollup plugin; `transform` adds the `buffer` import to the listed packages' modules. */
export function bufferImport(packages?: string[]): {
  name: string;
  transform(code: string, id: string): { code: string; map: null } | null;
};
