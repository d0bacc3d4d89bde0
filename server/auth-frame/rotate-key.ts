/**
 * Master key rotation: every stored wallet key re-sealed under a new master key, with the same associated data
 * (the user id and key kind), all in one write. Each key is opened with the old master key first; if any does
 * not open (a wrong old key), nothing is written. A key already sealed under the new master key is left as it
 * is, so running it again after an interruption is safe.
 *
 * Procedure (every instance of the service stopped: one still running would seal new wallets under the old key):
 *   1. Make the new key outside the data directory, e.g.
 *      node -e "console.log(require('node:crypto').randomBytes(32).toString('base64url'))" > /secrets/auth-frame-new.key
 *   2. Back up the database.
 *   3. node --import tsx server/auth-frame/rotate-key.ts --db <AUTH_FRAME_DB or DATABASE_URL> --old-key-file <old> --new-key-file <new>
 *   4. Point AUTH_FRAME_MASTER_KEY_FILE (or AUTH_FRAME_MASTER_KEY) at the new key and start the service.
 *   5. Once a login and a signature work, destroy the old key (and the backups sealed under it, or keep them
 *      only as long as the old key is kept). Codes and social logins under way at the rotation must start over.
 * Keys are read from files, never from the command line (which other users of the machine can list).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { keyContext, parseMasterKey, seal, unseal } from './keys.js';
import { SqlFrameStore, type FrameStore, type SealedKeys } from './store.js';

export interface RotationResult {
  /** Users whose keys were re-sealed. */
  resealed: number;
  /** Users whose keys were already sealed under the new master key. */
  alreadyNew: number;
}

/** Opens `sealed` with the new key if it already opens there, else re-seals it from the old key (throws if neither). */
function reseal(oldKey: Buffer, newKey: Buffer, sealed: string, context: string): { sealed: string; changed: boolean } {
  try {
    unseal(newKey, sealed, context);
    return { sealed, changed: false };
  } catch {
    // not yet under the new key
  }
  const plaintext = unseal(oldKey, sealed, context);
  try {
    return { sealed: seal(newKey, plaintext, context), changed: true };
  } finally {
    plaintext.fill(0);
  }
}

/** Re-seals every user's keys in `store` from `oldKey` to `newKey`; nothing is written if any key fails to open. */
export async function rotateMasterKey(store: FrameStore, oldKey: Buffer, newKey: Buffer): Promise<RotationResult> {
  if (oldKey.equals(newKey)) throw new Error('The new master key is the old one.');
  const changed: SealedKeys[] = [];
  let alreadyNew = 0;
  for (const user of await store.listSealedKeys()) {
    let evm: { sealed: string; changed: boolean };
    let solana: { sealed: string; changed: boolean };
    try {
      evm = reseal(oldKey, newKey, user.evmKeySealed, keyContext(user.id, 'evm'));
      solana = reseal(oldKey, newKey, user.solanaKeySealed, keyContext(user.id, 'solana'));
    } catch {
      throw new Error(`The keys of user ${user.id} open with neither the old nor the new master key; nothing was changed.`);
    }
    if (evm.changed || solana.changed) changed.push({ id: user.id, evmKeySealed: evm.sealed, solanaKeySealed: solana.sealed });
    else alreadyNew += 1;
  }
  const resealed = changed.length ? await store.replaceSealedKeys(changed) : 0;
  return { resealed, alreadyNew };
}

/** The command: --db, --old-key-file, --new-key-file. */
export async function main(argv: string[]): Promise<RotationResult> {
  const { values } = parseArgs({ args: argv, options: { db: { type: 'string' }, 'old-key-file': { type: 'string' }, 'new-key-file': { type: 'string' } } });
  const db = values.db ?? process.env.DATABASE_URL ?? process.env.AUTH_FRAME_DB;
  if (!db || !values['old-key-file'] || !values['new-key-file']) {
    throw new Error('usage: node --import tsx server/auth-frame/rotate-key.ts --db <auth-frame.sqlite or postgres://…> --old-key-file <file> --new-key-file <file>');
  }
  const oldKey = parseMasterKey(readFileSync(values['old-key-file'], 'utf8'));
  const newKey = parseMasterKey(readFileSync(values['new-key-file'], 'utf8'));
  const store = await SqlFrameStore.open(db);
  try {
    return await rotateMasterKey(store, oldKey, newKey);
  } finally {
    await store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    ({ resealed, alreadyNew }) => console.log(`Re-sealed the keys of ${resealed} users under the new master key (${alreadyNew} already were).`),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
}
