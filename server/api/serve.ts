import { listen } from '../listen.js';
import { createWalletApi, type WalletApiOptions } from './app.js';
import type { Indexer } from './indexer.js';
import type { SolanaIndexer } from './solana/indexer.js';

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
  solanaIndexer: SolanaIndexer;
  /** Closes the socket, stops the indexer and saves the index. Idempotent. */
  stop(): Promise<void>;
}

/** Serves the wallet data API on `host:port` (127.0.0.1 only by default). */
export async function startWalletApi({ port = 0, host = '127.0.0.1', ...options }: WalletApiServerOptions): Promise<WalletApiServer> {
  const api = await createWalletApi(options);
  try {
    const server = await listen(api.app.fetch, { host, port, service: 'wallet API', hostCheck: {} });
    let stopping: Promise<void> | undefined;
    return {
      url: server.url,
      port: server.port,
      indexer: api.indexer,
      solanaIndexer: api.solanaIndexer,
      stop: () => (stopping ??= server.stop().then(() => api.close())),
    };
  } catch (err) {
    await api.close();
    throw err;
  }
}
