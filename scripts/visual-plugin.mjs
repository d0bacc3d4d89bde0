// Pictures as tests: a @web/test-runner command, `visual-compare`, that screenshots the test page as it is (the
// viewport, animations stopped, no caret) and compares it with test/visual/baselines/<name>.png. A picture that
// differs in more than `maxDiffPixels` pixels (each compared with pixelmatch's colour threshold, anti-aliasing
// ignored) fails the test; the picture and a diff are written to test/visual/failed/ (not committed) for review.
// With `update` (npm run test:visual -- --update) the command writes the baseline instead.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export const BASELINES = 'test/visual/baselines';
export const FAILED = 'test/visual/failed';

/** @param {{ update?: boolean, threshold?: number, maxDiffPixels?: number }} [options] */
export function visualCompare({ update = false, threshold = 0.1, maxDiffPixels = 100 } = {}) {
  const written = new Set();
  return {
    name: 'visual-compare',
    async executeCommand({ command, payload, session }) {
      if (command !== 'visual-compare') return undefined;
      const { name } = /** @type {{ name: string }} */ (payload);
      if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`visual-compare: "${name}" is not a file name of a-z, 0-9 and -`);
      if (written.has(name)) throw new Error(`visual-compare: "${name}" was taken twice in one run`);
      written.add(name);
      const page = session.browser.getPage(session.id);
      const shot = await page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
      const baselinePath = join(BASELINES, `${name}.png`);
      rmSync(join(FAILED, `${name}.png`), { force: true });
      rmSync(join(FAILED, `${name}-diff.png`), { force: true });
      if (update) {
        mkdirSync(BASELINES, { recursive: true });
        writeFileSync(baselinePath, shot);
        return { ok: true, updated: true };
      }
      const fail = (message, diff) => {
        mkdirSync(FAILED, { recursive: true });
        writeFileSync(join(FAILED, `${name}.png`), shot);
        if (diff) writeFileSync(join(FAILED, `${name}-diff.png`), PNG.sync.write(diff));
        return { ok: false, message: `${name}: ${message} (see ${FAILED}/; npm run test:visual -- --update accepts the change)` };
      };
      if (!existsSync(baselinePath)) return fail(`no baseline ${baselinePath}`);
      const actual = PNG.sync.read(shot);
      const expected = PNG.sync.read(readFileSync(baselinePath));
      if (actual.width !== expected.width || actual.height !== expected.height) {
        return fail(`size ${actual.width}×${actual.height}, baseline ${expected.width}×${expected.height}`);
      }
      const diff = new PNG({ width: actual.width, height: actual.height });
      const pixels = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, { threshold });
      return pixels > maxDiffPixels ? fail(`${pixels} pixels differ from the baseline (at most ${maxDiffPixels})`, diff) : { ok: true, pixels };
    },
  };
}
