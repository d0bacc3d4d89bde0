import type { IncomingMessage, ServerResponse } from 'node:http';
import { refuseMisdirected } from '../host-check.js';

/** What the relay's plain HTTP side needs to answer: its host names, its open sockets, its readiness check. */
export interface RelayHttpState {
  /** The relay's own host names (known once bound): any other Host gets 421. */
  hosts(): readonly string[];
  connections(): number;
  /** server/service/health.ts's handler: `/health/ready` (not stopping, and the storage answers). */
  ready(request: Request): Promise<Response> | undefined;
}

/**
 * The relay's HTTP answers besides the WebSocket upgrade: `GET /health` (status and open sockets), `/health/ready`,
 * 426 on `/` (a browser that opened the URL), 404 elsewhere.
 */
export function relayHttpHandler(state: RelayHttpState): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (!refuseMisdirected(req, res, state.hosts())) return;
    const path = new URL(req.url ?? '/', 'http://relay.invalid').pathname;
    if (path === '/health' && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify({ status: 'ok', connections: state.connections() }));
      return;
    }
    if (path === '/health/ready') {
      const answered = state.ready(new Request(`http://relay.invalid${path}`, { method: req.method === 'HEAD' ? 'HEAD' : req.method === 'GET' ? 'GET' : 'POST' }));
      if (answered) {
        void answered.then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end(req.method === 'HEAD' ? undefined : await response.text());
        });
        return;
      }
    }
    res.writeHead(path === '/' ? 426 : 404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(path === '/' ? 'WalletConnect relay: connect with a WebSocket\n' : 'Not found\n');
  };
}

/** Open sockets counted per key (client id, address), for the per-client and per-address limits. */
export class Tally {
  private readonly counts = new Map<string, number>();
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  add(key: string, delta: 1 | -1): void {
    const next = this.get(key) + delta;
    if (next > 0) this.counts.set(key, next);
    else this.counts.delete(key);
  }
}
