/**
 * A local Farcaster auth relay speaking the protocol of the public one (relay.farcaster.xyz, FIP-11 "Sign In
 * With Farcaster"): an app opens a channel, shows its URL as a QR code or link and polls the status; a
 * Farcaster client signs the SIWF message and posts it to the channel; the next status poll returns it.
 *
 *   POST /v1/channel               {siweUri, domain, nonce?, notBefore?, expirationTime?, requestId?, redirectUrl?}
 *                                  → 201 {channelToken, url, connectUri, nonce}
 *   GET  /v1/channel/status        Authorization: Bearer <channelToken>
 *                                  → 202 {state: 'pending', nonce, url, ...} | 200 {state: 'completed', message, signature, fid, ...}
 *   POST /v1/channel/authenticate  Authorization: Bearer <channelToken>; {message, signature, fid, username, bio, displayName, pfpUrl}
 *                                  → 201 the channel
 *   POST /v1/channel/reject        Authorization: Bearer <channelToken> → 200 {state: 'rejected'} (a local addition: the
 *                                  public relay has no way to say "no", a channel there just expires)
 *
 * Channels live in memory and expire `ttlMs` after they are opened (401 afterwards, as an unknown token).
 * The relay does not verify signatures: like the public one it only carries them; the app verifies.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { listen, type Listening } from '../../server/listen.js';

export interface FarcasterRelayOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** How long a channel lives after it is opened; default 5 minutes (the public relay's order of magnitude). */
  ttlMs?: number;
  now?: () => number;
  /** Open channels one client address may hold at once (default 100); past it, 429. */
  maxChannelsPerClient?: number;
  /** Open channels the relay holds at once (default 5,000); past it, 503. */
  maxChannels?: number;
}

/** The largest body the relay reads: a sign-in message, its signature and a profile are a few KB. */
export const FARCASTER_RELAY_MAX_BODY = 16 * 1024;

export interface FarcasterRelay {
  /** e.g. http://127.0.0.1:8565 (no trailing slash: auth-client appends /v1/...). */
  url: string;
  stop(): Promise<void>;
}

type ChannelState = 'pending' | 'completed' | 'rejected';

interface Channel {
  state: ChannelState;
  /** The address of the client that opened it (its cap). */
  client: string;
  expiresAt: number;
  body: Record<string, unknown>;
}

const openRequest = z.object({
  siweUri: z.string().url(),
  domain: z.string().min(1),
  nonce: z.string().regex(/^[a-zA-Z0-9]{8,}$/).optional(),
  notBefore: z.string().optional(),
  expirationTime: z.string().optional(),
  requestId: z.string().optional(),
  redirectUrl: z.string().url().optional(),
});

const authenticateRequest = z.object({
  message: z.string().min(1),
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/),
  fid: z.number().int().positive(),
  username: z.string().optional(),
  bio: z.string().optional(),
  displayName: z.string().optional(),
  pfpUrl: z.string().optional(),
  verifications: z.array(z.string()).optional(),
  custody: z.string().optional(),
});

/** The SIWF URI a Farcaster client opens (QR code or link): the channel token plus what the message must say. */
export function channelUrl(channelToken: string, request: z.infer<typeof openRequest> & { nonce: string }): string {
  const params = new URLSearchParams({ channelToken, nonce: request.nonce, siweUri: request.siweUri, domain: request.domain });
  for (const key of ['notBefore', 'expirationTime', 'requestId'] as const) {
    const value = request[key];
    if (value) params.set(key, value);
  }
  return `farcaster://connect?${params.toString()}`;
}

