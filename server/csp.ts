export interface CspOptions {
  /** Every chain whose RPC the page may call directly from the browser. */
  rpcUrls: readonly string[];
  /** Further connect-src sources (later services: wallet API, relay, sign-in...). */
  extraConnectSrc?: readonly string[];
}

/**
 * The demo page's Content-Security-Policy. Strict on purpose (no 'unsafe-inline', no 'unsafe-eval'): the
 * widget promises to work under such a policy, so the demo and the e2e tests run under it and any inline
 * script or style in the bundle fails loudly. connect-src lists each RPC by origin, since RPC URLs may carry
 * paths that CSP source matching would otherwise treat as exact.
 */
export function buildCsp({ rpcUrls, extraConnectSrc = [] }: CspOptions): string {
  const connect = ["'self'"];
  for (const source of [...rpcUrls.map((url) => new URL(url).origin), ...extraConnectSrc]) {
    if (!connect.includes(source)) connect.push(source);
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
