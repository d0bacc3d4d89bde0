// custom-elements.json and docs/reference.md against the code: every attribute the element observes, every event it
// dispatches, every part its views and stylesheets name, every custom property; and both files as generated now.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ATTRIBUTE_NAMES } from '../../src/core/config.js';
// @ts-expect-error -- a plain ES module script without types
import { elementsOf, referenceMarkdown } from '../../scripts/reference-docs.mjs';

type Named = { name: string; kind?: string };
type Element = { tagName: string; attributes?: Named[]; members?: Named[]; events?: (Named & { type?: { text: string } })[]; cssParts?: Named[]; cssProperties?: Named[] };
const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as { modules: unknown[] };
const elements = elementsOf(manifest) as Element[];
const element = (tag: string) => elements.find((e) => e.tagName === tag)!;
const names = (list: Named[] | undefined) => (list ?? []).map((x) => x.name).sort();
const sorted = (set: Iterable<string>) => [...new Set(set)].sort();

const sources = (dir: string): string[] =>
  readdirSync(dir, { recursive: true }).map(String).filter((f) => /\.tsx?$/.test(f)).map((f) => join(dir, f));

/** The part names a file gives (`part="a b"`, `part: 'a'`, `part={x ? 'a' : 'b'}`). */
function partsIn(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/\bpart(?:=|:\s*)(?:"([^"]*)"|'([^']*)'|\{([^}]*)\})/g)) {
    const value = m[1] ?? m[2] ?? [...(m[3] ?? '').matchAll(/'([a-z-]+)'/g)].map((q) => q[1]!).join(' ');
    found.push(...value.split(/\s+/).filter(Boolean));
  }
  return found;
}
const BUTTON_FILES = ['src/views/screens/ButtonScreen.tsx', 'src/views/parts/AccountButton.tsx'];

test('the manifest declares both elements, and package.json points to it', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { customElements: string; files: string[] };
  assert.equal(pkg.customElements, 'custom-elements.json');
  assert.ok(pkg.files.includes('custom-elements.json'));
  assert.deepEqual(elements.map((e) => e.tagName).sort(), ['wallet-connect-button', 'wallet-connect-modal']);
});

test('the manifest points into the package: one module, the entry bundle that defines both elements', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { module: string; files: string[] };
  const modules = manifest.modules as { path: string; exports?: { name: string; kind: string; declaration: { module: string } }[] }[];
  assert.deepEqual(modules.map((m) => m.path), [pkg.module.replace(/^\.\//, '')]);
  assert.equal(modules[0]!.path, 'dist/wallet-connect-modal.js');
  assert.ok(pkg.files.some((f) => modules[0]!.path.startsWith(`${f}/`)), 'a path the package ships');
  const references = JSON.stringify(manifest).match(/"module":"[^"]*"/g) ?? [];
  assert.deepEqual([...new Set(references)], ['"module":"dist/wallet-connect-modal.js"'], 'no reference to a source file');
  assert.deepEqual(modules[0]!.exports?.filter((e) => e.kind === 'custom-element-definition').map((e) => e.name).sort(), ['wallet-connect-button', 'wallet-connect-modal']);
});

test('<wallet-connect-modal>: every attribute the element observes, and a property for each but open', () => {
  assert.deepEqual(names(element('wallet-connect-modal').attributes), sorted([...ATTRIBUTE_NAMES, 'open']));
  const fields = names(element('wallet-connect-modal').members?.filter((m) => m.kind === 'field'));
  const camel = (a: string) => a.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  assert.deepEqual(fields, sorted([...ATTRIBUTE_NAMES.map(camel), 'state']));
});

test('<wallet-connect-modal>: every public method of the class', () => {
  // Read from the source: the class needs a DOM to load.
  const source = readFileSync('elements/wallet-connect-modal.ts', 'utf8').split('export interface WalletConnectModalElement')[0]!;
  const declared = [...source.matchAll(/^ {2}([a-z][A-Za-z]*)\(/gm)].map((m) => m[1]!);
  const lifecycle = new Set(['constructor', 'connectedCallback', 'disconnectedCallback', 'attributeChangedCallback']);
  const methods = names(element('wallet-connect-modal').members?.filter((m) => m.kind === 'method'));
  assert.deepEqual(methods, sorted(declared.filter((n) => !lifecycle.has(n))));
  assert.deepEqual(methods, ['close', 'disconnect', 'getProvider', 'getSession', 'open', 'signIn', 'signOut', 'switchNetwork']);
});

test('<wallet-connect-modal>: every event the code dispatches, each with its detail type', () => {
  const reactions = readFileSync('elements/reactions.ts', 'utf8');
  const dispatched = reactions.split('\n').filter((line) => /\bemit\(/.test(line)).flatMap((line) => [...line.matchAll(/'(wallet-[a-z-]+)'/g)].map((m) => m[1]!));
  const events = element('wallet-connect-modal').events ?? [];
  assert.deepEqual(names(events), sorted(dispatched));
  assert.equal(names(events).length, 10);
  for (const event of events) assert.equal(event.type?.text, `CustomEvent<WalletEventDetails['${event.name}']>`);
});

test('both elements: every CSS part their views name', () => {
  const all = [...sources('src'), ...sources('elements')];
  const modal = all.filter((f) => !BUTTON_FILES.includes(f)).flatMap(partsIn);
  assert.deepEqual(names(element('wallet-connect-modal').cssParts), sorted(modal));
  assert.deepEqual(names(element('wallet-connect-button').cssParts), sorted(BUTTON_FILES.flatMap(partsIn)));
});

test('both elements: every --wallet-modal-* custom property the stylesheets read', () => {
  const css = readdirSync('styles').map((f) => readFileSync(join('styles', f), 'utf8')).join('\n');
  const read = sorted([...css.matchAll(/var\((--wallet-modal-[a-z0-9-]+)/g)].map((m) => m[1]!));
  assert.equal(read.length, 13);
  for (const tag of ['wallet-connect-modal', 'wallet-connect-button']) assert.deepEqual(names(element(tag).cssProperties), read, tag);
});

test('custom-elements.json is what the analyzer writes from the code now (npm run manifest)', () => {
  mkdirSync(join('node_modules', '.cache'), { recursive: true });
  // The analyzer resolves its outdir against the working directory: a folder in node_modules/.cache.
  const dir = mkdtempSync(join('node_modules', '.cache', 'cem-'));
  try {
    execFileSync(process.execPath, ['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--config', 'custom-elements-manifest.config.mjs'], { stdio: 'pipe', env: { ...process.env, CEM_OUTDIR: dir } });
    assert.deepEqual(JSON.parse(readFileSync(join(dir, 'custom-elements.json'), 'utf8')), manifest, 'custom-elements.json is stale: run npm run manifest');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('docs/reference.md is generated from the manifest (npm run manifest)', () => {
  assert.equal(readFileSync('docs/reference.md', 'utf8'), referenceMarkdown(manifest), 'docs/reference.md is stale: run npm run manifest');
});
