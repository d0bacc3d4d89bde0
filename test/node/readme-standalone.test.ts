// The README and docs/ are what a site owner reads, in this repository or on the package page: they stand alone.
// They name no document that is not shipped with them, every file path and relative link they give exists, and
// the LICENSE that package.json names is there.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../../server/paths.js';

const documents = ['README.md', ...readdirSync(join(PROJECT_ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const read = (file: string) => readFileSync(join(PROJECT_ROOT, file), 'utf8');
const readme = read('README.md');

describe('README.md and docs/ stand alone', () => {
  it('cite no design notes, specification or reference that are not in the repository', () => {
    for (const file of documents) {
      const text = read(file);
      const cited = [...text.replace(/\]\([^)]*\)/g, '').matchAll(/[\w./-]*\.md\b/g)].map((m) => m[0]).filter((md) => !existsSync(join(PROJECT_ROOT, md)) && !existsSync(join(PROJECT_ROOT, dirname(file), md)));
      assert.deepEqual(cited, [], file);
      assert.doesNotMatch(text, /\b(?:DESIGN|SPEC|STYLE)\b|reference\//, file);
      assert.doesNotMatch(text, /\bissues? \d+\b/i, `${file} names an issue number`);
    }
  });

  it('every relative link resolves to a file, and every anchor to a heading of it', () => {
    const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');
    const broken: string[] = [];
    for (const file of documents) {
      for (const [, target] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const linked = path ? join(dirname(file), path) : file;
        if (!existsSync(join(PROJECT_ROOT, linked))) { broken.push(`${file}: ${target}`); continue; }
        if (!anchor) continue;
        const headings = [...read(linked).matchAll(/^#+ (.*)$/gm)].map((m) => slug(m[1]!));
        if (!headings.includes(anchor)) broken.push(`${file}: ${target}`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('every repository path they name exists (built files under dist/ aside)', () => {
    const roots = ['src/', 'server/', 'test/', 'scripts/', 'styles/', 'elements/', 'demo/', 'docs/'];
    const paths = documents.flatMap((file) => [...read(file).matchAll(/`([a-z][\w./-]*)`/g)].map((m) => m[1]!)).filter((path) => roots.some((root) => path.startsWith(root)));
    assert.ok(paths.length > 10, `paths found: ${paths.length}`);
    assert.deepEqual(paths.filter((path) => !existsSync(join(PROJECT_ROOT, path))), []);
  });

  it('the README fits a first screen before the repository commands, and keeps the two commands', () => {
    const beforeCommands = readme.slice(0, readme.indexOf('## The two commands')).split('\n').length;
    assert.ok(beforeCommands <= 32, `${beforeCommands} lines before the two commands`);
    assert.match(readme, /npm install && npm start/);
    assert.match(readme, /npm install && npm test/);
  });

  it('has the LICENSE that package.json names, and documents SKIP_BUILD', () => {
    const { license } = JSON.parse(read('package.json')) as { license: string };
    assert.equal(license, 'MIT');
    assert.match(read('LICENSE'), /^MIT License/);
    assert.match(readme, /SKIP_BUILD=1 npm start/);
    assert.match(read('devstack/start.ts'), /process\.env\.SKIP_BUILD === '1'/);
  });
});
