import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';

const NPM_PACKAGE = '@foundry-rs/anvil-linux-amd64';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The binary shipped in the npm package, if installed (only on linux x64). */
function fromNpmPackage(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const pkg = require.resolve(`${NPM_PACKAGE}/package.json`);
    const bin = join(dirname(pkg), 'bin', 'anvil');
    return isExecutable(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

function fromPath(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'anvil');
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Where to find anvil. We spawn the real binary, not the npm `.bin/anvil` node wrapper, so the PID we hold
 * is the process that binds the port and killing it cannot leave an orphan. Other platforms fall back to a
 * Foundry install on PATH.
 */
export function resolveAnvilBinary(): string {
  const found = fromNpmPackage() ?? fromPath();
  if (found) return found;
  throw new Error(
    `anvil not found: neither the npm package ${NPM_PACKAGE} (node_modules/${NPM_PACKAGE}/bin/anvil) ` +
      `nor an "anvil" executable on PATH. Run "npm install" on linux x64, or install Foundry (https://getfoundry.sh).`,
  );
}
