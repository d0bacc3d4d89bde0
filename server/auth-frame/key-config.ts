/**
 * Where the secure service's master key comes from, and the checks that keep it away from the database.
 *
 * The master key (the key-encryption key) seals every embedded wallet's private keys. Whoever holds it and a copy
 * of the database opens every wallet, so the two are never kept together:
 * - AUTH_FRAME_MASTER_KEY (32 bytes as 64 hex digits or base64) or AUTH_FRAME_MASTER_KEY_FILE (a file holding
 *   that) configure it; AUTH_FRAME_KEY is the older name of the first and still read.
 * - In production (NODE_ENV=production) one of them is required, and a key file inside the data directory (the
 *   directory of AUTH_FRAME_DB) is refused: the service does not start.
 * - In development (`npm start`) without either, a key is made once in the user's configuration directory
 *   ($XDG_CONFIG_HOME or ~/.config, wallet-connect-modal/auth-frame-<project hash>.key, mode 0600), outside the
 *   project, so copying the project's .cache (or the database alone) copies no key. A key left by an earlier
 *   version at .cache/auth-frame.key is moved there once, so existing local wallets still open.
 */
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { loadOrCreateMasterKey, parseMasterKey } from './keys.js';

export interface LoginKeyConfig {
  dbPath: string;
  /** Production mode: a configured key is required, and none may lie in the data directory. */
  production: boolean;
  masterKey?: string;
  masterKeyFile?: string;
  /** Development only: the key made once outside the project, and where an earlier version kept it. */
  keyPath?: string;
  legacyKeyPath?: string;
}

/** The dev key's home: the user's configuration directory, one key per checkout (by its path). */
export function devKeyPath(env: NodeJS.ProcessEnv, projectRoot: string): string {
  const config = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  const project = createHash('sha256').update(resolve(projectRoot)).digest('hex').slice(0, 12);
  return join(config, 'wallet-connect-modal', `auth-frame-${project}.key`);
}

/** `npm start`'s settings from the environment. */
export function loginKeyConfig(env: NodeJS.ProcessEnv, projectRoot: string): LoginKeyConfig {
  const dbPath = env.AUTH_FRAME_DB || join(projectRoot, '.cache', 'auth-frame.sqlite');
  const production = env.NODE_ENV === 'production';
  const masterKey = env.AUTH_FRAME_MASTER_KEY || env.AUTH_FRAME_KEY || undefined;
  const masterKeyFile = env.AUTH_FRAME_MASTER_KEY_FILE || undefined;
  if (masterKey && masterKeyFile) throw new Error('Set either AUTH_FRAME_MASTER_KEY or AUTH_FRAME_MASTER_KEY_FILE, not both.');
  if (masterKey) return { dbPath, production, masterKey };
  if (masterKeyFile) return { dbPath, production, masterKeyFile };
  if (production) return { dbPath, production };
  return { dbPath, production, keyPath: devKeyPath(env, projectRoot), legacyKeyPath: join(projectRoot, '.cache', 'auth-frame.key') };
}

/** The real path of `path`, or of its nearest existing parent joined with the rest (symlinks resolved). */
function realish(path: string): string {
  const absolute = resolve(path);
  if (existsSync(absolute)) return realpathSync(absolute);
  const parent = dirname(absolute);
  return parent === absolute ? absolute : join(realish(parent), absolute.slice(parent.length + 1));
}

/** Whether `file` lies in `directory` or below it. */
export function isInside(file: string, directory: string): boolean {
  const rel = relative(realish(directory), realish(file));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export interface MasterKeySource {
  /** The key itself (hex or base64). */
  masterKey?: string | undefined;
  /** A file holding it (read, never made). */
  masterKeyFile?: string | undefined;
  /** A dev key file, made at first start when missing. */
  keyPath?: string | undefined;
  /** Where an earlier version kept the dev key; moved to `keyPath` when only it exists. */
  legacyKeyPath?: string | undefined;
  /** The database file (or sqlite:PATH); its directory is the data directory. ':memory:' and postgres://… have none. */
  dbPath: string;
  production: boolean;
  log?: (line: string) => void;
}

export class MasterKeyConfigError extends Error {}

/** The master key per `source`, or a MasterKeyConfigError naming the variable to set. */
export function loadMasterKey(source: MasterKeySource): Buffer {
  const { masterKey, masterKeyFile, keyPath, legacyKeyPath, dbPath, production, log = () => {} } = source;
  const dbFile = dbPath.replace(/^sqlite:/, '');
  const dataDir = dbFile === ':memory:' || /^postgres(ql)?:\/\//i.test(dbPath) ? undefined : dirname(resolve(dbFile));
  if (masterKey !== undefined && masterKeyFile !== undefined) throw new MasterKeyConfigError('Set either AUTH_FRAME_MASTER_KEY or AUTH_FRAME_MASTER_KEY_FILE, not both.');
  if (masterKey !== undefined) return parseMasterKey(masterKey);
  const file = masterKeyFile ?? keyPath;
  const variable = masterKeyFile !== undefined ? 'AUTH_FRAME_MASTER_KEY_FILE' : 'the dev key path';
  if (file === undefined || (production && masterKeyFile === undefined)) {
    throw new MasterKeyConfigError(
      production
        ? 'NODE_ENV=production: no master key is configured. Set AUTH_FRAME_MASTER_KEY (32 bytes, hex or base64) or AUTH_FRAME_MASTER_KEY_FILE (a file holding it, outside the data directory); the service does not make one in production.'
        : 'No master key: set AUTH_FRAME_MASTER_KEY or AUTH_FRAME_MASTER_KEY_FILE.',
    );
  }
  if (dataDir !== undefined && isInside(file, dataDir)) {
    const message = `${variable} (${file}) lies inside the data directory (${dataDir}) beside the database: a copy of that directory would open every wallet. Keep the key elsewhere (a secret mount, another volume) or pass it in AUTH_FRAME_MASTER_KEY.`;
    if (production) throw new MasterKeyConfigError(`NODE_ENV=production: ${message}`);
    log(`warning: ${message}`);
  }
  if (masterKeyFile !== undefined) {
    if (!existsSync(masterKeyFile)) throw new MasterKeyConfigError(`AUTH_FRAME_MASTER_KEY_FILE (${masterKeyFile}) does not exist.`);
    return parseMasterKey(readFileSync(masterKeyFile, 'utf8'));
  }
  if (legacyKeyPath !== undefined && !existsSync(file) && existsSync(legacyKeyPath) && resolve(legacyKeyPath) !== resolve(file)) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    copyFileSync(legacyKeyPath, file);
    chmodSync(file, 0o600);
    parseMasterKey(readFileSync(file, 'utf8'));
    rmSync(legacyKeyPath);
    log(`moved the dev master key from ${legacyKeyPath} to ${file}, outside the data directory`);
  }
  return loadOrCreateMasterKey(file);
}
