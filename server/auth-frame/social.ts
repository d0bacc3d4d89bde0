/**
 * Social login: OAuth 2.0 authorization code + PKCE (S256) with `openid-client`, each provider being
 * configuration (an OpenID issuer, or plain OAuth endpoints), so real Google/Apple/GitHub/… credentials work.
 * The flow's secrets (PKCE verifier, `state`, `nonce`, the site it is for) travel in a sealed, short-lived
 * cookie on this origin, so any instance of the service can finish a flow another one started.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { generateWallet, seal, unseal } from './keys.js';
import type { FrameStore, UserRecord } from './store.js';

export interface SocialProviderConfig {
  /** An OpenID Connect issuer (discovery at `/.well-known/openid-configuration`). */
  issuer?: string;
  /** Plain OAuth 2.0 endpoints when the provider has no discovery (GitHub); `userinfo` gives the subject. */
  endpoints?: { authorization: string; token: string; userinfo: string };
  clientId: string;
  clientSecret: string;
  /** Default `openid email` with an issuer; required with endpoints (e.g. `read:user user:email`). */
  scopes?: readonly string[];
  /** The userinfo field holding the subject with plain endpoints (GitHub: `id`). Default `sub`. */
  subjectClaim?: string;
  /** Allow http issuers/endpoints (the local stand-ins only). */
  allowInsecure?: boolean;
}

/** Provider name → configuration, e.g. `{ google: { issuer: 'https://accounts.google.com', clientId, clientSecret } }`. */
export type SocialProviders = Readonly<Record<string, SocialProviderConfig>>;

const providerSchema = z
  .object({
    issuer: z.url().optional(),
    endpoints: z.object({ authorization: z.url(), token: z.url(), userinfo: z.url() }).optional(),
    clientId: z.string().min(1),
    clientSecret: z.string().min(1),
    scopes: z.array(z.string().min(1)).optional(),
    subjectClaim: z.string().min(1).optional(),
    allowInsecure: z.boolean().optional(),
  })
  .refine((config) => Boolean(config.issuer) !== Boolean(config.endpoints), 'give exactly one of issuer and endpoints');

