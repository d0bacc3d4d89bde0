import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { isAllowedHost, localHosts, MISDIRECTED_TEXT } from './host-check.js';
import { isAddressInUse, PortInUseError } from './ports.js';

export interface Listening {
  /** e.g. http://127.0.0.1:5173/ */
  url: string;
  port: number;
  /** Closes the socket (and open keep-alive connections); idempotent. */
  stop(): Promise<void>;
  /**
   * Graceful close: accepts nothing new, lets requests in flight finish (idle keep-alive sockets are closed at
   * once), and after `timeoutMs` closes what is still open. Idempotent, shared with `stop()`.
   */
  drain(timeoutMs: number): Promise<void>;
}

/**
 * Serves a fetch handler (a hono app) on `host:port`; port 0 picks a free one. A taken port is a
 * `PortInUseError` naming `service`, so `npm start` can say which setting to change. With `hostCheck`, only the
 * service's own host names are answered (`127.0.0.1`, `localhost`, `[::1]` on the bound port, and the hosts of
 * `publicUrls()`): any other `Host` header gets 421, so a DNS-rebinding page cannot read the service
 * (server/host-check.ts).
 */
export function listen(
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>,
  { host, port, service, hostCheck }: { host: string; port: number; service: string; hostCheck?: { publicUrls?: () => readonly (string | undefined)[] } },
): Promise<Listening> {
  let allowed: readonly string[] | undefined;
  const checked = !hostCheck
    ? fetch
    : (request: Request, env?: unknown) =>
        allowed && !isAllowedHost(request.headers.get('host') ?? undefined, [...allowed, ...localHosts(0, ...(hostCheck.publicUrls?.() ?? [])).slice(3)])
          ? new Response(MISDIRECTED_TEXT, { status: 421, headers: { 'content-type': 'text/plain; charset=utf-8' } })
          : fetch(request, env);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: checked, port, hostname: host }, (info) => {
      allowed = localHosts(info.port, `http://${host.includes(':') ? `[${host}]` : host}:${info.port}/`);
      server.off('error', onListenError);
      const urlHost = host.includes(':') ? `[${host}]` : host;
      let stopping: Promise<void> | undefined;
      resolve({
        url: `http://${urlHost}:${info.port}/`,
        port: info.port,
        stop: () =>
          (stopping ??= new Promise<void>((done) => {
            server.close(() => done());
            // A browser's keep-alive sockets would otherwise hold close() open for seconds.
            server.closeAllConnections();
          })),
        drain: (timeoutMs) =>
          (stopping ??= new Promise<void>((done) => {
            const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
            server.close(() => {
              clearTimeout(timer);
              done();
            });
            server.closeIdleConnections();
          })),
      });
    }) as Server;
    const onListenError = (err: Error): void => {
      server.close();
      reject(isAddressInUse(err) ? new PortInUseError(service, host, port) : err);
    };
    server.once('error', onListenError);
  });
}
