/**
 * A load balancer for tests of several instances of one service: an HTTP reverse proxy on a free loopback port
 * that sends each request to the next instance in turn, or to the one an `x-test-instance: <index>` header names
 * (so a test can say "this request at A, the next at B"). It keeps the Host header, as a proxy in front of a site
 * does, and appends the client's address to X-Forwarded-For.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';

export interface Balancer {
  url: string;
  /** Where requests go; replace an entry to point at a restarted instance. */
  targets: string[];
  stop(): Promise<void>;
}

export async function startBalancer(targets: string[]): Promise<Balancer> {
  let next = 0;
  const server: Server = createServer((req, res) => {
    const pinned = req.headers['x-test-instance'];
    const index = typeof pinned === 'string' ? Number(pinned) : next++ % targets.length;
    const target = new URL(targets[index] as string);
    const headers = { ...req.headers };
    delete headers['x-test-instance'];
    const forwarded = [headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...headers, 'x-forwarded-for': forwarded } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (err) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`balancer: ${err.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    targets,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
