import type { Context } from 'hono';

/**
 * The address per-IP limits count: the socket's, or behind `trustedProxies` proxies the one the outermost proxy
 * saw (each proxy appends the address it was reached from, so it is that many entries from the right; what a
 * client wrote further left is its own claim and ignored). Too few entries: the socket's address. `env` is what
 * @hono/node-server passes beside the request (it holds the socket).
 */
export function clientIp(request: Request, env: unknown, trustedProxies = 0): string {
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const socket = incoming?.socket?.remoteAddress ?? 'unknown';
  if (trustedProxies <= 0) return socket;
  const hops = (request.headers.get('x-forwarded-for') ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  return hops.length >= trustedProxies ? hops[hops.length - trustedProxies]! : socket;
}

/** `clientIp` of a hono handler's request. */
export const clientIpOf = (c: Context, trustedProxies = 0): string => clientIp(c.req.raw, c.env, trustedProxies);
