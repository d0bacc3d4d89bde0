/**
 * The sign-in backend as a service of its own: the Auth.js API (backend.ts) under its base path on its own port,
 * behind the site's reverse proxy, which forwards `<site>/api/auth/*` to it so the cookies stay the site's own.
 * Several instances may run behind that proxy on one PostgreSQL (`database`): nonces, sessions and the secret
 * are in the database, so any instance answers any request.
 */
import { createSignInBackend, type SignInBackend, type SignInBackendOptions } from './backend.js';
import { clientIp } from '../service/client-ip.js';
import { serveHttp, type HttpService } from '../service/http.js';
import { silentLogger, type Logger } from '../service/log.js';
import { SqlAuthStore } from './store.js';

export interface SignInServiceOptions extends Omit<SignInBackendOptions, 'store' | 'log' | 'site'> {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** The site's public URL (what messages must name); the proxy's Host is answered. */
  site: string;
  /** How many proxies in front append to X-Forwarded-For (for the email capture's per-IP limits); default 0. */
  trustedProxies?: number;
  log?: Logger;
}

export interface SignInService extends HttpService {
  backend: SignInBackend;
}

export async function startSignInService({ host = '127.0.0.1', port = 0, site, trustedProxies = 0, log = silentLogger, database = ':memory:', now, ...backendOptions }: SignInServiceOptions): Promise<SignInService> {
  const store = await SqlAuthStore.open(database, now ? { now } : {});
  let backend: SignInBackend;
  try {
    backend = await createSignInBackend({ ...backendOptions, site, store, ...(now ? { now } : {}), log: (line) => log.warn(line) });
  } catch (err) {
    await store.close();
    throw err;
  }
  const prefix = `${backend.basePath}/`;
  try {
    const service = await serveHttp({
      name: 'sign-in backend',
      host,
      port,
      log,
      publicUrls: () => [site],
      ready: { storage: () => store.db.ping() },
      fetch: (request, env) =>
        new URL(request.url).pathname.startsWith(prefix)
          ? backend.handle(request, { clientIp: clientIp(request, env, trustedProxies) })
          : Response.json({ error: 'not_found' }, { status: 404 }),
      onStop: () => backend.close(),
    });
    return { ...service, backend };
  } catch (err) {
    await backend.close();
    throw err;
  }
}
