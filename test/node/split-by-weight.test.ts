import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { splitByWeight } from '../../scripts/split-by-weight.mjs';

describe('npm test: the end-to-end halves (scripts/split-by-weight.mjs)', () => {
  it('splits by measured time: every file once, each half in name order, halves within the longest file of each other', () => {
    const seconds = { 'a.test.ts': 80, 'b.test.ts': 50, 'c.test.ts': 40, 'd.test.ts': 30, 'e.test.ts': 20, 'f.test.ts': 10 };
    const groups = splitByWeight(Object.keys(seconds).map((f) => `test/e2e/${f}`), 2, seconds);
    assert.deepEqual(groups.flatMap((g) => g.files).sort(), Object.keys(seconds).map((f) => `test/e2e/${f}`));
    for (const group of groups) assert.deepEqual(group.files, [...group.files].sort());
    assert.deepEqual(groups.map((g) => g.seconds), [120, 110]);
  });

  it('a file without a figure counts as the median (placed, not dropped); no figures at all still splits by count', () => {
    const groups = splitByWeight(['x/new.test.ts', 'x/a.test.ts', 'x/b.test.ts', 'x/c.test.ts'], 2, { 'a.test.ts': 10, 'b.test.ts': 30, 'c.test.ts': 20 });
    assert.deepEqual(groups.map((g) => g.seconds), [40, 40]);
    assert.ok(groups.some((g) => g.files.includes('x/new.test.ts')));
    assert.equal(groups.flatMap((g) => g.files).length, 4);
    assert.deepEqual(splitByWeight(['p', 'q', 'r', 's'], 2, {}).map((g) => g.files.length), [2, 2]);
  });

  it('test/e2e/durations.json names only files that exist, and the halves it gives differ by less than the longest file', () => {
    const durations = JSON.parse(readFileSync('test/e2e/durations.json', 'utf8')) as Record<string, number>;
    const files = readdirSync('test/e2e').filter((f) => f.endsWith('.test.ts'));
    assert.deepEqual(Object.keys(durations).filter((f) => !files.includes(f)), [], 'a figure for a file that is gone');
    const [one, two] = splitByWeight(files.map((f) => `test/e2e/${f}`), 2, durations);
    assert.ok(Math.abs(one!.seconds - two!.seconds) <= Math.max(...Object.values(durations)), `${one!.seconds} s and ${two!.seconds} s`);
  });
});
