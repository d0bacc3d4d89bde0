/**
 * Links that open a wallet app with a WalletConnect URI (docs/wire-formats.md#deep-links). The links come from
 * the wallet directory, a remote service: each is checked here before anything navigates to it. Only two
 * kinds are followed: an `https:` universal link, and a custom app scheme (`metamask://`) that is not one
 * of the system's or the browser's (`system-schemes.ts`: `javascript:`, `tel:`, `sms:`, `itms-services:`,
 * `ms-settings:`, `intent:`, `http:`…). Everything else is refused.
 */
import { isSystemScheme } from './system-schemes.js';

/**
 * Whitespace, control, zero-width and bidirectional-control characters anywhere in a link: browsers drop
 * some of them while parsing (`java\tscript:` runs as `javascript:`), so a link holding any is refused
 * rather than cleaned.
 */
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/;
const MAX_LINK_LENGTH = 2048;
/** `scheme:` or `scheme://…` (RFC 3986 scheme syntax). */
const NATIVE_LINK = /^([a-z][a-z0-9+.-]*):(\/\/.*)?$/i;

export type AppLinkKind = 'native' | 'universal';

/**
 * What kind of wallet link `link` is: `universal` for an `https://host/…` URL (no credentials in it),
 * `native` for a plain app scheme (`metamask://`, `okex://main`, `trust:`), undefined for anything else.
 */
export function appLinkKind(link: string): AppLinkKind | undefined {
  if (typeof link !== 'string' || link.length === 0 || link.length > MAX_LINK_LENGTH || UNSAFE_CHARACTERS.test(link)) return undefined;
  if (/^https:\/\//i.test(link)) return /^https:\/\/[^/\\]/i.test(link) && universalUrl(link) ? 'universal' : undefined;
  const scheme = NATIVE_LINK.exec(link)?.[1]?.toLowerCase();
  if (!scheme || scheme === 'https' || isSystemScheme(scheme)) return undefined;
  return 'native';
}

function universalUrl(link: string): URL | undefined {
  try {
    const url = new URL(link);
    // `https://wallet.example@evil.example` names one host and goes to another: refused.
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** `path` ending in `/wc`, once: `/` → `/wc`, `/ul` → `/ul/wc`, `/app/wc/` → `/app/wc`. */
const withWcPath = (path: string) => (/\/wc\/?$/.test(path) ? path.replace(/\/$/, '') : `${path.replace(/\/$/, '')}/wc`);

/**
 * The link that opens the wallet with `wcUri`, the way WalletConnect wallets expect it
 * (docs/wire-formats.md#deep-links):
 * - universal `https://link.example` → `https://link.example/wc?uri=<encoded>`; a query the link already
 *   has is kept, a fragment dropped;
 * - native `metamask://` → `metamask://wc?uri=<encoded>`, `okex://main` → `okex://main/wc?uri=<encoded>`,
 *   `trust:` → `trust://wc?uri=<encoded>`.
 * A link already ending in `/wc` does not get a second one. Undefined for a link `appLinkKind` refuses.
 */
export function buildWalletLink(link: string, wcUri: string): string | undefined {
  const kind = appLinkKind(link);
  if (!kind) return undefined;
  const uri = `uri=${encodeURIComponent(wcUri)}`;
  if (kind === 'universal') {
    const url = universalUrl(link)!;
    const query = url.search.length > 1 ? `${url.search}&` : '?';
    return `${url.origin}${withWcPath(url.pathname)}${query}${uri}`;
  }
  const [, scheme = '', rest = ''] = /^([^:]+):(?:\/\/)?(.*)$/.exec(link) ?? [];
  const [, target = '', search = ''] = /^([^?#]*)(\?[^#]*)?/.exec(rest) ?? [];
  // `metamask://` has no host or path: its `wc` goes straight after the slashes.
  const path = target === '' || target === 'wc' || target === 'wc/' ? 'wc' : withWcPath(target);
  const query = search.length > 1 ? `${search}&` : '?';
  return `${scheme}://${path}${query}${uri}`;
}

/** The links of a directory wallet record that can open its app (docs/wire-formats.md#wallet-directory). */
export interface WalletAppLinks {
  mobile_link?: string | null | undefined;
  link_mode?: string | null | undefined;
}

/**
 * The link that opens `wallet` on this phone with `wcUri`: its native `mobile_link` when that is an app
 * scheme, else its universal link (`mobile_link` when it is https, then `link_mode`). Undefined when the
 * record has no link that is safe to follow.
 */
export function walletLinkFor(wallet: WalletAppLinks, wcUri: string): string | undefined {
  const mobile = wallet.mobile_link ?? undefined;
  if (mobile && appLinkKind(mobile) === 'native') return buildWalletLink(mobile, wcUri);
  const universal = [mobile, wallet.link_mode ?? undefined].find((link) => link !== undefined && appLinkKind(link) === 'universal');
  return universal ? buildWalletLink(universal, wcUri) : undefined;
}
