import type { Context, Hono } from 'hono';
import { getAddress } from 'viem';
import { ApiError } from './errors.js';
import type { IdentityResolver } from './identity.js';
import type { NameService } from './names.js';
import { EVM_ADDRESS_PATTERN } from './caip.js';

/** The chain node failed us: a 502 naming what could not be read, not a 500. */
async function upstream<T>(what: string, promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    console.warn(`[wallet-api] ${what}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    throw new ApiError(502, [{ name: what, description: `the chain did not answer the ${what} lookup` }]);
  }
}

/**
 * The profile (names) endpoints, docs/wire-formats.md#wallet-data-api, from ENS on the local chain: names in the
 * registration zone (names.ts) and, for row 12, any other ENS name (e.g. alice.eth) by forward resolution.
 */
export function addProfileRoutes(app: Hono, { identity, names, clientOf }: { identity: IdentityResolver; names: NameService | undefined; clientOf: (c: Context) => string }): void {
  app.get('/v1/profile/account/:name', async (c) => {
    const name = c.req.param('name');
    if (!/^[^\s/]{1,255}$/.test(name)) throw new ApiError(400, [{ name: 'name', description: 'not a name' }]);
    if (names && name.toLowerCase().endsWith(`.${names.zone}`)) {
      const record = await upstream('profile', names.record(`${names.label(name)}.${names.zone}`));
      if (!record) throw new ApiError(404, [{ name: 'name', description: `${name} is not registered` }]);
      return c.json(record);
    }
    const found = await upstream('profile', identity.resolveName(name));
    if (!found) throw new ApiError(404, [{ name: 'name', description: `${name} is not registered` }]);
    return c.json({
      name: found.name,
      registered_at: new Date(0).toISOString(),
      addresses: { '60': { address: found.address, created: new Date(0).toISOString() } },
      attributes: found.avatar ? [{ avatar: found.avatar }] : [],
    });
  });

  // The zone names of an address; Solana (or anything not an EVM address) has none.
  app.get('/v1/profile/reverse/:address', async (c) => {
    const raw = c.req.param('address');
    if (!names || !EVM_ADDRESS_PATTERN.test(raw)) return c.json([]);
    const name = await upstream('reverse', names.nameOf(getAddress(raw)));
    const record = name ? await upstream('reverse', names.record(name)) : undefined;
    return c.json(record ? [record] : []);
  });

  app.get('/v1/profile/suggestions/:name', async (c) => {
    const zone = c.req.query('zone');
    if (!names || (zone !== undefined && zone !== names.zone)) return c.json({ suggestions: [] });
    return c.json({ suggestions: await upstream('suggestions', names.suggestions(c.req.param('name'))) });
  });

  app.post('/v1/profile/account', async (c) => {
    if (!names) throw new ApiError(404, [{ name: 'zone', description: 'this service registers no names' }]);
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      throw ApiError.badRequest('body', 'body must be JSON: { coin_type, address, message, signature }');
    }
    if (!body || typeof body !== 'object') throw ApiError.badRequest('body', 'body must be JSON: { coin_type, address, message, signature }');
    return c.json(await upstream('registration', names.register(body, clientOf(c))));
  });
}
