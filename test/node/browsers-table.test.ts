// docs/browsers.md against what CI runs and what the bundles contain: the Chromium the tests drive is within the
// table's Chromium row, Node's row is package.json's engines and the Node running this, and the built files need
// nothing newer than the table's browser floors (esbuild lowers nothing for them).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { transform } from 'esbuild';
import { chromiumPath } from '../../scripts/chromium.mjs';

const doc = readFileSync('docs/browsers.md', 'utf8');
/** The table's rows by their first cell's first word: [supported, tested in CI]. */
const rows = new Map(
  doc
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Where') && !line.startsWith('|---'))
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()))
    .map(([where, supported, tested]) => [where!.split(/\s/)[0]!, { where: where!, supported: supported!, tested: tested! }]),
);
const floor = (name: string): number => {
  const row = rows.get(name);
  assert.ok(row, `docs/browsers.md has a ${name} row`);
  const match = /^(\d+(?:\.\d+)?) and later/.exec(row.supported);
  assert.ok(match, `${name}'s row says "N and later": ${row.supported}`);
  return Number(match[1]);
};

test('the table has a row for each browser engine, Node and server rendering, each saying whether CI tests it', () => {
  assert.deepEqual([...rows.keys()], ['Chromium', 'Firefox', 'Safari', 'Node.js', 'Server']);
  for (const [name, row] of rows) assert.match(row.tested, /^(yes|no|type-checked)/, name);
  // What CI does not run is also named under "Not tested".
  const notTested = doc.split('Not tested:')[1] ?? '';
  for (const [name, row] of rows) if (row.tested === 'no') assert.ok(notTested.includes(name), `${name} is listed as not tested`);
});

test('Chromium: the browser the tests drive is one the table supports, and the row says CI tests it', () => {
  const version = execFileSync(chromiumPath(), ['--version'], { encoding: 'utf8' });
  const major = Number(/(\d+)\.\d+\.\d+/.exec(version)?.[1]);
  assert.ok(Number.isInteger(major), `a version in "${version.trim()}"`);
  assert.ok(major >= floor('Chromium'), `Chromium ${major} is at least the table's ${floor('Chromium')}`);
  assert.match(rows.get('Chromium')!.tested, /^yes/);
});

test('Node.js: the row is package.json engines, and the Node running the tests is within it', () => {
  const { engines } = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
  assert.equal(engines.node, `>=${floor('Node.js')}`);
  assert.ok(Number(process.versions.node.split('.')[0]) >= floor('Node.js'));
  assert.match(rows.get('Node.js')!.tested, /^yes/);
});

test('the built files use no syntax newer than the browser floors: esbuild lowers nothing for them', async () => {
  const target = [`chrome${floor('Chromium')}`, `firefox${floor('Firefox')}`, `safari${floor('Safari')}`];
  const files = ['dist/wallet-connect-modal.js', ...readdirSync('dist/chunks').filter((f) => f.endsWith('.js')).map((f) => join('dist/chunks', f))];
  assert.ok(files.length > 10, 'the build is there (npm run build)');
  const lowered: string[] = [];
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    const [same, floors] = await Promise.all([
      transform(code, { format: 'esm', target: 'esnext', minify: true }),
      transform(code, { format: 'esm', target, minify: true }),
    ]);
    if (same.code !== floors.code) lowered.push(file);
  }
  assert.deepEqual(lowered, [], `files needing syntax newer than ${target.join(', ')}`);
});
