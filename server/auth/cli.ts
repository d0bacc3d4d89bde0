/**
 * `node server/dist/sign-in-backend.js` (or `tsx server/auth/cli.ts` in the repository): the sign-in backend on its
 * own, configured by the environment (docs/services/sign-in-backend.md):
 *
 * SIGNIN_HOST (127.0.0.1), SIGNIN_PORT (8556), SIGNIN_SITE_URL (required: the site's public URL, whose proxy
 * forwards SIGNIN_BASE_PATH to this service), SIGNIN_BASE_PATH (/api/auth), SIGNIN_CHAINS (required: JSON list of
 * `{ "chainId": "eip155:1", "rpcUrl": "https://…" }`, Solana ones without rpcUrl), DATABASE_URL (a SQLite file,
 * default ./data/sign-in.sqlite, or postgres://… for several instances), AUTH_SECRET (signs the session cookie;
 * default one made once and kept in the database), SIGNIN_NONCE_TTL_S (600), SIGNIN_SESSION_MAX_AGE_S (86400),
 * SIGNIN_TRUSTED_PROXIES (0), LOG_LEVEL (info), SHUTDOWN_TIMEOUT_MS (10000).
 */
import { z } from 'zod';
import { env } from '../service/config.js';
import { runService } from '../service/run.js';
import { startSignInService } from './serve.js';

const CHAINS = z
  .array(z.object({ chainId: z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'a CAIP-2 chain id'), rpcUrl: z.url({ protocol: /^https?$/ }).optional() }).strict())
  .min(1, 'at least one chain')
  .refine((chains) => chains.every((c) => !c.chainId.startsWith('eip155:') || c.rpcUrl), 'each eip155 chain needs an rpcUrl');

const SIGN_IN_CONFIG = {
  SIGNIN_HOST: env.host(),
  SIGNIN_PORT: env.port(8556),
  SIGNIN_SITE_URL: env.url(['http:', 'https:']),
  SIGNIN_BASE_PATH: z.string().regex(/^\/[\w/-]*[\w-]$/, 'must be a path like /api/auth').default('/api/auth'),
  SIGNIN_CHAINS: env.json(CHAINS, '[{ "chainId": "eip155:1", "rpcUrl": "https://…" }, …]'),
  DATABASE_URL: env.database('data/sign-in.sqlite'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SIGNIN_NONCE_TTL_S: env.int(600, { min: 10, max: 86_400 }),
  SIGNIN_SESSION_MAX_AGE_S: env.int(86_400, { min: 60, max: 31_536_000 }),
  SIGNIN_TRUSTED_PROXIES: env.int(0, { max: 10 }),
};

await runService({
  name: 'sign-in-backend',
  config: SIGN_IN_CONFIG,
  start: (config, log) =>
    startSignInService({
      host: config.SIGNIN_HOST,
      port: config.SIGNIN_PORT,
      site: config.SIGNIN_SITE_URL,
      basePath: config.SIGNIN_BASE_PATH,
      chains: config.SIGNIN_CHAINS,
      database: config.DATABASE_URL,
      ...(config.AUTH_SECRET ? { secret: config.AUTH_SECRET } : {}),
      nonceTtlMs: config.SIGNIN_NONCE_TTL_S * 1000,
      sessionMaxAgeS: config.SIGNIN_SESSION_MAX_AGE_S,
      trustedProxies: config.SIGNIN_TRUSTED_PROXIES,
      log,
    }),
});
