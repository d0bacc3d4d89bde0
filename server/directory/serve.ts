import { listen } from '../listen.js';
import { createDirectoryApp, type DirectoryOptions } from './app.js';

export interface DirectoryServer {
  /** e.g. http://127.0.0.1:41234/ */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Serves the wallet directory API (docs/wire-formats.md#wallet-directory) on host:port; port 0 picks a free one. */
export async function startDirectory({ port = 0, host = '127.0.0.1', ...options }: DirectoryOptions & { port?: number; host?: string } = {}): Promise<DirectoryServer> {
  const app = createDirectoryApp(options);
  const { url, port: boundPort, stop } = await listen(app.fetch, { host, port, service: 'wallet directory', hostCheck: {} });
  return { url, port: boundPort, stop };
}