export function createFarcasterRelayApp({ ttlMs = 5 * 60_000, now = Date.now, maxChannelsPerClient = 100, maxChannels = 5_000 }: Pick<FarcasterRelayOptions, 'ttlMs' | 'now' | 'maxChannelsPerClient' | 'maxChannels'> = {}): Hono {
  const channels = new Map<string, Channel>();
  const perClient = new Map<string, number>();
  const app = new Hono();
  app.use('/v1/*', cors({ origin: '*', allowHeaders: ['Authorization', 'Content-Type', 'X-Farcaster-Auth-Relay-Key'] }));
  app.use('*', bodyLimit({ maxSize: FARCASTER_RELAY_MAX_BODY, onError: (c) => c.json({ error: `The body is over ${FARCASTER_RELAY_MAX_BODY} bytes` }, 413) }));
  const clientOf = (c: Context): string => (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ?? 'local';

  const sweep = (): void => {
    const time = now();
    for (const [token, channel] of channels) {
      if (channel.expiresAt > time) continue;
      channels.delete(token);
      const held = (perClient.get(channel.client) ?? 1) - 1;
      if (held > 0) perClient.set(channel.client, held);
      else perClient.delete(channel.client);
    }
  };
  const channelOf = (c: Context): [string, Channel] | undefined => {
    sweep();
    const match = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '');
    const channel = match ? channels.get(match[1]!) : undefined;
    return channel && match ? [match[1]!, channel] : undefined;
  };
  const unauthorized = (c: Context): Response => c.json({ error: 'Unauthorized' }, 401);
  const readJson = async (c: Context): Promise<unknown> => c.req.json().catch(() => undefined);

  app.post('/v1/channel', async (c) => {
    sweep();
    const client = clientOf(c);
    const held = perClient.get(client) ?? 0;
    if (held >= maxChannelsPerClient) return c.json({ error: `Too many open channels from this address (at most ${maxChannelsPerClient}); try again later` }, 429);
    if (channels.size >= maxChannels) return c.json({ error: 'The relay holds too many open channels; try again later' }, 503);
    const parsed = openRequest.safeParse(await readJson(c));
    if (!parsed.success) return c.json({ error: 'Validation error', issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 400);
    perClient.set(client, held + 1);
    const nonce = parsed.data.nonce ?? randomBytes(12).toString('hex');
    const channelToken = randomUUID();
    const url = channelUrl(channelToken, { ...parsed.data, nonce });
    channels.set(channelToken, { state: 'pending', client, expiresAt: now() + ttlMs, body: { nonce, url, connectUri: url, ...(parsed.data.requestId ? { requestId: parsed.data.requestId } : {}) } });
    return c.json({ channelToken, url, connectUri: url, nonce }, 201);
  });

  app.get('/v1/channel/status', (c) => {
    const found = channelOf(c);
    if (!found) return unauthorized(c);
    const [, channel] = found;
    return c.json({ state: channel.state, ...channel.body }, channel.state === 'pending' ? 202 : 200);
  });

  app.post('/v1/channel/authenticate', async (c) => {
    const found = channelOf(c);
    if (!found) return unauthorized(c);
    const [, channel] = found;
    if (channel.state !== 'pending') return c.json({ error: `Channel is ${channel.state}` }, 409);
    const parsed = authenticateRequest.safeParse(await readJson(c));
    if (!parsed.success) return c.json({ error: 'Validation error', issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 400);
    channel.state = 'completed';
    channel.body = { ...channel.body, ...parsed.data };
    return c.json({ state: channel.state, ...channel.body }, 201);
  });

  app.post('/v1/channel/reject', (c) => {
    const found = channelOf(c);
    if (!found) return unauthorized(c);
    const [, channel] = found;
    if (channel.state !== 'pending') return c.json({ error: `Channel is ${channel.state}` }, 409);
    channel.state = 'rejected';
    return c.json({ state: channel.state, ...channel.body }, 200);
  });

  return app;
}

export async function startFarcasterRelay({ host = '127.0.0.1', port = 0, ...options }: FarcasterRelayOptions = {}): Promise<FarcasterRelay> {
  const app = createFarcasterRelayApp(options);
  const listening: Listening = await listen(app.fetch, { host, port, service: 'Farcaster relay', hostCheck: {} });
  return { url: listening.url.replace(/\/$/, ''), stop: () => listening.stop() };
}
