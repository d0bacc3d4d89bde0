// The list of error codes in docs/contract.md is the public contract for `wallet-error` and rejected promises: it must name
// every code the widget's code can emit, and nothing else. Read from the sources, so a new code fails here.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../../server/paths.js';

const read = (path: string) => readFileSync(join(PROJECT_ROOT, path), 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(PROJECT_ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(PROJECT_ROOT, join(entry.parentPath, entry.name)));
}

/** The members of the `WidgetErrorCode` union. */
function unionCodes(): string[] {
  // Up to the member that ends the type (`'X';`): comments between members may hold semicolons.
  const union = /export type WidgetErrorCode =([\s\S]*?'[A-Z_]+';)/.exec(read('src/core/errors.ts'))?.[1];
  assert.ok(union, 'WidgetErrorCode union not found in src/core/errors.ts');
  return [...union.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]!);
}

/** Union members the code names outside the union itself (new WidgetError('X'…), tables of [code, message]). */
function emittedCodes(): string[] {
  const codes = unionCodes();
  const text = [...sourceFiles('src'), ...sourceFiles('elements')]
    .filter((file) => file !== join('src', 'core', 'errors.ts'))
    .map(read)
    .join('\n');
  return codes.filter((code) => text.includes(`'${code}'`));
}

/** The codes docs/contract.md lists after "Error codes". */
function readmeCodes(): string[] {
  const readme = read('docs/contract.md');
  const start = readme.indexOf('Error codes');
  assert.notEqual(start, -1, 'docs/contract.md has no "Error codes" list');
  const paragraph = readme.slice(start, readme.indexOf('\n\n', start));
  return [...paragraph.matchAll(/`([A-Z][A-Z_]+)`/g)].map((m) => m[1]!);
}

describe('the documented error codes (docs/contract.md)', () => {
  it('finds the codes in the sources (the check itself works)', () => {
    const emitted = emittedCodes();
    for (const code of ['INVALID_CONFIG', 'CONNECTION_REJECTED', 'RELAY_UNAVAILABLE', 'PAIRING_EXPIRED', 'RATE_LIMITED', 'UNKNOWN']) assert.ok(emitted.includes(code), code);
  });

  it('lists every code the widget can emit', () => {
    const listed = new Set(readmeCodes());
    assert.deepEqual(emittedCodes().filter((code) => !listed.has(code)), []);
  });

  it('lists no code the widget cannot emit, and each once', () => {
    const emitted = new Set(emittedCodes());
    const listed = readmeCodes();
    assert.deepEqual(listed.filter((code) => !emitted.has(code)), []);
    assert.equal(new Set(listed).size, listed.length);
  });
});
