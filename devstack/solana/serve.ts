// The local Solana chain: a litesvm ledger behind a JSON-RPC (HTTP) and PubSub (WebSocket) facade. Like
// solana-test-validator, HTTP and WebSocket answer on `port` and the WebSocket also on `port + 1`, the URL
// @solana/web3.js derives from the RPC URL when no `wsEndpoint` is given. CORS is open (127.0.0.1 only).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { isAllowedHost, localHosts, MISDIRECTED_TEXT, refuseMisdirected } from '../../server/host-check.js';
import { findFreePort, isAddressInUse, PortInUseError } from '../../server/ports.js';
import { LOCAL_SOLANA_CHAIN_ID } from '../../server/solana/constants.js';
import { Ledger } from './ledger.js';
import { createMethods } from './methods.js';
import { PubSub } from './pubsub.js';
import { createHandler, toJson, type JsonRpcHandler, type JsonRpcRequest } from './rpc.js';

export interface SolanaChainOptions {
  host?: string;
  /** 0 (default) picks a free pair of ports (port and port + 1). */
  port?: number;
}

export interface SolanaChain {
  /** CAIP-2 id, `LOCAL_SOLANA_CHAIN_ID`. */
  chainId: string;
  /** e.g. http://127.0.0.1:8899 */
  rpcUrl: string;
  /** e.g. ws://127.0.0.1:8900 (rpc port + 1, what web3.js derives) */
  wsUrl: string;
  ledger: Ledger;
  /** Closes both sockets and every WebSocket; idempotent. */
  stop(): Promise<void>;
}

/** Largest request body: a transaction is at most 1232 bytes; batches of them fit with room to spare. */
const MAX_BODY = 1024 * 1024;

function httpHandler(handle: JsonRpcHandler) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS');
    if (req.method === 'OPTIONS') return void res.end();
    if (req.method === 'GET') {
      res.setHeader('content-type', 'text/plain');
      return void res.end(req.url === '/health' ? 'ok' : 'Used HTTP Method is not allowed. POST or OPTIONS is required');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) return void chunks.push(c);
      if (tooLarge) return;
      tooLarge = true;
      chunks.length = 0;
      res.statusCode = 413;
      res.setHeader('content-type', 'application/json');
      res.setHeader('connection', 'close');
      res.end(toJson({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request too large' } }), () => req.destroy());
    });
    req.on('end', () => {
      if (tooLarge) return;
      void (async () => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          parsed = undefined;
        }
        const out =
          parsed === undefined || parsed === null || typeof parsed !== 'object'
            ? { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
            : Array.isArray(parsed)
              ? await Promise.all(parsed.map((r) => handle(r as JsonRpcRequest)))
              : await handle(parsed as JsonRpcRequest);
        res.setHeader('content-type', 'application/json');
        res.end(toJson(out));
      })();
    });
  };
}

function bind(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

const close = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** Closes a WebSocket with code 1000; a peer that does not answer within 500 ms is cut off. */
const closeSocket = (ws: WebSocket): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => ws.terminate(), 500);
    ws.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    ws.close(1000, 'chain stopped');
  });

/** Starts the ledger and its RPC on `host` (127.0.0.1 by default). */
export async function startSolanaChain({ host = '127.0.0.1', port = 0 }: SolanaChainOptions = {}): Promise<SolanaChain> {
  const ledger = new Ledger();
  const handle = createHandler(createMethods(ledger));
  const pubsub = new PubSub(ledger, handle);
  // Both ports' names, on both servers (each answers HTTP and WebSocket); set once bound.
  let hosts: string[] = [];
  const make = (): { server: Server; wss: WebSocketServer } => {
    const rpc = httpHandler(handle);
    const server = createServer((req, res) => {
      if (refuseMisdirected(req, res, hosts)) rpc(req, res);
    });
    const wss = new WebSocketServer({ server, verifyClient: (info, done) => (isAllowedHost(info.req.headers.host, hosts) ? done(true) : done(false, 421, MISDIRECTED_TEXT)) });
    wss.on('connection', (ws) => pubsub.connection(ws));
    // ws re-emits the HTTP server's errors (e.g. EADDRINUSE while binding); bind() reports those.
    wss.on('error', () => undefined);
    return { server, wss };
  };

  for (let attempt = 0; ; attempt++) {
    const rpcPort = port || (await findFreePort(host));
    const a = make();
    const b = make();
    let binding = rpcPort;
    try {
      await bind(a.server, host, rpcPort);
      binding = rpcPort + 1;
      await bind(b.server, host, rpcPort + 1);
    } catch (err) {
      await Promise.all([close(a.server), close(b.server)]);
      if (!isAddressInUse(err)) throw err;
      if (port) throw new PortInUseError('solana', host, binding);
      if (attempt >= 20) throw err;
      continue;
    }
    const urlHost = host.includes(':') ? `[${host}]` : host;
    hosts = [...localHosts(rpcPort, `http://${urlHost}:${rpcPort}`), ...localHosts(rpcPort + 1, `http://${urlHost}:${rpcPort + 1}`)];
    let stopping: Promise<void> | undefined;
    return {
      chainId: LOCAL_SOLANA_CHAIN_ID,
      rpcUrl: `http://${urlHost}:${rpcPort}`,
      wsUrl: `ws://${urlHost}:${rpcPort + 1}`,
      ledger,
      stop: () =>
        (stopping ??= (async () => {
          pubsub.close();
          // Code 1000 (normal closure): web3.js's socket does not try to reconnect to a chain that is gone.
          await Promise.all([a.wss, b.wss].flatMap((wss) => [...wss.clients].map((ws) => closeSocket(ws))));
          await Promise.all([close(a.server), close(b.server)]);
        })()),
    };
  }
}
