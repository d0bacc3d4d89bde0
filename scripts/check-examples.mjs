// The package as a site installs it: packs it (after `npm run build`), checks the tarball (no source maps, under
// 3 MB unpacked), puts its contents where the examples import it from, installs the examples' own dependencies
// once (examples/package-lock.json, never the root's), type-checks every example, builds the Vite ones (React, Vue,
// Svelte) and the Next.js one, and opens the Next.js build (no hydration error) and the HTMX page (its server answers
// the widget's events) in Chromium.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

const LIMIT = 3 * 1024 * 1024;
const started = Date.now();
const failures = [];
const seconds = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;

function run(name, command, args, cwd = 'examples') {
  const t0 = Date.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NEXT_TELEMETRY_DISABLED: '1' } });
  const ok = result.status === 0;
  console.log(`${ok ? 'ok' : 'FAILED'}: ${name} (${seconds(t0)})`);
  if (!ok) {
    failures.push(name);
    process.stdout.write(`${result.stdout ?? ''}${result.stderr ?? ''}\n`);
  }
}

if (!existsSync('dist/wallet-connect-modal.js') || !existsSync('dist/index.d.ts')) {
  console.error('check-examples: no dist/; run `npm run build` first');
  process.exit(1);
}

// 1. The tarball.
const dir = mkdtempSync(join(tmpdir(), 'wcm-pack-'));
const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--silent', '--pack-destination', dir], { encoding: 'utf8' }));
const maps = packed.files.filter((f) => f.path.endsWith('.map')).map((f) => f.path);
console.log(`tarball: ${packed.filename}, ${packed.files.length} files, ${(packed.size / 1024).toFixed(0)} KB packed, ${(packed.unpackedSize / 1024).toFixed(0)} KB unpacked, ${packed.files.filter((f) => f.path.endsWith('.d.ts')).length} .d.ts`);
if (maps.length) failures.push(`the tarball holds source maps: ${maps.join(', ')}`);
if (packed.unpackedSize >= LIMIT) failures.push(`the tarball is ${packed.unpackedSize} bytes unpacked (limit ${LIMIT})`);

// 2. The examples' dependencies, once; then the packed package in their node_modules (it has no dependencies of
// its own, so its contents are all an install adds).
if (!existsSync('examples/node_modules/.package-lock.json') || statSync('examples/package-lock.json').mtimeMs > statSync('examples/node_modules/.package-lock.json').mtimeMs) {
  run('npm ci (examples/)', 'npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts']);
}
execFileSync('tar', ['-xzf', join(dir, packed.filename), '-C', dir]);
rmSync('examples/node_modules/wallet-connect-modal', { recursive: true, force: true });
renameSync(join(dir, 'package'), 'examples/node_modules/wallet-connect-modal');
rmSync(dir, { recursive: true, force: true });

