import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/**
 * Honours a package's `browser` field for files inside the package (`"./esm/x.js": "./esm/x-browser.js"`),
 * which node-resolve skips when the package also has `exports` (multiformats, under the WalletConnect SDK,
 * would otherwise import Node's `crypto` in the browser bundle).
 */
export function browserFieldRedirects() {
  const manifests = new Map();
  const manifestOf = (file) => {
    for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
      if (manifests.has(dir)) return manifests.get(dir);
      const path = join(dir, 'package.json');
      if (existsSync(path)) {
        const { browser } = JSON.parse(readFileSync(path, 'utf8'));
        const entry = { dir, map: browser && typeof browser === 'object' ? browser : undefined };
        manifests.set(dir, entry);
        return entry;
      }
    }
    return undefined;
  };
  return {
    name: 'browser-field-redirects',
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith('.') || !importer.includes(`${sep}node_modules${sep}`)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      const manifest = manifestOf(resolved.id);
      const target = manifest?.map?.[`./${relative(manifest.dir, resolved.id).split(sep).join('/')}`];
      return typeof target === 'string' ? join(manifest.dir, target) : resolved;
    },
  };
}
