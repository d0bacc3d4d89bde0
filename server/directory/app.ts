import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { CAIP2_PATTERN } from '../api/caip.js';
import { ApiError } from '../api/errors.js';
import { commonQuerySchema, parseInputs } from '../api/params.js';
import { walletSvg } from './logos.js';
import { DEFAULT_WALLETS, demoWallets, generateWallets, toWcWallet, type WalletRecord, type WcWallet } from './records.js';

export { DEFAULT_WALLETS, type WalletRecord, type WcWallet } from './records.js';

export interface DirectoryOptions {
  /** The wallets served; default the shipped real-wallet list (wallets.json). */
  wallets?: readonly WalletRecord[];
  /** Appends N synthetic "Generated Wallet 001"… entries (paging tests). Default 0. */
  extraGenerated?: number;
  /** Appends N made-up demo wallets ("Aurora Wallet"…, up to 150) with geometric logos: the local demo's directory. Default 0. */
  demoWallets?: number;
}

/** Largest page a caller may ask for: the search call uses 100 (docs/wire-formats.md#wallet-directory, docs/specification.md#constants). */
export const MAX_ENTRIES = 100;
/** Search answers at most this many wallets in all (docs/specification.md#constants). */
export const MAX_SEARCH_RESULTS = 100;
export const MIN_SEARCH_LENGTH = 2;

const positiveInt = (name: string, max?: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${name} must be a positive integer`)
    .transform(Number)
    .refine((n) => n >= 1, `${name} must be at least 1`)
    .refine((n) => max === undefined || n <= max, `${name} must be at most ${max}`);

const idList = (name: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((id) => id.trim()).filter(Boolean) : undefined))
    .pipe(z.array(z.string().regex(/^[-_.a-zA-Z0-9]{1,128}$/, `${name} must be comma-separated wallet ids`)).max(500, `${name} lists at most 500 ids`).optional());

const getWalletsQuerySchema = z.object({
  page: positiveInt('page').optional().default(1),
  entries: positiveInt('entries', MAX_ENTRIES).optional().default(40),
  search: z
    .string()
    .max(100, 'search must be at most 100 characters')
    .optional()
    .transform((value) => value?.trim() || undefined)
    .refine((value) => value === undefined || value.length >= MIN_SEARCH_LENGTH, `search needs at least ${MIN_SEARCH_LENGTH} characters`),
  include: idList('include'),
  exclude: idList('exclude'),
  chains: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((id) => id.trim()).filter(Boolean) : undefined))
    .pipe(z.array(z.string().regex(CAIP2_PATTERN, 'chains must be comma-separated CAIP-2 ids such as eip155:1')).max(100, 'chains lists at most 100 ids').optional()),
  badge_type: z.enum(['certified', 'none'], { error: 'badge_type must be certified or none' }).optional(),
  badge: z.enum(['certified'], { error: 'badge must be certified' }).optional(),
  names: z.string().max(4000, 'names is too long').optional(),
  rdns: z.string().max(4000, 'rdns is too long').optional(),
  include_pay_only: z.enum(['true', 'false'], { error: 'include_pay_only must be true or false' }).optional(),
  sort: z.enum(['default', 'wcpay'], { error: 'sort must be default or wcpay' }).optional(),
});

const imageIdSchema = z.object({ imageId: z.string().regex(/^[-_.a-zA-Z0-9]{1,128}$/, 'imageId must be an image id') });

const csv = (value: string | undefined): string[] => (value ? value.split(',').map((part) => part.trim()).filter(Boolean) : []);

/**
 * The wallet directory ("explorer") API of docs/wire-formats.md#wallet-directory that the widget needs: `GET /getWallets` and
 * `GET /getWalletImage/:imageId`, over a fixed in-memory list.
 */
export function createDirectoryApp({ wallets = DEFAULT_WALLETS, extraGenerated = 0, demoWallets: demoCount = 0 }: DirectoryOptions = {}): Hono {
  if (!Number.isInteger(extraGenerated) || extraGenerated < 0) throw new RangeError('extraGenerated must be a non-negative integer');
  const lastOrder = wallets.reduce((max, wallet) => Math.max(max, wallet.order), 0);
  const demo = demoWallets(demoCount, lastOrder);
  const all: WalletRecord[] = [...wallets, ...demo, ...generateWallets(extraGenerated, lastOrder + demoCount)].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  const byImage = new Map(all.map((wallet) => [wallet.image_id, wallet]));
  const wire = new Map<string, WcWallet>(all.map((wallet) => [wallet.id, toWcWallet(wallet)]));

  const app = new Hono();
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'OPTIONS'], allowHeaders: ['Content-Type'], maxAge: 600 }));
  // Every call carries projectId, st and sv (docs/wire-formats.md#requests); checked before anything else.
  app.on('GET', '*', async (c: Context, next) => {
    parseInputs([[commonQuerySchema, c.req.query(), 'query']]);
    await next();
  });

  app.get('/getWallets', (c) => {
    const { projectId: _p, st: _s, sv: _v, clientId: _c, ...rest } = c.req.query();
    const [q] = parseInputs([[getWalletsQuerySchema, rest, 'query']]);
    let list = all;
    if (q.include) {
      const include = new Set(q.include);
      list = list.filter((wallet) => include.has(wallet.id));
    }
    if (q.exclude) {
      const exclude = new Set(q.exclude);
      list = list.filter((wallet) => !exclude.has(wallet.id));
    }
    if (q.chains) {
      const chains = new Set(q.chains);
      list = list.filter((wallet) => !wallet.chains || wallet.chains.some((chain) => chains.has(chain)));
    }
    const badge = q.badge ?? q.badge_type;
    if (badge === 'certified') list = list.filter((wallet) => wallet.badge_type === 'certified');
    const names = csv(q.names).map((name) => name.toLowerCase());
    const rdns = csv(q.rdns);
    if (names.length > 0 || rdns.length > 0) {
      list = list.filter((wallet) => names.includes(wallet.name.toLowerCase()) || (wallet.rdns !== undefined && rdns.includes(wallet.rdns)));
    }
    if (q.search) {
      const needle = q.search.toLowerCase();
      list = list.filter((wallet) => wallet.name.toLowerCase().includes(needle)).slice(0, MAX_SEARCH_RESULTS);
    }
    const start = (q.page - 1) * q.entries;
    const data = list.slice(start, start + q.entries).map((wallet) => wire.get(wallet.id)!);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ count: list.length, data });
  });

  app.get('/getWalletImage/:imageId', (c) => {
    const [{ imageId }] = parseInputs([[imageIdSchema, { imageId: c.req.param('imageId') }, 'imageId']]);
    const wallet = byImage.get(imageId);
    if (!wallet) throw new ApiError(404, [{ name: 'imageId', description: `no image ${imageId}` }]);
    return c.body(walletSvg(wallet), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=86400, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  });

  app.notFound((c) => c.json(new ApiError(404, [{ name: 'path', description: `no route for ${c.req.method} ${c.req.path}` }]).body, 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.body, err.status);
    console.error('[directory] request failed:', err);
    return c.json(new ApiError(500, [{ name: 'server', description: 'Internal server error' }]).body, 500);
  });
  return app;
}
