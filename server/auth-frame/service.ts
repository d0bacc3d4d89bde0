/**
 * The login service deployed on its own (`cli.ts`): its environment variables, validated in one place, and
 * `startLoginService`, which starts it from them. Several instances may share one PostgreSQL database
 * (`DATABASE_URL`) and one master key; docs/services/login-service.md.
 */
import { z } from 'zod';
import { env } from '../service/config.js';
import type { Logger } from '../service/log.js';
import type { RunningService } from '../service/run.js';
import { devKeyPath } from './key-config.js';
import type { FrameNetworks } from './networks.js';
import { startAuthFrame, type AuthFrameServer } from './serve.js';
import { parseSocialProviders, type SocialProviders } from './social.js';

/** A variable parsed by `parse`; its error message becomes the variable's problem. */
const parsed = <T>(parse: (text: string) => T, what: string) =>
  z.string().transform((text, ctx) => {
    try {
      return parse(text);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `must be ${what}: ${err instanceof Error ? err.message : String(err)}` });
      return z.NEVER;
    }
  });

const origins = (text: string): string[] =>
  text.split(',').map((value) => {
    const url = new URL(value.trim());
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value.trim().replace(/\/$/, '')) throw new Error(`${JSON.stringify(value.trim())} is not an origin`);
    return url.origin;
  });

const networks = (text: string): FrameNetworks => {
  const value = JSON.parse(text) as Partial<FrameNetworks>;
  if (!Array.isArray(value.evm) || !Array.isArray(value.solana)) throw new Error('an object with "evm" and "solana" arrays');
  return value as FrameNetworks;
};

/** The login service's variables (LOG_LEVEL and SHUTDOWN_TIMEOUT_MS are added by runService). */
export const LOGIN_CONFIG = {
  LOGIN_HOST: env.host(),
  LOGIN_PORT: env.port(8551),
  /** postgres://… (several instances) or a SQLite file; AUTH_FRAME_DB is read by `npm start` only. */
  DATABASE_URL: env.database('.cache/auth-frame.sqlite'),
  AUTH_FRAME_MASTER_KEY: z.string().optional(),
  AUTH_FRAME_MASTER_KEY_FILE: z.string().optional(),
  SMTP_URL: env.url(['smtp:', 'smtps:']),
  LOGIN_MAIL_FROM: z.string().default('Wallet login <no-reply@localhost>'),
  /** The sites that may embed the frame, comma-separated origins. */
  LOGIN_ALLOWED_ORIGINS: parsed(origins, 'comma-separated origins (https://site.example)'),
  /** The public URL when behind a proxy (its origin is the widget's auth-url). */
  LOGIN_PUBLIC_URL: env.url(['https:', 'http:']).optional(),
  SOCIAL_PROVIDERS: parsed(parseSocialProviders, 'JSON name → { issuer | endpoints, clientId, clientSecret, scopes? }').optional(),
  LOGIN_NETWORKS: parsed(networks, 'JSON { evm: [...], solana: [...] } (server/auth-frame/networks.ts)').optional(),
  FARCASTER_RELAY_URL: env.url(['https:', 'http:']).optional(),
  FARCASTER_RPC_URL: env.url(['https:', 'http:']).optional(),
  AUTH_TRUSTED_PROXIES: env.int(0, { min: 0, max: 10 }),
  NODE_ENV: z.string().default('development'),
};

/** The validated configuration (`readConfig('login', LOGIN_CONFIG)`). */
export type LoginConfig = z.infer<z.ZodObject<typeof LOGIN_CONFIG>>;

/** A running login service: `stop(timeoutMs)` is graceful (readiness 503, requests finish, storage closes). */
export interface StartedLoginService extends RunningService {
  server: AuthFrameServer;
}

/**
 * Starts the login service from its configuration. Production (NODE_ENV=production) requires a configured
 * master key kept outside the data directory; otherwise, without one, a development key is made once in the
 * user's configuration directory (server/auth-frame/key-config.ts).
 */
export async function startLoginService(config: LoginConfig, log: Logger): Promise<StartedLoginService> {
  const production = config.NODE_ENV === 'production';
  if (config.AUTH_FRAME_MASTER_KEY && config.AUTH_FRAME_MASTER_KEY_FILE) throw new Error('Set either AUTH_FRAME_MASTER_KEY or AUTH_FRAME_MASTER_KEY_FILE, not both.');
  if ((config.FARCASTER_RELAY_URL === undefined) !== (config.FARCASTER_RPC_URL === undefined)) throw new Error('Set both FARCASTER_RELAY_URL and FARCASTER_RPC_URL for Farcaster login, or neither.');
  const key = config.AUTH_FRAME_MASTER_KEY
    ? { masterKey: config.AUTH_FRAME_MASTER_KEY }
    : config.AUTH_FRAME_MASTER_KEY_FILE
      ? { masterKeyFile: config.AUTH_FRAME_MASTER_KEY_FILE }
      : production
        ? {}
        : { keyPath: devKeyPath(process.env, process.cwd()) };
  const socialProviders: SocialProviders = config.SOCIAL_PROVIDERS ?? {};
  const server = await startAuthFrame({
    host: config.LOGIN_HOST,
    port: config.LOGIN_PORT,
    allowedOrigins: config.LOGIN_ALLOWED_ORIGINS,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.LOGIN_MAIL_FROM,
    dbPath: config.DATABASE_URL,
    production,
    ...key,
    ...(config.LOGIN_PUBLIC_URL ? { publicUrl: config.LOGIN_PUBLIC_URL } : {}),
    ...(config.LOGIN_NETWORKS ? { networks: config.LOGIN_NETWORKS } : {}),
    socialProviders,
    ...(config.FARCASTER_RELAY_URL && config.FARCASTER_RPC_URL ? { farcaster: { relayUrl: config.FARCASTER_RELAY_URL, rpcUrl: config.FARCASTER_RPC_URL } } : {}),
    trustedProxies: config.AUTH_TRUSTED_PROXIES,
    log: (line) => log.warn(line),
  });
  log.info('storage', { database: server.store.description, production, socialProviders: Object.keys(socialProviders) });
  return { url: server.url, server, stop: (timeoutMs) => server.drain(timeoutMs) };
}
