// Finds the programs the tests need from Debian's packages: Chromium (browser tests; playwright's own download
// does not work on these machines), PostgreSQL and Redis (the services' shared storage; the tests start their own
// servers in temporary directories). On Debian as root, installs what is missing in one apt-get; otherwise says
// exactly what is missing and how to get it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chromiumPath } from './chromium.mjs';

const found = (check) => {
  try {
    return Boolean(check());
  } catch {
    return false;
  }
};

const PACKAGES = [
  { name: 'chromium', what: 'Chromium (set CHROMIUM_PATH=/path/to/chromium elsewhere)', present: () => chromiumPath() },
  { name: 'postgresql', what: 'PostgreSQL', present: () => existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/postgres`)) },
  { name: 'redis-server', what: 'Redis', present: () => existsSync('/usr/bin/redis-server') || spawnSync('sh', ['-c', 'command -v redis-server']).status === 0 },
];

/** True when every package is there (after installing the missing ones where this machine allows). */
export function ensurePackages() {
  let missing = PACKAGES.filter((p) => !found(p.present));
  if (!missing.length) return true;
  const root = process.getuid?.() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (root && apt) {
    const names = missing.map((p) => p.name);
    console.log(`Not found: ${names.join(', ')}; installing the Debian packages (apt-get install -y ${names.join(' ')})…`);
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    if (update.status === 0) spawnSync('apt-get', ['install', '-y', '-qq', ...names], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    missing = missing.filter((p) => !found(p.present));
    if (!missing.length) return true;
  }
  console.error(
    `Missing: ${missing.map((p) => p.what).join(', ')}. The tests drive a real headless Chromium and start their own PostgreSQL and Redis.\n` +
      `  Debian/Ubuntu: sudo apt-get install -y ${missing.map((p) => p.name).join(' ')}`,
  );
  return false;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensurePackages() ? 0 : 1);
