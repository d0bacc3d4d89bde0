// Where Chromium is and how we start it: one place for the test runner, the e2e tests and the benchmarks.
// playwright's own browser download does not work on these machines; we drive Debian's Chromium.
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** @returns {string} */
export function chromiumPath() {
  const found = candidates.find((p) => p && existsSync(p));
  if (!found) {
    throw new Error(
      'Chromium not found. Install it with `apt-get install -y chromium` (Debian), or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  return found;
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
