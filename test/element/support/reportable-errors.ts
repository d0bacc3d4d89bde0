/**
 * The test runner sends each failed assertion's `actual` and `expected` to the terminal through
 * `structuredClone`. A DOM element cannot be cloned: the clone throws inside the runner's reporting, the
 * results never arrive and the run ends with "Browser tests did not finish within 120000ms" instead of
 * naming the failed test. After each failed test, values that cannot be cloned are replaced by a readable
 * description (an element by its opening tag), so the failure is reported like any other.
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

// A root hook: it runs after every test of the file that imports this module.
afterEach(function () {
  makeReportable(this.currentTest?.err);
});
