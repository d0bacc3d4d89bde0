// nanostores reads `process.env.NODE_ENV` at run time (its dev-only checks). The rollup build replaces
// it; the test runner serves the package as is, so the browser needs a `process` before any store exists.
// Import this module FIRST (ES modules evaluate in import order).
const g = globalThis as { process?: { env: Record<string, string> } };
g.process ??= { env: { NODE_ENV: 'development' } };
export {};
