import { serveHttp } from '../service/http.js';
import { silentLogger, type Logger } from '../service/log.js';
import { createDirectoryApp, type DirectoryOptions } from './app.js';

export interface DirectoryServerOptions extends DirectoryOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Structured logs (one line per request); default none. */
  log?: Logger;
  /** The URL clients use behind a proxy: its host is answered too. */
  publicUrl?: string;
}

export interface DirectoryServer {
  /** e.g. http://127.0.0.1:41234/ */
  url: string;
  port: number;
  /** Graceful: requests in flight finish within `timeoutMs` (default 10 s). Idempotent. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Serves the wallet directory API (docs/wire-formats.md#wallet-directory) on host:port, with `/health` and
 * `/health/ready`. It holds its list in memory and writes nothing: any number of instances serve the same file.
 */
export async function startDirectory({ port = 0, host = '127.0.0.1', log = silentLogger, publicUrl, ...options }: DirectoryServerOptions = {}): Promise<DirectoryServer> {
  const app = createDirectoryApp(options);
  const service = await serveHttp({ name: 'wallet directory', host, port, log, fetch: app.fetch, ...(publicUrl ? { publicUrls: () => [publicUrl] } : {}) });
  return { url: service.url, port: service.port, stop: (timeoutMs = 10_000) => service.stop(timeoutMs) };
}
