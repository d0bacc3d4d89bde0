import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createAnalyticsReceiver } from './analytics-receiver.js';
import { buildCsp } from './csp.js';
import { hostAllowlist, localHosts } from '../server/host-check.js';
import { listen } from '../server/listen.js';
import { readStaticFile } from './static-files.js';

export interface WebChain {
  chainId: number;
  rpcUrl: string;
}

export interface WebAppOptions {
  /** Project root: the folder holding demo/ and dist/. */
  root: string;
  chains: readonly WebChain[];
  extraConnectSrc?: readonly string[];
  /** Further img-src sources (the wallet directory's origin). */
  extraImgSrc?: readonly string[];
  /** Origins the page may frame (the email-login service). */
  extraFrameSrc?: readonly string[];
  /** `%NAME%` in demo/index.html → value (the stack passes API_URL, RELAY_URL and DIRECTORY_URL). */
  placeholders?: Readonly<Record<string, string>>;
  /** The sign-in backend (server/auth/), mounted under its base path on this origin, as a site owner would. */
  auth?: { basePath: string; handle(request: Request, info?: { clientIp?: string }): Promise<Response> };
  /** The Host header values answered (server/host-check.ts); others get 421. None: any. */
  allowedHosts?: () => readonly string[];
  /** Mount the local analytics receiver at `/analytics` (devstack/analytics-receiver.ts) for `analytics-url`. */
  analytics?: boolean;
}

export interface WebOptions extends WebAppOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** The page's public URL when behind a proxy: its host is answered besides 127.0.0.1/localhost/[::1]. */
  publicUrl?: string;
}

export interface WebServer {
  /** The demo page, e.g. http://127.0.0.1:5173/ */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Folders served under their own name; nothing else in the project root is reachable. */
const STATIC_MOUNTS = ['demo', 'dist'] as const;
const RPC_PLACEHOLDER = /%RPC_URL_(\d+)%/g;
const AUTH_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * Fills `%RPC_URL_<chainId>%` with that chain's RPC URL. Placeholders for chains we do not run are left as
 * they are, so a mismatch between the page and the stack shows up as an obviously wrong URL, not a silent one.
 */
export function substituteRpcUrls(html: string, chains: readonly WebChain[]): string {
  const byId = new Map(chains.map((chain) => [String(chain.chainId), chain.rpcUrl]));
  return html.replace(RPC_PLACEHOLDER, (placeholder, id: string) => byId.get(id) ?? placeholder);
}

/** The hono app alone (no socket), so tests can drive it with `app.request()`. */
/** Fills `%NAME%` for each entry of `placeholders` (e.g. `%API_URL%`). */
export function substitutePlaceholders(html: string, placeholders: Readonly<Record<string, string>>): string {
  return html.replace(/%([A-Z_]+)%/g, (placeholder, name: string) => placeholders[name] ?? placeholder);
}

export function createWebApp({ root, chains, extraConnectSrc = [], extraImgSrc = [], extraFrameSrc = [], placeholders = {}, auth, allowedHosts, analytics = false }: WebAppOptions): Hono {
  const csp = buildCsp({ rpcUrls: chains.map((chain) => chain.rpcUrl), extraConnectSrc, extraImgSrc, extraFrameSrc });
  const app = new Hono();
  if (allowedHosts) app.use('*', hostAllowlist(allowedHosts));

  // Set after the handler so 404s and errors carry the same headers as pages.
  app.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', csp);
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    // Tests and reloads must always see the bundle that was just built.
    c.res.headers.set('Cache-Control', 'no-store');
  });

  app.get('/', async (c) => {
    let html: string;
    try {
      // Read per request: other tools rewrite demo/index.html while the server runs.
      html = await readFile(join(root, 'demo', 'index.html'), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return c.text('demo/index.html not found', 404);
      throw err;
    }
    return c.html(substitutePlaceholders(substituteRpcUrls(html, chains), placeholders));
  });

  for (const mount of STATIC_MOUNTS) {
    const baseDir = join(root, mount);
    const prefix = `/${mount}/`;
    app.get(`${prefix}*`, async (c) => {
      // The raw (still percent-encoded) path: hono's c.req.path is already decoded, which would hide `..%2f`.
      const pathname = new URL(c.req.url).pathname;
      if (!pathname.startsWith(prefix)) return c.notFound();
      const file = await readStaticFile(baseDir, pathname.slice(prefix.length));
      if (!file) return c.notFound();
      return c.body(new Uint8Array(file.body), 200, { 'Content-Type': file.contentType });
    });
  }

  if (auth) {
    // The backend bounds its bodies too; this refuses a large one before it reaches the handler.
    app.use(`${auth.basePath}/*`, bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: 'payload_too_large' }, 413) }));
    app.all(`${auth.basePath}/*`, async (c) => {
      const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
      const response = await auth.handle(c.req.raw, socket ? { clientIp: socket } : {});
      // Response.redirect() has immutable headers; the middleware above adds its own.
      const mutable = new Response(response.body, response);
      // Auth.js's sign-in and error pages carry their styles inline, and nothing else.
      if (mutable.headers.get('content-type')?.startsWith('text/html')) mutable.headers.set('Content-Security-Policy', AUTH_PAGE_CSP);
      return mutable;
    });
  }

  if (analytics) app.route('/analytics', createAnalyticsReceiver().app);

  app.notFound((c) => c.text('Not found', 404));
  app.onError((err, c) => {
    console.error('[web] request failed:', err);
    return c.text('Internal server error', 500);
  });
  return app;
}

/** Serves the demo page, demo/ and dist/ on `host:port` (127.0.0.1 only by default). */
export async function startWeb({ port = 0, host = '127.0.0.1', publicUrl, ...appOptions }: WebOptions): Promise<WebServer> {
  let hosts: string[] = [];
  const server = await listen(createWebApp({ allowedHosts: () => hosts, ...appOptions }).fetch, { host, port, service: 'web server' });
  hosts = localHosts(server.port, server.url, publicUrl);
  return server;
}
