import { createServer } from 'node:net';

/** A port we were asked to use is already bound by someone else. Callers map `port` to the setting that chose it. */
export class PortInUseError extends Error {
  readonly port: number;
  readonly host: string;
  readonly service: string;

  constructor(service: string, host: string, port: number) {
    super(`${service}: port ${port} on ${host} is already in use`);
    this.name = 'PortInUseError';
    this.service = service;
    this.host = host;
    this.port = port;
  }
}

/** Listen on `port` (0 = any) and return the bound port, leaving the socket closed again. */
function probe(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host, port, exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A port that was free a moment ago. There is an unavoidable race until the real server binds it,
 * which is why callers that spawn processes retry on "address in use".
 */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return probe(host, 0);
}

/**
 * Throws PortInUseError if `port` is taken. Used before spawning a process on a fixed port: without it,
 * a stray anvil already on that port would answer our readiness poll and we would mistake it for ours.
 */
export async function assertPortFree(service: string, host: string, port: number): Promise<void> {
  try {
    await probe(host, port);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError(service, host, port);
    throw err;
  }
}

export function isAddressInUse(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
}
