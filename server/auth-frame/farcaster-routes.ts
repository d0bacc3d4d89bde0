/**
 * Sign In With Farcaster in the secure service. The frame asks for a channel (`POST /api/farcaster/start`
 * → {url, channelToken}); the service opens it on the Farcaster auth relay with a nonce of its own and
 * domain = its own host, so a message signed for another site never verifies here. The frame then polls
 * `POST /api/farcaster/wait` {channelToken} (one relay status read per call): pending → {state: 'pending'};
 * completed → the SIWF message is verified (domain, nonce, custody signature against the IdRegistry,
 * server/farcaster-relay/verify.ts), the user of that fid is found or made once (with an embedded wallet,
 * as for email), the frame's session cookie is set and the user returned; rejected / expired / not valid →
 * {error}. A channel can be redeemed once, only by the service that opened it (any of its instances: the pending
 * channels are in the login store).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { AppClient } from '@farcaster/auth-client';
import { verifyFarcasterSignIn } from '../farcaster-relay/verify.js';
import { generateWallet } from './keys.js';
import type { FrameStore, UserRecord } from './store.js';

export interface FarcasterRoutesOptions {
  /** The relay (http://host:port, no /v1) and the app client that verifies against the IdRegistry. */
  relayUrl: string;
  verifier: AppClient;
  store: FrameStore;
  masterKey: Buffer;
  origin: () => string;
  signIn: (c: Context, userId: string) => Promise<void>;
  publicUser: (user: UserRecord) => unknown;
  log: (line: string) => void;
  now?: () => number;
  /** How long a channel opened here may be waited on; default 5 minutes (the relay's own lifetime). */
  ttlMs?: number;
}

interface Pending {
  nonce: string;
  domain: string;
}
const KIND = 'farcaster';

/** Most Sign In With Farcaster channels waited on at once. */
const MAX_PENDING = 10_000;

export function mountFarcasterRoutes(app: Hono, options: FarcasterRoutesOptions): void {
  const { store, log, now = Date.now, ttlMs = 5 * 60_000 } = options;
  const relay = options.relayUrl.replace(/\/$/, '');

  app.post('/api/farcaster/start', async (c) => {
    const origin = new URL(options.origin());
    const nonce = randomBytes(16).toString('hex');
    let response: Response;
    try {
      response = await fetch(`${relay}/v1/channel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siweUri: `${origin.origin}/`, domain: origin.host, nonce }),
      });
    } catch (err) {
      log(`farcaster relay unreachable: ${err instanceof Error ? err.message : String(err)}`);
      return c.json({ error: 'relay_unavailable' }, 502);
    }
    if (response.status !== 201) return c.json({ error: 'relay_unavailable' }, 502);
    const channel = (await response.json()) as { channelToken: string; url: string };
    // Bounded: past MAX_PENDING channels the oldest is dropped (its wait then answers expired).
    const entry: Pending = { nonce, domain: origin.host };
    await store.putPending(KIND, channel.channelToken, JSON.stringify(entry), now() + ttlMs, MAX_PENDING);
    return c.json({ url: channel.url, channelToken: channel.channelToken });
  });

  app.post('/api/farcaster/wait', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { channelToken?: unknown };
    const token = typeof body.channelToken === 'string' && body.channelToken.length <= 512 ? body.channelToken : '';
    const stored = token ? await store.getPending(KIND, token) : undefined;
    if (!stored) return c.json({ error: 'expired' }, 410);
    let response: Response;
    try {
      response = await fetch(`${relay}/v1/channel/status`, { headers: { Authorization: `Bearer ${token}` } });
    } catch {
      return c.json({ error: 'relay_unavailable' }, 502);
    }
    if (response.status === 401) {
      await store.takePending(KIND, token);
      return c.json({ error: 'expired' }, 410);
    }
    const status = (await response.json()) as { state?: string; message?: string; signature?: `0x${string}` };
    if (status.state === 'pending') return c.json({ state: 'pending' });
    // Settled either way: a channel is redeemed once, by the one instance that takes it.
    const taken = await store.takePending(KIND, token);
    if (!taken) return c.json({ error: 'expired' }, 410);
    const entry = JSON.parse(taken) as Pending;
    if (status.state !== 'completed' || !status.message || !status.signature) return c.json({ error: 'rejected' }, 403);
    let fid: number;
    try {
      ({ fid } = await verifyFarcasterSignIn(options.verifier, { message: status.message, signature: status.signature, nonce: entry.nonce, domain: entry.domain }));
    } catch (err) {
      log(`farcaster sign-in refused: ${err instanceof Error ? err.message : String(err)}`);
      return c.json({ error: 'invalid_signature' }, 401);
    }
    let user = await store.getUserBySocial('farcaster', String(fid));
    if (!user) {
      const id = randomUUID();
      user = await store.addSocialUser({ id, email: undefined, socialProvider: 'farcaster', createdAt: now(), ...generateWallet(options.masterKey, id) }, 'farcaster', String(fid));
    }
    await options.signIn(c, user.id);
    return c.json({ state: 'completed', fid, user: options.publicUser(user) });
  });
}
