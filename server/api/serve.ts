import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { isAddressInUse, PortInUseError } from '../ports.js';
import { createWalletApi, type WalletApiOptions } from './app.js';
import type { Indexer } from './indexer.js';

export interface WalletApiServerOptions extends WalletApiOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
}

export interface WalletApiServer {
  /** The API base, e.g. http://127.0.0.1:8545/ — the widget's `api-url`. */
  url: string;
  port: number;
  indexer: Indexer;
  /** Closes the socket, stops the indexer and saves the index. Idempotent. */
  stop(): Promise<void>;
}

/** Serves the wallet data API on `host:port` (127.0.0.1 only by default). */
export async function startWalletApi({ port = 0, host = '127.0.0.1', ...options }: WalletApiServerOptions): Promise<WalletApiServer> {
  const api = await createWalletApi(options);
  try {
    return await new Promise<WalletApiServer>((resolve, reject) => {
      const server = serve({ fetch: api.app.fetch, port, hostname: host }, (info) => {
        server.off('error', onListenError);
        const urlHost = host.includes(':') ? `[${host}]` : host;
        let stopping: Promise<void> | undefined;
        resolve({
          url: `http://${urlHost}:${info.port}/`,
          port: info.port,
          indexer: api.indexer,
          stop: () =>
            (stopping ??= (async () => {
              await new Promise<void>((done) => {
                server.close(() => done());
                server.closeAllConnections();
              });
              await api.close();
            })()),
        });
      }) as Server;
      const onListenError = (err: Error): void => {
        server.close();
        reject(isAddressInUse(err) ? new PortInUseError('wallet API', host, port) : err);
      };
      server.once('error', onListenError);
    });
  } catch (err) {
    await api.close();
    throw err;
  }
}
