import { atom } from 'nanostores';
import { walletLinkFor } from '../core/deep-links.js';
import { type InstallLink, installLinkFor, installPlatform } from '../core/install-links.js';
import { $onMobile } from './device.js';
import { findDirectoryWallet } from './directory.js';
import type { ChosenWallet } from './route.js';

/**
 * The link that opens the chosen directory wallet's app with the pairing `uri`, on a phone. Undefined on a
 * desktop, for the plain QR code (no wallet chosen), and for a record without a link safe to follow.
 */
export function chosenWalletLink(wallet: ChosenWallet | undefined, uri: string): string | undefined {
  if (!wallet || !$onMobile.get()) return undefined;
  const record = findDirectoryWallet(wallet.id);
  return record ? walletLinkFor(record, uri) : undefined;
}

/** The platform whose store install links point to (read once; tests set it). */
export const $installPlatform = atom(installPlatform(globalThis.navigator?.userAgent ?? '', globalThis.navigator?.maxTouchPoints ?? 0));

/** Where the visitor can get the chosen directory wallet on this platform (its store, else its homepage). */
export function chosenWalletInstallLink(wallet: ChosenWallet | undefined): InstallLink | undefined {
  const record = wallet ? findDirectoryWallet(wallet.id) : undefined;
  return record ? installLinkFor(record, $installPlatform.get()) : undefined;
}
