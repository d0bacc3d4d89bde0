import { readFileSync } from 'node:fs';
import { appLinkKind } from '../../src/core/deep-links.js';

/** One wallet as this directory stores it: public facts, plus the mobile links split into native scheme and universal link. */
export interface WalletRecord {
  id: string;
  name: string;
  homepage?: string;
  image_id: string;
  /** Global rank (lower first). */
  order: number;
  /** CAIP-2 ids; absent means the wallet is not limited to listed chains. */
  chains?: string[];
  /** EIP-6963 reverse-DNS id of the injected provider. */
  rdns?: string;
  mobile?: { native?: string; universal?: string };
  desktop_link?: string;
  webapp_link?: string;
  app_store?: string;
  play_store?: string;
  chrome_store?: string;
  badge_type?: 'none' | 'certified';
  /** True only for the synthetic entries `extraGenerated` adds. */
  generated?: boolean;
}

/** The wallet record on the wire (docs/wire-formats.md#wallet-directory, `WcWallet`). */
export interface WcWallet {
  id: string;
  name: string;
  badge_type?: 'none' | 'certified';
  description?: string;
  chains?: string[];
  homepage?: string;
  image_id?: string;
  image_url?: string;
  order?: number;
  link_mode?: string | null;
  mobile_link?: string | null;
  desktop_link?: string | null;
  webapp_link?: string | null;
  app_store?: string | null;
  play_store?: string | null;
  chrome_store?: string | null;
  rdns?: string | null;
  injected?: { namespace?: string; injected_id?: string }[] | null;
  display_index?: number;
  supports_wc?: boolean;
  supports_wcpay?: boolean;
}

/** The shipped data set (server/directory/wallets.json): real wallets, none generated. */
export const DEFAULT_WALLETS: readonly WalletRecord[] = Object.freeze(
  JSON.parse(readFileSync(new URL('./wallets.json', import.meta.url), 'utf8')) as WalletRecord[],
);

/** `count` synthetic wallets ("Generated Wallet 001"…), ranked after `afterOrder`, for paging tests. */
export function generateWallets(count: number, afterOrder: number): WalletRecord[] {
  const width = Math.max(3, String(count).length);
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(width, '0');
    return {
      id: `generated-${n}`,
      name: `Generated Wallet ${n}`,
      homepage: `https://example.com/generated-${n}`,
      image_id: `generated-${n}-icon`,
      order: afterOrder + i + 1,
      chains: ['eip155:1'],
      generated: true,
    };
  });
}

/**
 * A mobile link is served only when the widget would follow it: an https universal link or a custom app
 * scheme that is not a system or browser one (the widget's own rule, `src/core/deep-links.ts`); anything
 * else (javascript:, data:, tel:, itms-services:, ms-settings:…) is dropped.
 */
export const isSafeMobileLink = (link: string): boolean => appLinkKind(link) !== undefined;

const safe = (link: string | undefined): string | null => (link && isSafeMobileLink(link) ? link : null);

export function toWcWallet(record: WalletRecord): WcWallet {
  const mobile_link = safe(record.mobile?.native) ?? safe(record.mobile?.universal);
  const desktop_link = record.desktop_link ?? null;
  const webapp_link = record.webapp_link ?? null;
  const wallet: WcWallet = {
    id: record.id,
    name: record.name,
    badge_type: record.badge_type ?? 'none',
    homepage: record.homepage,
    image_id: record.image_id,
    order: record.order,
    link_mode: null,
    mobile_link,
    desktop_link,
    webapp_link,
    app_store: record.app_store ?? null,
    play_store: record.play_store ?? null,
    chrome_store: record.chrome_store ?? null,
    rdns: record.rdns ?? null,
    injected: record.rdns ? [{ namespace: 'eip155', injected_id: record.rdns }] : null,
    supports_wc: Boolean(mobile_link || desktop_link || webapp_link),
    supports_wcpay: false,
  };
  if (record.chains) wallet.chains = [...record.chains];
  if (wallet.homepage === undefined) delete wallet.homepage;
  return wallet;
}

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function initialsOf(name: string): string {
  const words = name.split(/[\s-]+/).filter((word) => /[a-z0-9]/i.test(word) && !/^wallet$/i.test(word));
  const [first, second] = words;
  const picked = first && second ? first.charAt(0) + second.charAt(0) : (first ?? name).slice(0, 2);
  return picked.toUpperCase();
}

/** A 96×96 rounded square in a colour derived from the id, with the wallet's initials. */
export function walletSvg(record: Pick<WalletRecord, 'id' | 'name'>): string {
  let hash = 0;
  for (const ch of record.id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const initials = escapeXml(initialsOf(record.name));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(record.name)}">` +
    `<rect width="96" height="96" rx="22" fill="hsl(${hue} 62% 42%)"/>` +
    `<text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="36" font-weight="600" fill="#fff">${initials}</text>` +
    `</svg>`
  );
}
