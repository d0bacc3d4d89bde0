/**
 * An HTTP service's outer shell, the same for each: `/health` and `/health/ready` before anything else, one
 * structured log line per request (method, path, status, time; never a query string, body or cookie), the
 * service's own host names only (DNS rebinding), and a graceful stop: readiness turns 503, requests in flight
 * finish within the timeout, then `onStop` releases what the service holds (its database).
 */
import { listen } from '../listen.js';
import { health as makeHealth, type ReadinessCheck } from './health.js';
import type { Logger } from './log.js';
import type { RunningService } from './run.js';

export interface HttpServiceOptions {
  /** Named in a port clash's error. */
  name: string;
  host: string;
  port: number;
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
  /** Readiness checks by name (e.g. `storage: () => db.ping()`). */
  ready?: Record<string, ReadinessCheck>;
  log: Logger;
  /** URLs the service is also reached by (behind a proxy): their hosts are answered too. */
  publicUrls?: () => readonly (string | undefined)[];
  /** After the last request: close the database, timers… */
  onStop?: () => Promise<void>;
}

export interface HttpService extends RunningService {
  port: number;
}

export async function serveHttp({ name, host, port, fetch, ready = {}, log, publicUrls, onStop }: HttpServiceOptions): Promise<HttpService> {
  const health = makeHealth(ready);
  const handler = async (request: Request, env?: unknown): Promise<Response> => {
    const started = performance.now();
    const answered = health.handle(request);
    const response = await (answered ?? fetch(request, env));
    if (!answered) log.info('request', { method: request.method, path: new URL(request.url).pathname, status: response.status, ms: Math.round(performance.now() - started) });
    return response;
  };
  const listening = await listen(handler, { host, port, service: name, hostCheck: publicUrls ? { publicUrls } : {} });
  let stopping: Promise<void> | undefined;
  return {
    url: listening.url,
    port: listening.port,
    stop: (timeoutMs) =>
      (stopping ??= (async () => {
        health.draining();
        await listening.drain(timeoutMs);
        await onStop?.();
      })()),
  };
}
