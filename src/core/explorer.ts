import type { Caip2 } from './caip.js';
import { networkInfo } from './networks.js';

/** The page of transaction `hash` on the network's block explorer, with the explorer's host; undefined when it has none. */
export function explorerLink(chainId: Caip2, hash: string): { href: string; host: string } | undefined {
  const base = networkInfo(chainId).blockExplorerUrl;
  if (!base) return undefined;
  const url = new URL(`tx/${encodeURIComponent(hash)}`, base.endsWith('/') ? base : `${base}/`);
  return { href: url.href, host: url.hostname };
}
