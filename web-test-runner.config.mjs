import { readFileSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { chromiumPath, chromiumArgs } from './scripts/chromium.mjs';
import { cssTextWtr } from './scripts/css-text-plugin.mjs';
import { wtrFileTimes } from './scripts/file-times.mjs';
import { reactEsmPlugin } from './scripts/wtr-react-esm.mjs';
import { depsPlugin } from './scripts/wtr-deps.mjs';
import { sharedContext } from './scripts/wtr-shared-context.mjs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

export default {
  files: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx', 'test/element/**/*.test.ts', 'test/element/**/*.test.tsx'],
  nodeResolve: { browser: true },
  hostname: '127.0.0.1',
  concurrency: 1,
  concurrentBrowsers: 1,
  // `npm test` asks for per-file times (its closing summary) through WTR_FILE_TIMES, a path to write them to.
  reporters: [defaultReporter(), ...(process.env.WTR_FILE_TIMES ? [wtrFileTimes(process.env.WTR_FILE_TIMES)] : [])],
  browserStartTimeout: 60000,
  // A limit for a failing test, not a speed goal (those are in `npm run bench`): generous, as the test server
  // compiles each module on its first request and a cold chunk can take seconds on a loaded 2-core machine.
  testFramework: { config: { timeout: 30000 } },
  // nanostores reads process.env.NODE_ENV at run time; the build replaces it, the test server does not.
  testRunnerHtml: (testFramework) =>
    `<!doctype html><html><body><script>globalThis.process = { env: { NODE_ENV: 'development' } };</script>` +
    `<script type="module" src="${testFramework}"></script></body></html>`,
  plugins: [
    cssTextWtr(),
    reactEsmPlugin(),
    depsPlugin(),
    // The build stamps package.json's version in (rollup.config.mjs); the test server does the same.
    esbuildPlugin({ ts: true, tsx: true, jsx: true, target: 'es2022', tsconfig: './tsconfig.json', define: { __PACKAGE_VERSION__: JSON.stringify(version) } }),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: chromiumPath(), headless: true, args: chromiumArgs },
      // One context for all files (cleared between them): the modules' compiled code is reused from file to file.
      ...sharedContext(),
    }),
  ],
};
