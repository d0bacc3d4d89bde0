// `npm test`: everything, on a fresh machine. Finds (or installs) Chromium, then runs two lanes side by side: the
// browser lane (the browser suites of @web/test-runner, the visual regression suite, the dev wallet's: one browser at
// a time; then the examples check, which opens the Next.js example in Chromium) and the other lane (build, the Node
// server suites, which use no browser, the type check and lint); then the end-to-end suite, in two halves side by side.
// Ends with a table of the steps' times, the slowest files of each step, and one line "N passed, N failed" over
// all suites; exits non-zero if any step failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePackages } from './ensure-packages.mjs';
import { readFileTimes } from './file-times.mjs';
import { readDurations, splitByWeight } from './split-by-weight.mjs';

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

const times = mkdtempSync(join(tmpdir(), 'npm-test-'));

/** The machine's CPU time so far (Linux /proc/stat, in clock ticks): busy and total, or undefined elsewhere. */
function cpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3] + (fields[4] ?? 0);
    const total = fields.slice(0, 8).reduce((sum, n) => sum + n, 0); // guest time is already in user time
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}
/** How busy the whole machine was between two cpuTicks() readings, in cores (e.g. "1.6 of 2 cores"). */
const coresBusy = (from, to) =>
  from && to && to.total > from.total ? `${(((to.busy - from.busy) / (to.total - from.total)) * availableParallelism()).toFixed(1)} of ${availableParallelism()} cores` : undefined;
const cpuAtStart = cpuTicks();
/** Every step that ran or was skipped, in the order they ended, for the closing table. */
const report = [];

/**
 * Runs a step; `count` reads pass/fail figures from its output, `fileTimes` (a path) is where its reporter writes
 * per-file times. Its output is shown as it comes (`live`), or all at once when it ends, so the log never
 * interleaves two steps.
 */
