// The visual regression suite (test/visual/): the browser suites' setup plus the `visual-compare` command.
// `npm run test:visual` compares; `npm run test:visual -- --update` rewrites the baselines (scripts/visual.mjs).
import base from './web-test-runner.config.mjs';
import { visualCompare } from './scripts/visual-plugin.mjs';

export default {
  ...base,
  files: ['test/visual/**/*.test.ts'],
  testFramework: { config: { timeout: 120000 } },
  plugins: [...base.plugins, visualCompare({ update: process.env.VISUAL_UPDATE === '1' })],
};
