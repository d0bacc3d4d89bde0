// Serves React (published as CommonJS only) to the test browser as ESM with real named exports.
// One esbuild bundle holds every React entry point, so the page has a single React instance;
// each bare specifier resolves to a small shim that re-exports from that bundle.
import * as esbuild from 'esbuild';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const IDS = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/client'];
const shimPath = (id) => `/__react_esm/${id.replace(/\//g, '__')}.js`;
const identifier = /^[A-Za-z_$][\w$]*$/;

export function reactEsmPlugin({ nodeEnv = 'development' } = {}) {
  let vendor = '';
  const shims = new Map();
  return {
    name: 'react-esm',
    async serverStart() {
      const entry = IDS.map((id, i) => `export * as m${i} from '${id}';`).join('\n');
      const out = await esbuild.build({
        stdin: { contents: entry, resolveDir: process.cwd(), loader: 'js' },
        bundle: true,
        format: 'esm',
        write: false,
        target: 'es2022',
        define: { 'process.env.NODE_ENV': JSON.stringify(nodeEnv) },
      });
      vendor = out.outputFiles[0].text;
      const previous = process.env.NODE_ENV;
      process.env.NODE_ENV = nodeEnv;
      IDS.forEach((id, i) => {
        const names = Object.keys(require(id)).filter((k) => k !== 'default' && k !== '__esModule' && identifier.test(k));
        shims.set(
          shimPath(id),
          `import { m${i} as m } from '/__react_esm/vendor.js';\nexport default (m.default ?? m);\nexport const { ${names.join(', ')} } = m;\n`,
        );
      });
      process.env.NODE_ENV = previous;
    },
    resolveImport({ source }) {
      if (IDS.includes(source)) return shimPath(source);
    },
    serve({ path }) {
      if (path === '/__react_esm/vendor.js') return { body: vendor, type: 'js' };
      if (shims.has(path)) return { body: shims.get(path), type: 'js' };
    },
  };
}