function step({ name, command, args, count, fileTimes, env = {}, stallSeconds }, live) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const cpu0 = cpuTicks();
    console.log(`\n▶ ${name}${live ? '' : ' (beside another step; its output follows when it ends)'}`);
    // A step that may stall runs in its own process group, so that a stall ends it with everything it started.
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', ...env }, detached: Boolean(stallSeconds) });
    let out = '';
    let stalled;
    let quiet;
    const heard = () => {
      if (!stallSeconds) return;
      clearTimeout(quiet);
      quiet = setTimeout(() => {
        stalled = `no output for ${stallSeconds} s: stopped (a test waited without end; the last "# Subtest" above names it)`;
        try { process.kill(-child.pid, 'SIGKILL'); } catch { child.kill('SIGKILL'); }
      }, stallSeconds * 1000);
    };
    heard();
    child.stdout.on('data', (d) => { out += d; heard(); if (live) process.stdout.write(d); });
    child.stderr.on('data', (d) => { out += d; heard(); if (live) process.stderr.write(d); });
    child.on('close', (code) => {
      clearTimeout(quiet);
      if (stalled) { code = code || 1; out += `\n${name}: ${stalled}\n`; failedTests.push(`${name}: ${stalled}`); }
      if (!live) process.stdout.write(`\n── ${name} ──\n${out}`);
      const counted = count?.(out);
      failedTests.push(...failedNames(out).map((t) => `${name}: ${t}`));
      if (counted) { totals.passed += counted.passed; totals.failed += counted.failed; }
      if (code !== 0) failures.push(name);
      const seconds = (Date.now() - t0) / 1000;
      report.push({ name, status: code === 0 ? 'ok' : stalled ? 'FAILED (stalled)' : `FAILED (exit ${code})`, start: (t0 - started) / 1000, seconds, counted, busy: coresBusy(cpu0, cpuTicks()), files: fileTimes ? readFileTimes(fileTimes) : [] });
      console.log(`◀ ${name}: ${code === 0 ? 'ok' : stalled ? `FAILED, ${stalled}` : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s`);
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
  // A test cancelled because its suite's hook failed counts as failed (it did not pass).
  const fail = [...out.matchAll(/^# (?:fail|cancelled) (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
  return { passed: pass, failed: fail };
};
const wtrCounts = (out) => {
  // Strip the runner's colour codes before reading its counts.
  const plain = out.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
  const last = [...plain.matchAll(/(\d+) passed, (\d+) failed/g)].pop();
  return last ? { passed: Number(last[1]), failed: Number(last[2]) } : undefined;
};
/**
 * A node:test step: TAP on stdout (read for the counts), per-file times into `times`. With `oneProcess` the files
 * run one after the other in a single process (scripts/one-process.mjs), else each in its own.
 */
const nodeTest = (name, list, { oneProcess = false } = {}) => {
  const fileTimes = join(times, `${name.replace(/\W+/g, '-')}.json`);
  return {
    // Every test reports within a minute or two: five silent minutes is a test waiting without end (a CI run once
    // waited 90 minutes on a click Chromium had dropped), stopped and named instead of holding the whole run.
    name, command: process.execPath, count: nodeCounts, fileTimes, stallSeconds: Number(process.env.TEST_STALL_SECONDS ?? 300),
    args: ['--import', 'tsx', '--test-reporter=tap', '--test-reporter-destination=stdout',
      '--test-reporter=./scripts/file-times.mjs', `--test-reporter-destination=${fileTimes}`,
      ...(oneProcess ? ['scripts/one-process.mjs'] : ['--test', '--test-concurrency=1']), ...list],
  };
};

if (!ensurePackages()) process.exit(1);

// Two lanes side by side, then the end-to-end suite alone. The first lane drives Chromium, one step after the
// other so that browsers are never two at a time: the unit and element suites (which compile the sources themselves
// and need no build), the visual regression suite, the dev wallet's suites (which need the build); then the
// examples check (the packed package built by Vite and Next.js; the Next.js build opened in Chromium). The other
// lane: the build first (the first lane waits for it), then the Node server suites (local chains and servers, no
// browser), the type check and lint. Balanced so that both lanes end at about the same time (with the examples and
// the type check in the second lane, it ended 170 s after the first).
const wtrTimes = join(times, 'wtr.json');
const steps = {
  build: { name: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
  lint: { name: 'lint', command: bin('eslint'), args: ['.'] },
  typecheck: { name: 'typecheck', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  // In one process as well: 70 files each in its own process spent 336 s (467 s of CPU) where one process takes
  // about 125 s (137 s of CPU); a file's hooks undo what they set on the process's globals (one-process.mjs).
  server: { ...nodeTest('node: server', files('test/node'), { oneProcess: true }), needsBuild: true },
  browser: { name: 'browser: unit and element (@web/test-runner)', command: bin('wtr'), args: [], count: wtrCounts, fileTimes: wtrTimes, env: { WTR_FILE_TIMES: wtrTimes } },
  devWallet: { ...nodeTest('node: dev wallet', files('test/dev-wallet'), { oneProcess: true }), needsBuild: true },
  // Two processes side by side, each running half the files one after the other: one process ran them in 475 s with
  // 1.3 of 2 cores busy (the tests wait on chains and browsers); two ended in 366 s. Halves of equal measured time
  // (test/e2e/durations.json, refreshed from a run's per-file times): every other file by name made halves of 318 s
  // and 400 s. In one process each: each file's own process spent about 10 s loading the stack's servers and playwright.
  e2e: splitByWeight(files('test/e2e'), 2, readDurations('test/e2e/durations.json')).map((half, i) => ({ ...nodeTest(`end-to-end: demo on the local stack (${i + 1} of 2)`, half.files, { oneProcess: true }), needsBuild: true })),
  // The packed package in the examples (React, Next.js, Vue, Svelte, Preact, Solid, plain HTML): type-checks, and
  // builds of the React, Vue, Svelte (Vite) and Next.js ones.
  // Pictures of every view state compared with test/visual/baselines/ (npm run test:visual -- --update rewrites them).
  visual: { name: 'browser: visual regression', command: process.execPath, args: ['scripts/visual.mjs'], count: wtrCounts },
  examples: { name: 'examples: the packed package', command: process.execPath, args: ['scripts/check-examples.mjs'], needsBuild: true },
};

let buildDone;
const built = new Promise((resolve) => { buildDone = resolve; });
/** Runs a lane's steps in order; a step that needs the bundle waits for the build, and is skipped if it failed. */
async function lane(list, live) {
  for (const s of list) {
    if (s.needsBuild && !(await built)) {
      failures.push(s.name);
      report.push({ name: s.name, status: 'skipped (no build)', start: (Date.now() - started) / 1000, seconds: 0, files: [] });
      console.log(`\n◀ ${s.name}: skipped, the build failed`);
      continue;
    }
    const ok = await step(s, live);
    if (s === steps.build) buildDone(ok);
  }
}
await Promise.all([
  lane([steps.browser, steps.visual, steps.devWallet, steps.examples], true),
  lane([steps.build, steps.server, steps.typecheck, steps.lint], false),
]);
// The end-to-end suite after the lanes, in its two halves: beside the Node server suites, both starved on 2 cores (a
// chain's seeding timed out waiting for its own transaction, and restores their 30 s waits).
await Promise.all([lane([steps.e2e[0]], true), lane([steps.e2e[1]], false)]);
rmSync(times, { recursive: true, force: true });

// The closing summary: a CI log is often read from its tail only.
const seconds = (s) => `${s.toFixed(1)} s`.padStart(8);
// "busy": the whole machine's CPU use over the step's span (both lanes together), to tell a step that waits from one
// that computes, and to see where a core was left idle.
console.log('\nSteps (start → time, machine busy; the two lanes overlap):');
for (const r of [...report].sort((x, y) => x.start - y.start)) {
  const counts = r.counted ? `  ${r.counted.passed} passed, ${r.counted.failed} failed` : '';
  console.log(`  ${seconds(r.start)} → ${seconds(r.seconds)}${r.busy ? `  (${r.busy})` : ''}  ${r.name}: ${r.status}${counts}`);
}
for (const r of report) {
  if (!r.files.length) continue;
  const slowest = [...r.files].sort((x, y) => y.ms - x.ms).slice(0, 5);
  console.log(`\nSlowest files of "${r.name}" (${r.files.length} files):`);
  for (const f of slowest) {
    const test = f.slowest[0] ? `; slowest test ${(f.slowest[0].ms / 1000).toFixed(1)} s: ${f.slowest[0].name.slice(0, 90)}` : '';
    console.log(`  ${seconds(f.ms / 1000)}  ${f.file} (${f.tests} tests${test})`);
  }
}
// The end-to-end files' times in this run, in the form of test/e2e/durations.json (which splits the halves): paste
// it there when files were added or have grown.
const e2eTimes = report.filter((r) => r.name.startsWith('end-to-end')).flatMap((r) => r.files);
if (e2eTimes.length) {
  const byName = Object.fromEntries(e2eTimes.map((f) => [f.file.replace(/^test\/e2e\//, ''), Math.round(f.ms / 1000)]).sort(([a], [b]) => a.localeCompare(b)));
  console.log(`\nEnd-to-end seconds per file (for test/e2e/durations.json): ${JSON.stringify(byName)}`);
}

const busy = coresBusy(cpuAtStart, cpuTicks());
console.log(`\nnpm test: ${((Date.now() - started) / 1000).toFixed(1)} s${busy ? ` (machine busy: ${busy})` : ''}${failures.length ? `; failed steps: ${failures.join(', ')}` : ''}`);
for (const t of failedTests) console.log(`  failed: ${t}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failures.length ? 1 : 0);
