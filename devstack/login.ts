import { randomBytes } from 'node:crypto';
import { startMailCapture, type MailCapture } from './mail-capture.js';
import type { FrameNetworks } from '../server/auth-frame/networks.js';
import { startOidcStandIn, type OidcStandIn } from './oidc-standin.js';
import { startAuthFrame, type AuthFrameServer } from '../server/auth-frame/serve.js';
import type { SocialProviders } from '../server/auth-frame/social.js';

export interface LoginServiceOptions {
  /** The service's port; 0 (default) picks a free one. */
  port?: number;
  /** The mail capture's SMTP port and inbox page port; 0 (default) picks free ones. */
  smtpPort?: number;
  inboxPort?: number;
  /** Send through this SMTP URL instead of running the local capture. */
  smtpUrl?: string;
  /** SQLite file for users, codes and sessions; ':memory:' (default) keeps nothing. */
  dbPath?: string;
  /** The master key (32 bytes, hex or base64). */
  masterKey?: string;
  /** A file holding the master key (read, never made). */
  masterKeyFile?: string;
  /** Where the dev key is read or made when no masterKey is given; none: a random key for this run only. */
  keyPath?: string;
  /** Where an earlier version kept the dev key (moved to keyPath once). */
  legacyKeyPath?: string;
  /** Production mode: a configured key is required, never inside the database's directory (server/auth-frame/key-config.ts). */
  production?: boolean;
  /** Real social providers (name → issuer or endpoints, client); without them the stand-in issuer serves every name. */
  socialProviders?: SocialProviders;
  /** The stand-in OIDC issuer's port; 0 (default) picks a free one. */
  oidcPort?: number;
  /** Reverse proxies in front of the service whose X-Forwarded-For is trusted (AuthFrameAppOptions.trustedProxies). */
  trustedProxies?: number;
}

/** Where the stack's Farcaster relay and IdRegistry are (stack.ts passes them; the service is configured here). */
export interface LoginFarcaster {
  farcaster?: { relayUrl: string; rpcUrl: string };
}

export interface LoginService {
  /** The service, e.g. http://127.0.0.1:8550/ (its origin is the widget's `auth-url`). */
  url: string;
  origin: string;
  server: AuthFrameServer;
  /** The local mail capture; undefined when mail goes to a configured `smtpUrl`. */
  mail: MailCapture | undefined;
  /** The stand-in social providers (oidc-provider); undefined when real ones are configured. */
  oidc: OidcStandIn | undefined;
  stop(): Promise<void>;
}

/** The email-login service plus, unless an SMTP URL is configured, the local mail capture it sends to. */
export async function startLoginService({
  host,
  allowedOrigins,
  port = 0,
  smtpPort = 0,
  inboxPort = 0,
  smtpUrl,
  dbPath = ':memory:',
  masterKey,
  masterKeyFile,
  keyPath,
  legacyKeyPath,
  production,
  networks,
  socialProviders,
  oidcPort = 0,
  farcaster,
  trustedProxies,
}: LoginServiceOptions & LoginFarcaster & { host: string; allowedOrigins: () => readonly string[]; networks?: FrameNetworks }): Promise<LoginService> {
  const productionMode = production ?? process.env.NODE_ENV === 'production';
  const mail = smtpUrl ? undefined : await startMailCapture({ host, smtpPort, webPort: inboxPort });
  let server: AuthFrameServer;
  let oidc: OidcStandIn | undefined;
  try {
    server = await startAuthFrame({
      host,
      port,
      allowedOrigins,
      smtpUrl: smtpUrl ?? mail!.smtpUrl,
      dbPath,
      ...(networks ? { networks } : {}),
      socialProviders: () => socialProviders ?? oidc?.providers ?? {},
      ...(farcaster ? { farcaster } : {}),
      ...(trustedProxies ? { trustedProxies } : {}),
      production: productionMode,
      ...(masterKey ? { masterKey } : masterKeyFile ? { masterKeyFile } : keyPath ? { keyPath, ...(legacyKeyPath ? { legacyKeyPath } : {}) } : productionMode ? {} : { masterKey: randomBytes(32).toString('hex') }),
    });
  } catch (err) {
    await mail?.stop();
    throw err;
  }
  if (!socialProviders) {
    try {
      oidc = await startOidcStandIn({ host, port: oidcPort, serviceOrigin: new URL(server.url).origin });
    } catch (err) {
      await Promise.all([server.stop(), mail?.stop()]);
      throw err;
    }
  }
  let stopping: Promise<void> | undefined;
  return {
    url: server.url,
    origin: new URL(server.url).origin,
    server,
    mail,
    oidc,
    stop: () => (stopping ??= Promise.all([server.stop(), mail?.stop(), oidc?.stop()]).then(() => undefined)),
  };
}
