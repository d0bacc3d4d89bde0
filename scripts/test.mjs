// `npm test`: everything, on a fresh machine. Finds (or installs) Chromium, lints and type-checks, builds, then
// runs the Node server suites beside the browser suites (@web/test-runner), the dev wallet's, the visual regression
// suite, and the end-to-end suite.
// Ends with one line "N passed, N failed" over all suites; exits non-zero if any step failed.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const bin = (name) => join('node_modules', '.bin', name);
const totals = { passed: 0, failed: 0 };
const failures = [];
const failedTests = [];
const started = Date.now();

function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * Runs a step; `count` reads pass/fail figures from its output. Its output is shown as it comes, or, for a step
 * run beside another (`together`), all at once when it ends, so the log never interleaves two steps.
 */
function step(name, command, args, count, together = false) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    console.log(`\n▶ ${name}${together ? ' (beside another step; its output follows when it ends)' : ''}`);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
    let out = '';
    child.stdout.on('data', (d) => { out += d; if (!together) process.stdout.write(d); });
    child.stderr.on('data', (d) => { out += d; if (!together) process.stderr.write(d); });
    child.on('close', (code) => {
      if (together) process.stdout.write(`\n── ${name} ──\n${out}`);
      const counted = count?.(out);
      failedTests.push(...failedNames(out).map((t) => `${name}: ${t}`));
      if (counted) { totals.passed += counted.passed; totals.failed += counted.failed; }
      if (code !== 0) failures.push(name);
      console.log(`◀ ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      resolve(code === 0);
    });
  });
}

/** The names of the failed tests in a step's output (TAP "not ok" lines, the runner's "❌" lines), so the
 * summary at the very end names them: a CI log is often read from its tail only. */
function failedNames(out) {
  const names = [];
  let file = '';
  for (const line of out.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').split('\n')) {
    const header = /^(\S+\.test\.tsx?):\s*$/.exec(line);
    if (header) file = header[1];
    const tap = /^\s*not ok \d+ - (.*)$/.exec(line);
    if (tap) names.push(tap[1].trim());
    const wtr = /^\s*❌ (.*)$/.exec(line);
    if (wtr) names.push(`${file ? `${file}: ` : ''}${wtr[1].trim()}`);
  }
  return [...new Set(names)];
}

const nodeCounts = (out) => {
  const pass = [...out.matchAll(/^# pass (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
  const fail = [...out.matchAll(/^# fail (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
  return { passed: pass, failed: fail };
};
const wtrCounts = (out) => {
  // Strip the runner's colour codes before reading its counts.
  const plain = out.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
  const last = [...plain.matchAll(/(\d+) passed, (\d+) failed/g)].pop();
  return last ? { passed: Number(last[1]), failed: Number(last[2]) } : undefined;
};
const nodeTest = (list) => [process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=tap', ...list]];

const chromium = ensureChromium();
if (!chromium) process.exit(1);

// Steps in a group run side by side. Lint and the type check only read the sources. The Node server suites use no
// browser and mostly wait on local chains and servers, so they run beside the browser suite (which uses well under
// one core: 0.7 of 2 measured); the dev wallet's suites drive Chromium, so they wait for it, and the end-to-end
// suite runs alone. Browsers are never two at a time.
const groups = [
  [['lint', bin('eslint'), ['.']], ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']]],
  [['build', 'npm', ['run', '--silent', 'build']]],
  [['node: server', ...nodeTest(files('test/node')), nodeCounts], ['browser: unit and element (@web/test-runner)', bin('wtr'), [], wtrCounts]],
  [['node: dev wallet', ...nodeTest(files('test/dev-wallet')), nodeCounts]],
  // Pictures of every view state compared with test/visual/baselines/ (npm run test:visual -- --update rewrites them).
  [['browser: visual regression', process.execPath, ['scripts/visual.mjs'], wtrCounts]],
  [['end-to-end: demo on the local stack', ...nodeTest(files('test/e2e')), nodeCounts]],
];
for (const group of groups) {
  const results = await Promise.all(group.map(([name, command, args, count]) => step(name, command, args, count, group.length > 1)));
  if (group.some(([name]) => name === 'build') && !results.every(Boolean)) break; // nothing after it can run without a bundle
}

console.log(`\nnpm test: ${((Date.now() - started) / 1000).toFixed(1)} s${failures.length ? `; failed steps: ${failures.join(', ')}` : ''}`);
for (const t of failedTests) console.log(`  failed: ${t}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failures.length ? 1 : 0);
