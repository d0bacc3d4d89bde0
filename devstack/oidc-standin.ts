/**
 * Stand-in social providers for the local stack and tests: one `oidc-provider` issuer with a client per
 * configured name (google, x, …), devInteractions for login and consent (any login and password; the login
 * becomes `sub`, the email is `<login>@<name>.test`). Never for production: in-memory keys and storage.
 */
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { localHosts, refuseMisdirected } from '../server/host-check.js';
import { isAddressInUse, PortInUseError } from '../server/ports.js';
import type { SocialProviders } from '../server/auth-frame/social.js';

export const STAND_IN_PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const;

export interface OidcStandIn {
  /** The issuer, e.g. http://127.0.0.1:8554 */
  issuer: string;
  /** The social configuration for the auth-frame service: each name → this issuer and its client. */
  providers: SocialProviders;
  stop(): Promise<void>;
}

export interface OidcStandInOptions {
  host?: string;
  port?: number;
  /** The auth-frame service's origin (the redirect URIs are `<origin>/social/<name>/callback`). */
  serviceOrigin: string;
  names?: readonly string[];
}

export async function startOidcStandIn({ host = '127.0.0.1', port = 0, serviceOrigin, names = STAND_IN_PROVIDERS }: OidcStandInOptions): Promise<OidcStandIn> {
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error): void => reject(isAddressInUse(err) ? new PortInUseError('social login stand-in', host, port) : err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const address = server.address();
  const issuer = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
  const providerOf = new Map<string, string>(names.map((name) => [`wcm-${name}`, name]));
  const provider = new Provider(issuer, {
    clients: names.map((name) => ({
      client_id: `wcm-${name}`,
      client_secret: `dev-secret-${name}`,
      redirect_uris: [`${serviceOrigin}/social/${name}/callback`],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (ctx: { oidc?: { client?: { clientId?: string } } }, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@${providerOf.get(ctx.oidc?.client?.clientId ?? '') ?? 'example'}.test`, email_verified: true, name: sub }),
    }),
    cookies: { keys: ['dev-only-oidc-stand-in'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: true } },
  });
  const callback = provider.callback();
  const hosts = localHosts(typeof address === 'object' && address ? address.port : port, issuer);
  server.on('request', (req, res) => {
    if (refuseMisdirected(req, res, hosts)) void callback(req, res);
  });
  let stopping: Promise<void> | undefined;
  return {
    issuer,
    providers: Object.fromEntries(names.map((name) => [name, { issuer, clientId: `wcm-${name}`, clientSecret: `dev-secret-${name}`, scopes: ['openid', 'email'], allowInsecure: true }])),
    stop: () =>
      (stopping ??= new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      })),
  };
}