/** `SOCIAL_PROVIDERS` (JSON: name → configuration), checked; a mistake is an error naming the provider. */
export function parseSocialProviders(json: string): SocialProviders {
  const parsed = z.record(z.string().regex(/^[a-z0-9-]{1,32}$/), providerSchema).safeParse(JSON.parse(json));
  if (!parsed.success) throw new Error(`SOCIAL_PROVIDERS: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return parsed.data;
}

/** Every refusal, as the popup reports it to the widget (`error`) and the service answers it. */
export type SocialError =
  | 'unknown_provider'
  | 'forbidden_parent'
  | 'invalid_request'
  | 'provider_unavailable'
  | 'flow_expired'
  | 'state_mismatch'
  | 'access_denied'
  | 'token_exchange_failed'
  | 'invalid_ticket';

export class SocialRefusal extends Error {
  constructor(
    readonly reason: SocialError,
    readonly status: 400 | 401 | 403 | 404 | 502,
  ) {
    super(reason);
  }
}

/** The widget's own random `state` (it checks it in the popup's message): base64url, 16–128 characters. */
export const CLIENT_STATE = /^[\w-]{16,128}$/;

/** A flow lives 10 minutes; a ticket (popup → frame hand-over) 2 minutes. */
export const FLOW_TTL_MS = 10 * 60_000;
export const TICKET_TTL_MS = 2 * 60_000;

interface Flow {
  provider: string;
  verifier: string;
  state: string;
  nonce?: string;
  parent: string;
  clientState: string;
  expiresAt: number;
}

export interface SocialServiceOptions {
  providers: SocialProviders | (() => SocialProviders);
  store: FrameStore;
  masterKey: Buffer;
  /** Seals the flow cookie (derived from the master key). */
  flowKey: Buffer;
  now?: () => number;
}

export const ticketId = (ticket: string): string => createHash('sha256').update(ticket).digest('base64url');

export class SocialService {
  private readonly configs = new Map<string, Promise<oidc.Configuration>>();
  private readonly now: () => number;

  constructor(private readonly options: SocialServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  providers(): SocialProviders {
    const { providers } = this.options;
    return typeof providers === 'function' ? providers() : providers;
  }

  private provider(name: string): SocialProviderConfig {
    const config = Object.hasOwn(this.providers(), name) ? this.providers()[name] : undefined;
    if (!config) throw new SocialRefusal('unknown_provider', 404);
    return config;
  }

  private configuration(name: string, provider: SocialProviderConfig): Promise<oidc.Configuration> {
    let config = this.configs.get(name);
    if (!config) {
      const options = provider.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : undefined;
      config = (async () => {
        if (provider.issuer) return oidc.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, options);
        if (!provider.endpoints) throw new Error(`social provider ${name}: give an issuer or endpoints`);
        const { authorization, token, userinfo } = provider.endpoints;
        const server = { issuer: new URL(authorization).origin, authorization_endpoint: authorization, token_endpoint: token, userinfo_endpoint: userinfo };
        const configuration = new oidc.Configuration(server, provider.clientId, provider.clientSecret);
        if (provider.allowInsecure) oidc.allowInsecureRequests(configuration);
        return configuration;
      })();
      // A failed discovery is retried by the next login, not cached.
      config.catch(() => this.configs.delete(name));
      this.configs.set(name, config);
    }
    return config;
  }

  /** Starts a login: the provider's authorization URL and the sealed flow for the cookie. */
  async start(name: string, parent: string, clientState: string, callbackUrl: string): Promise<{ url: string; flow: string }> {
    const provider = this.provider(name);
    let config: oidc.Configuration;
    try {
      config = await this.configuration(name, provider);
    } catch {
      throw new SocialRefusal('provider_unavailable', 502);
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = provider.issuer ? oidc.randomNonce() : undefined;
    const scope = (provider.scopes ?? (provider.issuer ? ['openid', 'email'] : [])).join(' ');
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl,
      ...(scope ? { scope } : {}),
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...(nonce ? { nonce } : {}),
    });
    const flow: Flow = { provider: name, verifier, state, ...(nonce ? { nonce } : {}), parent, clientState, expiresAt: this.now() + FLOW_TTL_MS };
    return { url: url.href, flow: seal(this.options.flowKey, Buffer.from(JSON.stringify(flow)), `social-flow:${name}`) };
  }

  /** Opens the flow cookie; throws `flow_expired` when it is missing, altered, for another provider or old. */
  openFlow(name: string, sealed: string | undefined): Flow {
    if (!sealed) throw new SocialRefusal('flow_expired', 400);
    let flow: Flow;
    try {
      flow = JSON.parse(unseal(this.options.flowKey, sealed, `social-flow:${name}`).toString('utf8')) as Flow;
    } catch {
      throw new SocialRefusal('flow_expired', 400);
    }
    if (flow.provider !== name || flow.expiresAt <= this.now()) throw new SocialRefusal('flow_expired', 400);
    return flow;
  }

  /**
   * Finishes a login at the callback (`currentUrl` with `code` and `state`): checks `state`, redeems the code
   * with the PKCE verifier (and `nonce` for OpenID), finds or makes the user by (provider, subject), and
   * leaves a single-use ticket the frame embedded by `flow.parent` redeems for a session.
   */
  async finish(name: string, flow: Flow, currentUrl: URL): Promise<{ ticket: string; user: UserRecord; created: boolean }> {
    const provider = this.provider(name);
    if (currentUrl.searchParams.get('state') !== flow.state) throw new SocialRefusal('state_mismatch', 400);
    if (currentUrl.searchParams.has('error')) throw new SocialRefusal('access_denied', 400);
    let subject: string;
    let email: string | undefined;
    try {
      const config = await this.configuration(name, provider);
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        ...(flow.nonce ? { expectedNonce: flow.nonce, idTokenExpected: true } : {}),
      });
      if (provider.issuer) {
        const claims = tokens.claims()!;
        subject = claims.sub;
        email = typeof claims.email === 'string' ? claims.email : undefined;
        if (email === undefined && config.serverMetadata().userinfo_endpoint) {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, subject);
          email = typeof info.email === 'string' ? info.email : undefined;
        }
      } else {
        const response = await oidc.fetchProtectedResource(config, tokens.access_token, new URL(provider.endpoints!.userinfo), 'GET');
        const info = (await response.json()) as Record<string, unknown>;
        const raw = info[provider.subjectClaim ?? 'sub'];
        if (typeof raw !== 'string' && typeof raw !== 'number') throw new Error('no subject in userinfo');
        subject = String(raw);
        email = typeof info.email === 'string' ? info.email : undefined;
      }
    } catch (err) {
      if (err instanceof SocialRefusal) throw err;
      throw new SocialRefusal('token_exchange_failed', 502);
    }
    const { store, masterKey } = this.options;
    const known = await store.getUserBySocial(name, subject);
    const now = this.now();
    const normalized = email?.trim().toLowerCase();
    let user: UserRecord;
    if (known) {
      user = await store.addSocialUser(known.email === normalized ? known : { ...known, email: normalized }, name, subject);
    } else {
      const id = randomUUID();
      user = await store.addSocialUser({ id, email: normalized, createdAt: now, ...generateWallet(masterKey, id) }, name, subject);
    }
    const ticket = randomBytes(32).toString('base64url');
    await store.putTicket({ id: ticketId(ticket), userId: user.id, parent: flow.parent, expiresAt: now + TICKET_TTL_MS });
    return { ticket, user, created: !known };
  }

  /** The user of a ticket, once, when the frame redeeming it is embedded by the site the login was for. */
  async redeem(ticket: unknown, parent: unknown): Promise<UserRecord> {
    if (typeof ticket !== 'string' || typeof parent !== 'string') throw new SocialRefusal('invalid_ticket', 401);
    const record = await this.options.store.takeTicket(ticketId(ticket));
    if (!record || record.expiresAt <= this.now() || record.parent !== parent) throw new SocialRefusal('invalid_ticket', 401);
    const user = await this.options.store.getUser(record.userId);
    if (!user) throw new SocialRefusal('invalid_ticket', 401);
    return user;
  }
}