// 3. Type-check each example; build the Vite ones (React, Vue, Svelte) and the Next.js one, which is then served and
// opened in Chromium.
const bin = (name) => join('node_modules', '.bin', name);
run('html: the listener', bin('tsc'), ['-p', 'html']);
run('typings: React 19 and the DOM', bin('tsc'), ['-p', 'typings/tsconfig.react.json']);
run('typings: Preact', bin('tsc'), ['-p', 'typings/tsconfig.preact.json']);
run('typings: Solid', bin('tsc'), ['-p', 'typings/tsconfig.solid.json']);
run('react-vite: type-check', bin('tsc'), ['-p', 'react-vite']);
run('nextjs: type-check', bin('tsc'), ['-p', 'nextjs']);
run('vue: vue-tsc', bin('vue-tsc'), ['-p', 'vue']);
run('svelte: svelte-check', bin('svelte-check'), ['--workspace', 'svelte', '--tsconfig', './tsconfig.json', '--fail-on-warnings']);
for (const app of ['react-vite', 'vue', 'svelte']) {
  run(`${app}: vite build`, bin('vite'), ['build', app, '--outDir', `../.out/${app}`, '--emptyOutDir', '--logLevel', 'warn']);
}
run('nextjs: next build', bin('next'), ['build', 'nextjs', '--no-lint']);
if (!failures.some((f) => f.startsWith('nextjs: next build'))) {
  await inChromium('nextjs: next start, in Chromium: upgraded, no error', nextStart, async (page, url, problems) => {
    const html = await fetch(url).then((r) => r.text());
    if (!html.includes('<wallet-connect-modal')) problems.push('the server-rendered page has no <wallet-connect-modal>');
    await page.goto(url);
    await upgraded(page);
    if ((await page.textContent('p')) !== 'Not connected') problems.push('the page does not say "Not connected"');
  });
}
await inChromium("htmx: the server answers the widget's events, in Chromium", htmxServer, async (page, url, problems) => {
  await page.goto(url);
  await upgraded(page);
  // The widget's events as it dispatches them (bubbling, composed) reach the page's hx-trigger; the server answers.
  const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const emit = (type, detail) =>
    page.evaluate(([t, d]) => document.querySelector('wallet-connect-modal').dispatchEvent(new CustomEvent(t, { detail: d, bubbles: true, composed: true })), [type, detail]);
  const shows = (text) => page.waitForFunction((t) => document.querySelector('#account')?.textContent?.trim() === t, text, { timeout: 10_000 }).then(() => true, () => false);
  await emit('wallet-connect', { address });
  if (!(await shows(`Welcome, ${address}`))) problems.push('no "Welcome, <address>" after wallet-connect');
  await emit('wallet-disconnect', {});
  if (!(await shows('Not connected'))) problems.push('no "Not connected" after wallet-disconnect');
});

console.log(`check-examples: ${seconds(started)}${failures.length ? `; failed: ${failures.join('; ')}` : ''}`);
process.exit(failures.length ? 1 : 0);

/** Waits until the page's <wallet-connect-modal> is defined and has rendered into its shadow root. */
function upgraded(page) {
  return page.waitForFunction(() => customElements.get('wallet-connect-modal') !== undefined && document.querySelector('wallet-connect-modal')?.shadowRoot, undefined, { timeout: 15_000 });
}

/** A free port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** `next start` on the Next.js build, on a free port. */
async function nextStart() {
  const port = await freePort();
  const child = spawn(join('node_modules', '.bin', 'next'), ['start', 'nextjs', '-p', String(port), '-H', '127.0.0.1'], { cwd: 'examples', stdio: 'ignore', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  return { child, url: `http://127.0.0.1:${port}/` };
}

/** The HTMX example's server (`node htmx/server.mjs`), on a free port. */
async function htmxServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ['htmx/server.mjs'], { cwd: 'examples', stdio: 'ignore', env: { ...process.env, PORT: String(port) } });
  return { child, url: `http://127.0.0.1:${port}/` };
}

/**
 * Starts a server (`start` gives its process and URL), waits for it to answer, and runs `check` on a Chromium page:
 * the step fails on a problem the check reports, an error the page throws or logs (a hydration mismatch is one), or
 * a failed request (but a missing favicon).
 */
async function inChromium(name, start, check) {
  const t0 = Date.now();
  const { child, url } = await start();
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
  const problems = [];
  try {
    let up = false;
    for (let i = 0; i < 150 && !up; i++) {
      up = await fetch(url).then((r) => r.ok, () => false);
      if (!up) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!up) throw new Error(`${url} did not answer within 15 s`);
    const page = await browser.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // A failed request is logged as "Failed to load resource": judged by its URL instead (a favicon is not there).
    page.on('console', (message) => { if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console error: ${message.text()}`); });
    page.on('response', (response) => { if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) problems.push(`${response.status()} for ${response.url()}`); });
    await check(page, url, problems);
  } catch (error) {
    problems.push(String(error));
  } finally {
    await browser.close();
    child.kill();
  }
  console.log(`${problems.length ? 'FAILED' : 'ok'}: ${name} (${seconds(t0)})`);
  if (problems.length) {
    failures.push(name);
    for (const problem of problems) console.log(`  ${problem}`);
  }
}
