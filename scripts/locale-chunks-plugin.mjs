import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const LOCALES_DIR = fileURLToPath(new URL('../src/locales/', import.meta.url));
const DYNAMIC = /import\(`\.\.\/locales\/\$\{(\w+)\}\.ts`\)/;

/**
 * The locale loader's `import(\`../locales/${locale}.ts\`)` (src/core/locale-loader.ts), for rollup: one static
 * dynamic import per locale file in src/locales/ at build time, so each locale is a chunk of its own beside the
 * entry and nothing else is ever requested. A locale with no file rejects (English shows).
 */
export function localeChunks() {
  return {
    name: 'locale-chunks',
    transform(code, id) {
      if (!id.endsWith('/src/core/locale-loader.ts') || !DYNAMIC.test(code)) return null;
      const files = readdirSync(LOCALES_DIR).filter((file) => /^[a-z]{2}(-[A-Z]{2})?\.ts$/.test(file));
      const cases = files.map((file) => `case ${JSON.stringify(file.slice(0, -3))}: return import(${JSON.stringify(`../locales/${file}`)});`).join(' ');
      return {
        code: code.replace(DYNAMIC, (_, name) => `((l) => { switch (l) { ${cases} default: return Promise.reject(new Error('no locale ' + l)); } })(${name})`),
        map: null,
      };
    },
  };
}
