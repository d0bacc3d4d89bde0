// The README is what a site owner reads first, in this repository or on the package page: it stands alone.
// It names no document that is not shipped with it, every file path it gives exists, and the LICENSE that
// package.json names is there.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../../server/paths.js';

const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');

describe('README.md stands alone', () => {
  it('cites no design notes, specification or reference that are not in the repository', () => {
    const cited = [...readme.matchAll(/[\w./-]*\.md\b/g)].map((m) => m[0]).filter((file) => !existsSync(join(PROJECT_ROOT, file)));
    assert.deepEqual(cited, []);
    assert.doesNotMatch(readme, /\b(?:DESIGN|SPEC|STYLE)\b|reference\//);
  });

  it('every repository path it names exists (built files under dist/ aside)', () => {
    const roots = ['src/', 'server/', 'test/', 'scripts/', 'styles/', 'elements/', 'demo/'];
    const paths = [...readme.matchAll(/`([a-z][\w./-]*)`/g)].map((m) => m[1]!).filter((path) => roots.some((root) => path.startsWith(root)));
    assert.ok(paths.length > 10, `paths found: ${paths.length}`);
    assert.deepEqual(paths.filter((path) => !existsSync(join(PROJECT_ROOT, path))), []);
  });

  it('has the LICENSE that package.json names, and documents SKIP_BUILD', () => {
    const { license } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { license: string };
    assert.equal(license, 'MIT');
    assert.match(readFileSync(join(PROJECT_ROOT, 'LICENSE'), 'utf8'), /^MIT License/);
    assert.match(readme, /SKIP_BUILD=1 npm start/);
    assert.match(readFileSync(join(PROJECT_ROOT, 'server/start.ts'), 'utf8'), /process\.env\.SKIP_BUILD === '1'/);
  });
});
