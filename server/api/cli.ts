/**
 * `node server/dist/wallet-api.js` (or `tsx server/api/cli.ts` in the repository): the wallet data API on its own,
 * configured by the environment (docs/services/wallet-api.md):
 *
 * API_HOST (127.0.0.1), API_PORT (8547), API_PUBLIC_URL (the URL clients use, behind a proxy), API_CHAINS
 * (required: JSON list of `{ "chainId": 1, "rpcUrl": "https://…", "startBlock": 21000000 }`, optionally with the
 * chain's `deployment`), API_SOLANA_CHAINS (JSON list of `{ "chainId": "solana:…", "rpcUrl": "https://…" }`),
 * DATABASE_URL (a SQLite file, default ./data/wallet-api.sqlite, or postgres://… for several instances),
 * API_PROJECT_IDS (comma-separated; default any non-empty id), API_PRICES (JSON: USD price by token id),
 * API_ONRAMP_URL (the on-ramp provider's partner API), API_SESSIONS_RELAYER_KEY (0x…: relays smart-session
 * revocations), API_NAMES_REGISTRAR_KEY (0x…: registers names in the deployment's ENS zone),
 * API_POLL_INTERVAL_MS (1000), API_TRUSTED_PROXIES (0), LOG_LEVEL (info), SHUTDOWN_TIMEOUT_MS (10000).
 */
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import type { SeededChain } from '../chain/types.js';
import { env } from '../service/config.js';
import { runService } from '../service/run.js';
import { startWalletApi } from './serve.js';

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an 0x address');
/**
 * What a chain has deployed that the API reads beyond the index (its known tokens, Uniswap V2 pools, ENS), as the
 * local stack's seeding describes it. Checked for the parts the API relies on; the rest passes through.
 */
const DEPLOYMENT = z
  .looseObject({
    chainId: z.number().int().positive(),
    tokens: z.array(z.looseObject({ address, name: z.string(), symbol: z.string(), decimals: z.number().int().min(0).max(77) })),
    nfts: z.array(z.looseObject({ address, name: z.string(), symbol: z.string() })).default([]),
    usdToken: address,
    uniswapV2: z.looseObject({ factory: address, router: address, weth: address, pairs: z.array(address) }),
    ens: z.looseObject({ registry: address, universalResolver: address, publicResolver: address, zone: z.string() }),
    seededAtBlock: z.union([z.number().int().min(0), z.string().regex(/^\d+$/)]).transform((n) => BigInt(n)),
  })
  .transform((d) => d as unknown as SeededChain);

const CHAINS = z
  .array(
    z
      .object({
        chainId: z.number().int().positive(),
        rpcUrl: z.url({ protocol: /^https?$/ }),
        startBlock: z.number().int().min(0).optional(),
        deployment: DEPLOYMENT.optional(),
      })
      .strict()
      .refine((c) => !c.deployment || c.deployment.chainId === c.chainId, 'a deployment must be of its own chain'),
  )
  .refine((chains) => new Set(chains.map((c) => c.chainId)).size === chains.length, 'each chain once');
const SOLANA_CHAINS = z.array(z.object({ chainId: z.string().regex(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/, 'solana:<genesis hash prefix>'), rpcUrl: z.url({ protocol: /^https?$/ }) }).strict());
const privateKey = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x private key (64 hex digits)').optional();

const API_CONFIG = {
  API_HOST: env.host(),
  API_PORT: env.port(8547),
  API_PUBLIC_URL: env.url(['http:', 'https:']).optional(),
  API_CHAINS: env.json(CHAINS, '[{ "chainId": 1, "rpcUrl": "https://…", "startBlock": 21000000 }, …]'),
  API_SOLANA_CHAINS: env.json(SOLANA_CHAINS, '[{ "chainId": "solana:…", "rpcUrl": "https://…" }, …]').default([]),
  DATABASE_URL: env.database('data/wallet-api.sqlite'),
  API_PROJECT_IDS: z
    .string()
    .regex(/^[\w-]+(,[\w-]+)*$/, 'must be project ids separated by commas')
    .transform((v) => v.split(','))
    .optional(),
  API_PRICES: env.json(z.record(z.string(), z.number().positive()), '{ "eip155:1:0x…": 1.0, "native:1": 3000 }').default({}),
  API_ONRAMP_URL: env.url(['http:', 'https:']).optional(),
  API_SESSIONS_RELAYER_KEY: privateKey,
  API_NAMES_REGISTRAR_KEY: privateKey,
  API_POLL_INTERVAL_MS: env.int(1_000, { min: 50, max: 600_000 }),
  API_TRUSTED_PROXIES: env.int(0, { max: 10 }),
};

await runService({
  name: 'wallet-api',
  config: API_CONFIG,
  start: (config, log) => {
    const ens = config.API_CHAINS.find((c) => c.deployment?.ens.universalResolver)?.deployment?.ens;
    if (config.API_NAMES_REGISTRAR_KEY && !ens) {
      throw new Error('API_NAMES_REGISTRAR_KEY needs a chain in API_CHAINS with a deployment that has ENS');
    }
    return startWalletApi({
      host: config.API_HOST,
      port: config.API_PORT,
      ...(config.API_PUBLIC_URL ? { publicUrl: config.API_PUBLIC_URL } : {}),
      chains: config.API_CHAINS.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl, ...(c.startBlock !== undefined ? { startBlock: c.startBlock } : {}), ...(c.deployment ? { seeded: c.deployment } : {}) })),
      solanaChains: config.API_SOLANA_CHAINS,
      dbPath: config.DATABASE_URL,
      ...(config.API_PROJECT_IDS ? { projectIds: config.API_PROJECT_IDS } : {}),
      priceTable: config.API_PRICES,
      ...(config.API_ONRAMP_URL ? { onrampUrl: config.API_ONRAMP_URL } : {}),
      ...(config.API_SESSIONS_RELAYER_KEY ? { sessions: { relayer: privateKeyToAccount(config.API_SESSIONS_RELAYER_KEY as `0x${string}`) } } : {}),
      ...(config.API_NAMES_REGISTRAR_KEY && ens ? { names: { registrar: privateKeyToAccount(config.API_NAMES_REGISTRAR_KEY as `0x${string}`), zone: ens.zone } } : {}),
      indexer: { pollIntervalMs: config.API_POLL_INTERVAL_MS },
      trustedProxies: config.API_TRUSTED_PROXIES,
      log,
    });
  },
});
