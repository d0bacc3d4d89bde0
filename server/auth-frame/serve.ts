import { localHosts } from '../host-check.js';
import { listen } from '../listen.js';
import { createAuthFrameApp } from './app.js';
import { deriveKey, loadOrCreateMasterKey, parseMasterKey } from './keys.js';
import { createMailer } from './mail.js';
import type { FrameNetworks } from './networks.js';
import type { OtpLimits, OtpService } from './otp.js';
import type { SocialProviders } from './social.js';
import { SqliteFrameStore, type FrameStore } from './store.js';

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
  /** The master key (32 bytes, hex or base64) sealing the wallets; else read or made at `keyPath`. */
  masterKey?: string;
  /** Where the dev key lives when no `masterKey` is given. */
  keyPath?: string;
  /** The public URL when behind a proxy (its origin is the `auth-url`); default the listening URL. */
  publicUrl?: string;
  /** SQLite file; ':memory:' (default) keeps nothing. Ignored when `store` is given. */
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
}

/** The secure service on its own origin (127.0.0.1 only by default). */
export async function startAuthFrame({ host = '127.0.0.1', port = 0, masterKey, keyPath, dbPath = ':memory:', store: given, smtpUrl, mailFrom = 'Wallet login <no-reply@localhost>', publicUrl, ...rest }: AuthFrameOptions): Promise<AuthFrameServer> {
  if (!masterKey && !keyPath) throw new Error('startAuthFrame: give a masterKey or a keyPath for the dev key');
  const master = masterKey ? parseMasterKey(masterKey) : loadOrCreateMasterKey(keyPath!);
  const store = given ?? (await SqliteFrameStore.open(dbPath, rest.now));
  const mailer = createMailer(smtpUrl, mailFrom);
  let url = '';
  let hosts: string[] = [];
  const { app, otp } = createAuthFrameApp({ ...rest, publicUrl: () => publicUrl ?? url, allowedHosts: () => hosts, store, masterKey: master, codeKey: deriveKey(master, 'email-code-hash'), mailer });
  try {
    const server = await listen(app.fetch, { host, port, service: 'auth frame' });
    url = server.url;
    hosts = localHosts(server.port, server.url, publicUrl);
    let stopping: Promise<void> | undefined;
    return {
      url: server.url,
      port: server.port,
      otp,
      store,
      stop: () =>
        (stopping ??= server.stop().then(async () => {
          mailer.close();
          if (!given) await store.close();
        })),
    };
  } catch (err) {
    mailer.close();
    if (!given) await store.close();
    throw err;
  }
}
