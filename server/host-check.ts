/**
 * The Host check of the dev services. A browser page on any site can make its own host name resolve to
 * 127.0.0.1 (DNS rebinding) and then read a local service's answers as same-origin; the Host header it sends
 * is still that page's name. So each service answers only the names it is reached by on purpose: its bound
 * address and port as 127.0.0.1, localhost or [::1], and the host of a configured public URL. Anything else
 * gets 421 Misdirected Request and a short text.
 */
import type { MiddlewareHandler } from 'hono';

/** The answer to a request for an unknown host name. */
export const MISDIRECTED_TEXT = 'Misdirected request: this service answers only its own host names';

/** `host[:port]` lower-cased; a bracketed IPv6 address keeps its brackets. */
const normalize = (host: string): string => host.trim().toLowerCase();

/**
 * Whether a request's Host header names one of `allowed` (each `host:port`, or a bare host for a public URL
 * on its scheme's default port). Compared exactly, case-insensitive; a missing or empty header is refused.
 */
export function isAllowedHost(hostHeader: string | undefined, allowed: readonly string[]): boolean {
  if (!hostHeader) return false;
  const host = normalize(hostHeader);
  if (!host || /[\s/@\\]/.test(host)) return false;
  return allowed.some((entry) => normalize(entry) === host);
}

/**
 * The host names a service on `port` answers: `127.0.0.1:<port>`, `localhost:<port>`, `[::1]:<port>`, and the
 * host (with port when not the default) of each given URL: the listening URL (its bound address) and a public
 * URL. Unparsable or absent URLs are skipped.
 */
export function localHosts(port: number, ...publicUrls: (string | undefined)[]): string[] {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  for (const url of publicUrls) {
    if (!url) continue;
    try {
      const parsed = new URL(url);
      if (parsed.host && !hosts.includes(parsed.host)) hosts.push(parsed.host);
    } catch {
      // Not a URL: nothing to add.
    }
  }
  return hosts;
}

/** For node:http servers: answers 421 (text) and returns false when the request's Host is not one of `allowed`. */
export function refuseMisdirected(req: { headers: { host?: string | undefined } }, res: { statusCode: number; setHeader(name: string, value: string): unknown; end(body: string): unknown }, allowed: readonly string[]): boolean {
  if (isAllowedHost(req.headers.host, allowed)) return true;
  res.statusCode = 421;
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end(MISDIRECTED_TEXT);
  return false;
}

/** Hono middleware: refuses (421, text) any request whose Host header is not one of `allowed()`. */
export function hostAllowlist(allowed: () => readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (!isAllowedHost(c.req.header('host'), allowed())) return c.text(MISDIRECTED_TEXT, 421);
    await next();
  };
}
