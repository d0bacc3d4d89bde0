/**
 * A failed assertion about an element must be reported, not stop the run. Mocha's reporter stringifies a
 * failure's `actual` and `expected` for its diff, and the test runner then sends them through
 * `structuredClone`: an element rendered by React is circular (JSON throws inside mocha's 'fail' handler)
 * and cannot be cloned (the runner's report throws). Either way no result arrives and the run ends with
 * "Browser tests did not finish within 120000ms" instead of naming the test. So, before any reporter sees
 * a failure, values that cannot be cloned are replaced by a readable description (an element by its
 * opening tag).
 */
export function makeReportable(error: unknown): void {
  if (typeof error !== 'object' || error === null) return;
  const fields = error as Record<string, unknown>;
  for (const key of ['actual', 'expected'] as const) {
    if (!(key in fields)) continue;
    try {
      structuredClone(fields[key]);
    } catch {
      fields[key] = description(fields[key]);
    }
  }
}

function description(value: unknown): string {
  if (value instanceof Element) return value.outerHTML.slice(0, value.outerHTML.indexOf('>') + 1) || `<${value.localName}>`;
  if (value instanceof Node) return value.nodeName;
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

// The runner exists once the tests run: put our 'fail' listener before mocha's reporter.
let installed = false;
before(() => {
  if (installed) return;
  const runner = (window as unknown as { __WTR_MOCHA_RUNNER__?: Mocha.Runner }).__WTR_MOCHA_RUNNER__;
  if (!runner) throw new Error('reportable-errors: the test runner\'s mocha runner was not found');
  runner.prependListener('fail', (_test: unknown, error: unknown) => makeReportable(error));
  installed = true;
});
