// Per-file figures for `npm test`'s closing summary: how long each test file took, its test count and its
// slowest tests. Two reporters write them as JSON: one for node:test (`--test-reporter`), one for
// @web/test-runner (wtr's `reporters`), and `readFileTimes` reads either back.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** @typedef {{ file: string, ms: number, tests: number, failed: number, slowest: { name: string, ms: number }[] }} FileTime */

const SLOWEST = 3;
const ONE_PROCESS = fileURLToPath(new URL('./one-process.mjs', import.meta.url));

function keepSlowest(list, name, ms) {
  list.push({ name, ms: Math.round(ms) });
  list.sort((a, b) => b.ms - a.ms);
  list.length = Math.min(list.length, SLOWEST);
}

/**
 * node:test reporter: one JSON array of FileTime at the end. A file's time runs from the start of its process to
 * its last event (start-up and the suites' before hooks, a stack's start for instance, included).
 */
export default async function* nodeFileTimes(source) {
  const byFile = new Map();
  for await (const event of source) {
    const file = event.data?.file;
    if (!file) continue;
    const now = Date.now();
    let entry = byFile.get(file);
    if (!entry) byFile.set(file, (entry = { file: relative(process.cwd(), file), first: now, last: now, tests: 0, failed: 0, slowest: [] }));
    entry.last = now;
    // The file's own process starts when it is dequeued (before that it waits for a free slot).
    if (event.type === 'test:dequeue' && event.data.name === file) entry.first = now;
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    // Files run in one process (one-process.mjs) each have a suite named by the file's path: its time is the file's.
    const wrapped = event.data.nesting === 0 && /\.test\.tsx?$/.test(event.data.name) ? resolve(event.data.name) : undefined;
    if (wrapped && wrapped !== file) {
      let own = byFile.get(wrapped);
      if (!own) byFile.set(wrapped, (own = { file: relative(process.cwd(), wrapped), first: 0, last: 0, tests: 0, failed: 0, slowest: [] }));
      own.ms = event.data.details?.duration_ms;
      continue;
    }
    if (event.data.details?.type === 'suite' || event.data.name === file) continue; // suites and the file itself
    entry.tests++;
    if (event.type === 'test:fail') entry.failed++;
    keepSlowest(entry.slowest, event.data.name, event.data.details?.duration_ms ?? 0);
  }
  const out = [...byFile.values()]
    .filter((entry) => entry.file !== relative(process.cwd(), ONE_PROCESS))
    .map(({ file, first, last, ms, tests, failed, slowest }) => ({ file, ms: Math.round(ms ?? last - first), tests, failed, slowest }));
  yield `${JSON.stringify(out)}\n`;
}

/**
 * @web/test-runner reporter writing FileTime JSON to `path` when the run stops. With one file at a time
 * (concurrency 1) a file's time is from the previous file's report to its own.
 */
export function wtrFileTimes(path) {
  let mark = Date.now();
  const out = [];
  const walk = (suite, prefix, entry) => {
    if (!suite) return;
    for (const test of suite.tests ?? []) {
      if (test.skipped) continue;
      entry.tests++;
      if (!test.passed) entry.failed++;
      keepSlowest(entry.slowest, `${prefix}${test.name}`, test.duration ?? 0);
    }
    for (const child of suite.suites ?? []) walk(child, `${prefix}${child.name} › `, entry);
  };
  return {
    start({ startTime }) { mark = startTime ?? Date.now(); },
    reportTestFileResults({ testFile, sessionsForTestFile }) {
      const now = Date.now();
      const entry = { file: relative(process.cwd(), testFile), ms: now - mark, tests: 0, failed: 0, slowest: [] };
      mark = now;
      for (const session of sessionsForTestFile) walk(session.testResults, '', entry);
      out.push(entry);
    },
    stop() { writeFileSync(path, `${JSON.stringify(out)}\n`); },
  };
}

/** The FileTime list a reporter wrote, or [] when there is none (the step did not get that far). */
export function readFileTimes(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8').trim().split('\n').pop() || '[]');
  } catch {
    return [];
  }
}
