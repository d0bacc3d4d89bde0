// Finds Chromium for the browser tests; on Debian as root, installs it (playwright's own browser
// download does not work on these machines). Otherwise says exactly what is missing.
import { spawnSync } from 'node:child_process';
import { chromiumPath } from './chromium.mjs';

export function ensureChromium() {
  try {
    return chromiumPath();
  } catch {
    // fall through
  }
  const root = process.getuid?.() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (root && apt) {
    console.log('Chromium not found: installing the Debian package (apt-get install -y chromium)…');
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (install && install.status === 0) return chromiumPath();
  }
  console.error(
    'Missing: Chromium. The tests drive a real headless Chromium.\n' +
      '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium',
  );
  return undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureChromium() ? 0 : 1);
