import { localHosts } from '../host-check.js';
import { listen } from '../listen.js';
import { health } from '../service/health.js';
import { createAuthFrameApp } from './app.js';
import { loadMasterKey } from './key-config.js';
import { deriveKey } from './keys.js';
import { createMailer } from './mail.js';
import type { FrameNetworks } from './networks.js';
import type { OtpLimits, OtpService } from './otp.js';
import type { SocialProviders } from './social.js';
import { SqlFrameStore, type FrameStore } from './store.js';

export interface AuthFrameOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Site origins allowed to embed the frame; a function when they are known only later. */
  allowedOrigins: readonly string[] | (() => readonly string[]);
  /** Where mail goes, e.g. smtp://127.0.0.1:1025 or smtps://user:pass@smtp.example.com. */
  smtpUrl: string;
  /** Default `Wallet login <no-reply@localhost>`. */
  mailFrom?: string;
  /** The master key (32 bytes, hex or base64) sealing the wallets; else read from `masterKeyFile` or made at `keyPath`. */
  masterKey?: string;
  /** A file holding the master key (AUTH_FRAME_MASTER_KEY_FILE); read, never made. */
  masterKeyFile?: string;
  /** Where the dev key lives when neither is given (made at first start; refused in production). */
  keyPath?: string;
  /** Where an earlier version kept the dev key: moved to `keyPath` once (server/auth-frame/key-config.ts). */
  legacyKeyPath?: string;
  /**
   * Production mode (default: NODE_ENV=production): a configured key is required, and a key file inside the
   * data directory (the directory of `dbPath`) is refused.
   */
  production?: boolean;
  /** The public URL when behind a proxy (its origin is the `auth-url`); default the listening URL. */
  publicUrl?: string;
  /** The database: a SQLite file, sqlite:PATH, ':memory:' (default, keeps nothing) or postgres://…. Ignored when `store` is given. */
  dbPath?: string;
  store?: FrameStore;
  /** The chains the frame signs for: chain id or CAIP-2 → name and RPC URL (server/auth-frame/networks.ts). */
  networks?: FrameNetworks | (() => FrameNetworks);
  limits?: Partial<OtpLimits>;
  /** Social login providers by name (server/auth-frame/social.ts); a function when known only later. */
  socialProviders?: SocialProviders | (() => SocialProviders);
  /** Sign In With Farcaster: the auth relay and an RPC reaching the IdRegistry; none: no Farcaster login. */
  farcaster?: { relayUrl: string; rpcUrl: string };
  /** Reverse proxies in front appending to `X-Forwarded-For` (server/auth-frame/app.ts); default 0. */
  trustedProxies?: number;
  now?: () => number;
  log?: (line: string) => void;
}

export interface AuthFrameServer {
  /** e.g. http://127.0.0.1:8550/ — its origin is the widget's `auth-url`. */
  url: string;
  port: number;
  otp: OtpService;
  store: FrameStore;
  stop(): Promise<void>;
  /** Graceful stop: readiness answers 503, requests in flight finish (up to `timeoutMs`), then storage closes. */
  drain(timeoutMs: number): Promise<void>;
}

/**
 * The secure service on its own origin (127.0.0.1 only by default), with `GET /health` and `GET /health/ready`
 * (its storage answers) in front of the app.
 */
export async function startAuthFrame({ host = '127.0.0.1', port = 0, masterKey, masterKeyFile, keyPath, legacyKeyPath, production = process.env.NODE_ENV === 'production', dbPath = ':memory:', store: given, smtpUrl, mailFrom = 'Wallet login <no-reply@localhost>', publicUrl, ...rest }: AuthFrameOptions): Promise<AuthFrameServer> {
  const master = loadMasterKey({ masterKey, masterKeyFile, keyPath, legacyKeyPath, dbPath, production, log: rest.log ?? ((line) => console.warn(`[auth-frame] ${line}`)) });
  const store = given ?? (await SqlFrameStore.open(dbPath, rest.now));
  const mailer = createMailer(smtpUrl, mailFrom);
  let url = '';
  let hosts: string[] = [];
  const { app, otp } = createAuthFrameApp({ ...rest, publicUrl: () => publicUrl ?? url, allowedHosts: () => hosts, store, masterKey: master, codeKey: deriveKey(master, 'email-code-hash'), mailer });
  try {
    const checks = health({ storage: () => store.ping() });
    // The second argument is @hono/node-server's { incoming }: the app reads the client's address from it.
    const fetch = (request: Request, env?: unknown) => checks.handle(request) ?? app.fetch(request, env as object | undefined);
    const server = await listen(fetch, { host, port, service: 'auth frame' });
    url = server.url;
    hosts = localHosts(server.port, server.url, publicUrl);
    let stopping: Promise<void> | undefined;
    const close = (closing: Promise<void>) =>
      (stopping ??= closing.then(async () => {
        mailer.close();
        if (!given) await store.close();
      }));
    return {
      url: server.url,
      port: server.port,
      otp,
      store,
      stop: () => close(server.stop()),
      drain: (timeoutMs) => {
        checks.draining();
        return close(server.drain(timeoutMs));
      },
    };
  } catch (err) {
    mailer.close();
    if (!given) await store.close();
    throw err;
  }
}
