/**
 * Where a visitor who does not have a wallet yet can get it, for the platform they are on: the wallet
 * directory's store links (docs/wire-formats.md#wallet-directory, `app_store`, `play_store`, `chrome_store`), else
 * the wallet's homepage. The links come from a remote service: only `https:` links safe to follow are used.
 */
import { appLinkKind } from './deep-links.js';

/** The platforms whose store the directory names, and any other. */
export type InstallPlatform = 'ios' | 'android' | 'chromium' | 'other';

export interface WalletInstallLinks {
  homepage?: string | null | undefined;
  app_store?: string | null | undefined;
  play_store?: string | null | undefined;
  chrome_store?: string | null | undefined;
}

export interface InstallLink {
  /** Which store (the message names it), or `homepage`. */
  kind: 'app_store' | 'play_store' | 'chrome_store' | 'homepage';
  url: string;
}

/**
 * The platform from the user agent: iOS (an iPadOS Safari says Macintosh, so a touch Mac is an iPad),
 * Android, a desktop Chromium (Chrome, Edge, Brave, Opera: the Chrome Web Store's extensions), or other.
 */
export function installPlatform(userAgent: string, maxTouchPoints = 0): InstallPlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  if (/Chrome\/|Chromium\/|Edg\//.test(userAgent) && !/Mobile/i.test(userAgent)) return 'chromium';
  return 'other';
}

const STORE_FOR: Record<InstallPlatform, InstallLink['kind'] | undefined> = {
  ios: 'app_store',
  android: 'play_store',
  chromium: 'chrome_store',
  other: undefined,
};

const safe = (url: string | null | undefined): url is string => typeof url === 'string' && appLinkKind(url) === 'universal';

/** The store link for `platform`, else the homepage; undefined when the record has neither as a safe https link. */
export function installLinkFor(wallet: WalletInstallLinks, platform: InstallPlatform): InstallLink | undefined {
  const store = STORE_FOR[platform];
  const url = store ? wallet[store] : undefined;
  if (store && safe(url)) return { kind: store, url };
  return safe(wallet.homepage) ? { kind: 'homepage', url: wallet.homepage } : undefined;
}
