// `npm run test:visual`: the visual regression suite (test/visual/, in Chromium through @web/test-runner), compared
// with test/visual/baselines/. `npm run test:visual -- --update` writes the baselines from this run instead.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { BASELINES } from './visual-plugin.mjs';

const update = process.argv.includes('--update');
// An update starts from an empty folder, so a state no longer rendered leaves no stale picture behind.
if (update) rmSync(BASELINES, { recursive: true, force: true });
const child = spawn(join('node_modules', '.bin', 'wtr'), ['--config', 'web-test-runner.visual.config.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, VISUAL_UPDATE: update ? '1' : '0' },
});
child.on('close', (code) => process.exit(code ?? 1));
