import { serveHttp } from '../service/http.js';
import { silentLogger, type Logger } from '../service/log.js';
import { createWalletApi, type WalletApiOptions } from './app.js';
import type { Indexer } from './indexer.js';
import type { SolanaIndexer } from './solana/indexer.js';

export interface WalletApiServerOptions extends WalletApiOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Structured logs (one line per request); default none. */
  log?: Logger;
  /** URLs the API is also reached by (behind a proxy): their hosts are answered too. */
  publicUrl?: string;
}

export interface WalletApiServer {
  /** The API base, e.g. http://127.0.0.1:8545/ — the widget's `api-url`. */
  url: string;
  port: number;
  indexer: Indexer;
  solanaIndexer: SolanaIndexer;
  /**
   * Graceful: readiness turns 503, requests in flight finish (within `timeoutMs`, default 10 s), the indexers
   * write their batch in flight and give their chains up, the database closes. Idempotent.
   */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Serves the wallet data API on `host:port` (127.0.0.1 only by default), with `/health` and `/health/ready`
 * (which checks the index's database). Several instances may share one PostgreSQL: each serves every request,
 * and each chain is indexed by one of them at a time (lease.ts).
 */
export async function startWalletApi({ port = 0, host = '127.0.0.1', log = silentLogger, publicUrl, ...options }: WalletApiServerOptions): Promise<WalletApiServer> {
  const api = await createWalletApi(options);
  try {
    const service = await serveHttp({
      name: 'wallet API',
      host,
      port,
      log,
      fetch: api.app.fetch,
      ready: { storage: () => api.store.ping() },
      ...(publicUrl ? { publicUrls: () => [publicUrl] } : {}),
      onStop: () => api.close(),
    });
    return {
      url: service.url,
      port: service.port,
      indexer: api.indexer,
      solanaIndexer: api.solanaIndexer,
      stop: (timeoutMs = 10_000) => service.stop(timeoutMs),
    };
  } catch (err) {
    await api.close();
    throw err;
  }
}
