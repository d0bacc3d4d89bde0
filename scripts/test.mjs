// `npm test`: everything, in order, on a fresh machine. Finds (or installs) Chromium, lints, type-checks,
// builds, then runs the Node suites, the browser suites (@web/test-runner) and the end-to-end suite.
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

/** Runs a step with its output shown as it comes; `count` reads pass/fail figures from that output. */
function step(name, command, args, count) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    console.log(`\n▶ ${name}`);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
    let out = '';
    child.stdout.on('data', (d) => { out += d; process.stdout.write(d); });
    child.stderr.on('data', (d) => { out += d; process.stderr.write(d); });
    child.on('close', (code) => {
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

const steps = [
  ['lint', bin('eslint'), ['.']],
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['build', 'npm', ['run', '--silent', 'build']],
  ['node: server and dev wallet', ...nodeTest([...files('test/node'), ...files('test/dev-wallet')]), nodeCounts],
  ['browser: unit and element (@web/test-runner)', bin('wtr'), [], wtrCounts],
  ['end-to-end: demo on the local stack', ...nodeTest(files('test/e2e')), nodeCounts],
];
for (const [name, command, args, count] of steps) {
  const ok = await step(name, command, args, count);
  if (!ok && name === 'build') break; // nothing after it can run without a bundle
}

console.log(`\nnpm test: ${((Date.now() - started) / 1000).toFixed(1)} s${failures.length ? `; failed steps: ${failures.join(', ')}` : ''}`);
for (const t of failedTests) console.log(`  failed: ${t}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failures.length ? 1 : 0);
