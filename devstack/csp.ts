export interface CspOptions {
  /** Every chain whose RPC the page may call directly from the browser. */
  rpcUrls: readonly string[];
  /** Further connect-src sources (the wallet API, the WalletConnect relay's ws: URL, the wallet directory...). */
  extraConnectSrc?: readonly string[];
  /** Further img-src sources (the wallet directory's origin, which serves the wallet icons). */
  extraImgSrc?: readonly string[];
  /** Origins the page may frame (the email-login service); none: frame-src stays at default-src. */
  extraFrameSrc?: readonly string[];
}

/** `base` followed by each of `extra` not already in it. */
function sources(base: readonly string[], extra: readonly string[]): string {
  const list = [...base];
  for (const source of extra) if (!list.includes(source)) list.push(source);
  return list.join(' ');
}

/**
 * The demo page's Content-Security-Policy. Strict on purpose (no 'unsafe-inline', no 'unsafe-eval'): the
 * widget promises to work under such a policy, so the demo and the e2e tests run under it and any inline
 * script or style in the bundle fails loudly. connect-src lists each RPC by origin, since RPC URLs may carry
 * paths that CSP source matching would otherwise treat as exact.
 */
export function buildCsp({ rpcUrls, extraConnectSrc = [], extraImgSrc = [], extraFrameSrc = [] }: CspOptions): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${sources(["'self'", 'data:'], extraImgSrc)}`,
    `connect-src ${sources(["'self'"], [...rpcUrls.map((url) => new URL(url).origin), ...extraConnectSrc])}`,
    ...(extraFrameSrc.length ? [`frame-src ${extraFrameSrc.join(' ')}`] : []),
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
