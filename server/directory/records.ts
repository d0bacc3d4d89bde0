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
  /** True only for the synthetic entries `extraGenerated` and `demoWallets` add. */
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

const DEMO_FIRST = ['Aurora', 'Beacon', 'Cobalt', 'Drift', 'Ember', 'Fable', 'Harbor', 'Ion', 'Juniper', 'Kite', 'Lumen', 'Meridian', 'Nova', 'Orbit', 'Pebble', 'Quill', 'Ridge', 'Summit', 'Tidal', 'Umbra', 'Vesper', 'Willow', 'Zephyr', 'Atlas', 'Birch', 'Cinder', 'Dune', 'Echo', 'Flint', 'Glacier'];
const DEMO_SECOND = ['Wallet', 'Pay', 'Vault', 'Keys', 'Pocket'];

/**
 * `count` demo wallets for the local stack's directory (`npm start`), ranked after `afterOrder`: made-up names
 * ("Aurora Wallet", "Beacon Pay"…), an example.com homepage and a geometric logo (logos.ts), so the demo's All
 * wallets grid has pages to scroll through, as a visitor's would. Not limited to chains, as the real ones.
 */
export function demoWallets(count: number, afterOrder: number): WalletRecord[] {
  const max = DEMO_FIRST.length * DEMO_SECOND.length;
  if (!Number.isInteger(count) || count < 0 || count > max) throw new RangeError(`demoWallets must be an integer from 0 to ${max}`);
  return Array.from({ length: count }, (_, i) => {
    // Walks the first words once per second word, so neighbours differ in both.
    const name = `${DEMO_FIRST[i % DEMO_FIRST.length]} ${DEMO_SECOND[Math.floor(i / DEMO_FIRST.length)]}`;
    const id = `demo-${name.toLowerCase().replace(/\s+/g, '-')}`;
    return { id, name, homepage: `https://example.com/wallets/${id}`, image_id: `${id}-icon`, order: afterOrder + i + 1, generated: true };
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
