/**
 * `node server/dist/wallet-directory.js` (or `tsx server/directory/cli.ts` in the repository): the wallet
 * directory on its own, configured by the environment (docs/services/directory.md):
 *
 * DIRECTORY_HOST (127.0.0.1), DIRECTORY_PORT (8549), DIRECTORY_PUBLIC_URL (the URL clients use, behind a proxy),
 * DIRECTORY_WALLETS_FILE (a JSON list of wallet records; default the shipped list), LOG_LEVEL (info),
 * SHUTDOWN_TIMEOUT_MS (10000).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { env } from '../service/config.js';
import { runService } from '../service/run.js';
import type { WalletRecord } from './records.js';
import { startDirectory } from './serve.js';

const link = z.url({ protocol: /^https?$/ });
const RECORD = z
  .object({
    id: z.string().regex(/^[-_.a-zA-Z0-9]{1,128}$/, 'letters, digits, - _ . (at most 128)'),
    name: z.string().min(1).max(100),
    homepage: link.optional(),
    image_id: z.string().regex(/^[-_.a-zA-Z0-9]{1,128}$/),
    order: z.number().int().min(0),
    chains: z.array(z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'CAIP-2 chain ids')).optional(),
    rdns: z.string().max(200).optional(),
    mobile: z.object({ native: z.string().regex(/^[a-z][a-z0-9+.-]*:/, 'a URL scheme like wallet://').optional(), universal: link.optional() }).strict().optional(),
    desktop_link: z.string().regex(/^[a-z][a-z0-9+.-]*:/).optional(),
    webapp_link: link.optional(),
    app_store: link.optional(),
    play_store: link.optional(),
    chrome_store: link.optional(),
    badge_type: z.enum(['none', 'certified']).optional(),
  })
  .strict();
const RECORDS = z
  .array(RECORD)
  .min(1, 'at least one wallet')
  .max(50_000)
  .refine((list) => new Set(list.map((w) => w.id)).size === list.length, 'each wallet id once');

const DIRECTORY_CONFIG = {
  DIRECTORY_HOST: env.host(),
  DIRECTORY_PORT: env.port(8549),
  DIRECTORY_PUBLIC_URL: env.url(['http:', 'https:']).optional(),
  DIRECTORY_WALLETS_FILE: z.string().min(1).optional(),
};

/** The wallets in `path`, checked; the error names the file and the first wrong field. */
function readWallets(path: string): WalletRecord[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`DIRECTORY_WALLETS_FILE ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = RECORDS.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`DIRECTORY_WALLETS_FILE ${path}: ${issue?.path.join('.') || 'the list'}: ${issue?.message}`);
  }
  return parsed.data as WalletRecord[];
}

await runService({
  name: 'wallet-directory',
  config: DIRECTORY_CONFIG,
  start: async (config, log) =>
    startDirectory({
      host: config.DIRECTORY_HOST,
      port: config.DIRECTORY_PORT,
      ...(config.DIRECTORY_PUBLIC_URL ? { publicUrl: config.DIRECTORY_PUBLIC_URL } : {}),
      ...(config.DIRECTORY_WALLETS_FILE ? { wallets: readWallets(config.DIRECTORY_WALLETS_FILE) } : {}),
      log,
    }),
});
