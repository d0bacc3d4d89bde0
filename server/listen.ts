import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { isAddressInUse, PortInUseError } from './ports.js';

export interface Listening {
  /** e.g. http://127.0.0.1:5173/ */
  url: string;
  port: number;
  /** Closes the socket (and open keep-alive connections); idempotent. */
  stop(): Promise<void>;
}

/**
 * Serves a fetch handler (a hono app) on `host:port`; port 0 picks a free one. A taken port is a
 * `PortInUseError` naming `service`, so `npm start` can say which setting to change.
 */
export function listen(fetch: (request: Request) => Response | Promise<Response>, { host, port, service }: { host: string; port: number; service: string }): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname: host }, (info) => {
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
      });
    }) as Server;
    const onListenError = (err: Error): void => {
      server.close();
      reject(isAddressInUse(err) ? new PortInUseError(service, host, port) : err);
    };
    server.once('error', onListenError);
  });
}
